/* The start page: the start-player list follows the names as they are typed, only the chosen game's options
 * and as many name fields as it seats are shown (without script every field shows), and the recent tables'
 * times are shown in the device's own time zone. Loaded by templates/home.html only.
 */
(function () {
  "use strict";

  var doc = document;
  var LANG = doc.documentElement.lang || "en";
  function $(sel, root) { return (root || doc).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || doc).querySelectorAll(sel)); }

  /* home page: the start-player list follows the names as they are typed */
  function startOptions() {
    $$("[data-seat-option]").forEach(function (opt) {
      var i = opt.getAttribute("data-seat-option");
      var input = doc.getElementById("name" + i);
      var name = input ? input.value.trim() : "";
      opt.textContent = name ? opt.getAttribute("data-default") + " · " + name : opt.getAttribute("data-default");
    });
  }

  /* home page: only the chosen game's options, and as many name fields as it seats (without script, all show) */
  function chooseGame() {
    var chosen = $("input[name=game]:checked");
    if (!chosen) { return; }
    var max = parseInt(chosen.getAttribute("data-max"), 10) || 99;
    $$("[data-game-options]").forEach(function (f) { f.hidden = f.getAttribute("data-game-options") !== chosen.value; });
    $$("[data-seat-row]").forEach(function (li) {
      var i = parseInt(li.getAttribute("data-seat-row"), 10);
      li.hidden = i >= max;
      var input = $("input", li);
      if (input) { input.disabled = i >= max; }
    });
    $$("[data-seat-option]").forEach(function (o) { o.hidden = o.disabled = parseInt(o.getAttribute("data-seat-option"), 10) >= max; });
    var help = $("[data-players-help]");
    if (help) { help.textContent = chosen.getAttribute("data-help"); }
  }

  function localTimes() {
    $$("time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) { return; }
      try {
        t.textContent = d.toLocaleString(LANG === "ja" ? "ja-JP" : LANG === "en" ? undefined : LANG, { dateStyle: "medium", timeStyle: "short" });
      } catch (err) { /* keep the server's text */ }
    });
  }

  function init() {
    $$("[data-seat-name]").forEach(function (i) { i.addEventListener("input", startOptions); });
    startOptions();
    $$("input[name=game]").forEach(function (r) { r.addEventListener("change", chooseGame); });
    chooseGame();
    localTimes();
  }

  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
