/* The picker's citations, made quick (issue 12): the citable papers sit above the card grid; once cards are
 * picked, only the papers that make a meld with them are shown (asked of POST /melds, one question per
 * citable paper, a moment after the last tap; "Show all" brings the rest back), and "From my hand" fills the
 * picker with the best publication the "my hand" assistant found, in one tap.
 * Works on window.LaminateCompanion.picker / .assistant (laminate-picker.js, laminate-assistant.js).
 */
(function () {
  "use strict";

  var C = window.Companion;
  var L = window.LaminateCompanion;
  if (!C || !L || !L.picker || !L.assistant) { return; }
  var Picker = L.picker;
  var Assistant = L.assistant;
  var $ = C.$, $$ = C.$$;
  var timer = null;
  var seq = 0;
  var showAll = false;
  var lastSig = null;

  function list() { return $("[data-cite-list]"); }

  function clearMarks() {
    var ul = list();
    if (!ul) { return; }
    ul.classList.remove("filtered");
    $$("li", ul).forEach(function (li) { li.classList.remove("fits", "nofit"); });
    var note = $("[data-cite-note]");
    if (note) { note.hidden = true; }
  }

  function filter() {
    var ul = list();
    var s = Picker.state;
    if (!ul || !s) { return; }
    var sig = JSON.stringify([s.cards.slice().sort(), s.cite.slice().sort(), C.tableEl().getAttribute("data-version")]);
    if (sig === lastSig) { return; }
    lastSig = sig;
    if (!s.cards.length) { showAll = false; }  // a fresh pick filters again
    if (!s.cards.length || showAll) { clearMarks(); return; }
    var my = ++seq;
    var api = C.tableEl().getAttribute("data-api") + "/melds";
    var items = $$("li", ul);
    var asks = items.map(function (li) {
      var input = $("input[name=cite]", li);
      if (!input) { return Promise.resolve(null); }
      if (input.checked) { return Promise.resolve(true); }  // cited already: always shown
      var cite = s.cite.concat([input.value]).map(Number);
      if (near(input.getAttribute("data-card"), s.cards)) { return Promise.resolve(true); }
      return C.postJSON(api, { cards: s.cards, cite: cite }).then(function (res) {
        return res.status === 200 && (res.body.matches || []).some(function (m) { return m.legal; });
      }, function () { return true; });  // no answer: keep it in view
    });
    Promise.all(asks).then(function (fits) {
      if (my !== seq) { return; }
      items.forEach(function (li, i) {
        li.classList.toggle("fits", fits[i] === true);
        li.classList.toggle("nofit", fits[i] === false);
      });
      ul.classList.add("filtered");
      var note = $("[data-cite-note]");
      if (note) { note.hidden = false; }
    });
  }

  /* A card that can still join the picked ones in a meld of several citations: the same rank (kinds,
   * pairs), the same suit (flushes) or a rank close enough for a straight. Others are asked of /melds. */
  function near(card, picked) {
    var m = /^(.+)-(\d+)$/.exec(card || "");
    if (!m) { return true; }
    var ranks = picked.map(function (p) { return p.replace(/^.*-/, ""); });
    var oneRank = ranks.length > 1 && ranks.every(function (r) { return r === ranks[0]; });
    if (oneRank) { return m[2] === ranks[0]; }  // a kind in the making: only that rank joins it
    return picked.some(function (p) {
      var q = /^(.+)-(\d+)$/.exec(p);
      if (!q) { return false; }
      var gap = Math.abs(parseInt(q[2], 10) - parseInt(m[2], 10));
      return q[1] === m[1] || gap <= Math.max(4, picked.length + 2);
    });
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(filter, 250);
  }

  // every change of the selection goes through the picker's scheduleCheck: follow it
  var original = Picker.scheduleCheck;
  Picker.scheduleCheck = function () {
    var out = original.apply(Picker, arguments);
    if (Picker.state && !Picker.state.cards.length) { showAll = false; }  // a fresh pick filters again
    schedule();
    return out;
  };

  function best() {
    if (C.tableEl().getAttribute("data-my-turn") !== "1") { return -1; }  // the assistant knows only my hand
    var options = Assistant.options || [];
    var pick = -1;
    options.forEach(function (o, i) { if (pick < 0 || o.points > options[pick].points) { pick = i; } });
    return pick;
  }

  function paintFill() {
    var btn = $("[data-fill-from-hand]");
    if (btn) { btn.hidden = best() < 0; }
  }

  C.onTable(function () { lastSig = null; paintFill(); schedule(); });
  document.addEventListener("change", function () { window.setTimeout(paintFill, 0); });

  C.onClick(function (e, target) {
    if (target.closest("[data-cite-all]")) { showAll = true; lastSig = null; clearMarks(); return true; }
    if (target.closest("[data-fill-from-hand]")) {
      var i = best();
      if (i >= 0) { Assistant.use(i); }
      return true;
    }
    if (target.closest("[data-open-picker]")) { showAll = false; lastSig = null; paintFill(); }
    return false;
  });
})();
