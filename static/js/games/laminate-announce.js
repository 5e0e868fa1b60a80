/* Laminate's announcements, without blocking anyone: the end condition, the End Flag, a player's last turn and
 * the end of the game appear in a strip under the sticky countdown banner (nobody has to dismiss anything, the
 * active player can act at once), screen readers hear them, the sound switch beeps them, and a device that
 * turned speech on also says them aloud — with the countdown and whose turn it is — in the page's language
 * (window.CompanionSpeech in static/js/sound.js). Each event is shown and said once per device.
 * Reads .lam-ann [data-key] and [data-speak-turn] inside #table (templates/laminate/_table.html).
 */
(function () {
  "use strict";

  var C = window.Companion;
  if (!C || !window.CompanionSpeech) { return; }
  var doc = document;
  var speech = null;
  var newsTimer = null;

  function table() { return C.tableEl(); }
  function seenKey() { var t = table(); return t ? "lam-seen:" + t.getAttribute("data-key") : null; }
  function readSeen() {
    var list = null;
    try { list = JSON.parse(C.store.get(seenKey()) || "null"); } catch (e) { list = null; }
    return Array.isArray(list) ? list : null;
  }

  function ensureSpeech() {
    var t = table();
    if (!speech && t) {
      speech = window.CompanionSpeech({ store: C.store, soundOn: C.Sound.on, lang: C.lang, table: t.getAttribute("data-key") });
    }
    return speech;
  }

  function news(texts) {
    var box = C.$("#lam-news");
    if (!box) { return; }
    // News that comes while the strip still shows earlier news joins it (the last three lines): a phone that
    // catches up on several moves at once, or two events in quick succession, loses none of them.
    var shown = box.hidden ? [] : box.textContent.split("\n").filter(Boolean);
    box.textContent = shown.concat(texts).slice(-3).join("\n");
    box.hidden = false;
    box.classList.remove("fresh");
    void box.offsetWidth;  // restart the highlight
    box.classList.add("fresh");
    window.clearTimeout(newsTimer);
    newsTimer = window.setTimeout(function () { box.hidden = true; }, 15000);
    var live = C.$("#live-region");
    if (live) {
      live.textContent = "";
      var said = box.textContent;  // what the strip shows now: news that came together is heard together
      window.setTimeout(function () { live.textContent = said; }, 60);
    }
  }

  function check() {
    var t = table();
    var sp = ensureSpeech();
    if (!t || !sp) { return; }
    var items = C.$$(".lam-ann [data-key]", t);
    var turn = C.$("[data-speak-turn]", t);
    var keys = items.map(function (i) { return i.getAttribute("data-key"); });
    var seen = readSeen();
    if (seen === null) {
      // First visit of this device: what already happened is not news, and is not said.
      C.store.set(seenKey(), JSON.stringify(keys));
      sp.mark(keys.concat(turn ? [turn.getAttribute("data-speak-turn")] : []));
      return;
    }
    var fresh = items.filter(function (i) { return seen.indexOf(i.getAttribute("data-key")) < 0; });
    if (fresh.length) {
      C.store.set(seenKey(), JSON.stringify(seen.concat(fresh.map(function (i) { return i.getAttribute("data-key"); })).slice(-80)));
      news(fresh.map(function (i) { return i.textContent; }));
      C.Sound.play(fresh[fresh.length - 1].getAttribute("data-kind"));
      fresh.forEach(function (i) { sp.say("ann:" + i.getAttribute("data-key"), i.textContent); });
      var over = fresh.some(function (i) { return i.getAttribute("data-kind") === "over"; });
      var end = C.$(".endscreen", t);
      if (over && end) {  // the game just ended: bring the winner into view, wherever the phone was scrolled
        var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        end.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
      }
    }
    if (turn) { sp.say(turn.getAttribute("data-speak-turn"), turn.textContent); }
  }

  function paintToggle() {
    var btn = C.$("[data-speak-toggle]");
    var sp = ensureSpeech();
    if (!btn || !sp) { return; }
    if (!sp.supported()) { btn.hidden = true; return; }
    btn.hidden = false;
    var on = sp.wanted();
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    btn.classList.toggle("muted-by-sound", on && !C.Sound.on());
    var label = C.$(".speak-label", btn);
    if (label) { label.textContent = on ? C.tx("speak_on") : C.tx("speak_off"); }
  }

  /* Table-centre mode: ?centre=1 turns it on for this device (kept, so live updates keep it), ?centre=0 off. */
  function centre() {
    var t = table();
    if (!t) { return; }
    var key = "lam-centre:" + t.getAttribute("data-key");
    var asked = /[?&]centre=([01])/.exec(window.location.search);
    if (asked) { C.store.set(key, asked[1]); }
    doc.body.classList.toggle("lam-centre", C.store.get(key) === "1");
  }

  C.onTable(function () {
    centre();
    paintToggle();
    check();
  });

  C.onClick(function (e, target) {
    if (target.closest("[data-speak-toggle]")) {
      var sp = ensureSpeech();
      if (sp) { sp.set(!sp.wanted()); paintToggle(); }
      return true;
    }
    var box = target.closest("#lam-news");
    if (box) { box.hidden = true; return true; }
    return false;
  });

  // The frame's sound switch also governs speech: repaint when it changes.
  doc.addEventListener("click", function (e) {
    if (e.target instanceof Element && e.target.closest("#sound-toggle")) { window.setTimeout(paintToggle, 0); }
  });
})();
