/* The table's news, for every game, without ever blocking a phone: the events that matter (a pair, a bust, a
 * doubt's result, an initial meld, the last card, the end of the game…) come as a strip at the top of the screen
 * that nobody has to dismiss. Taps go through it to whatever lies under it, it leaves on its own after a few
 * seconds (or at a tap on it), and the events stay in the table's history. The sound switch beeps them, screen
 * readers hear them, and a phone that turned speech on (off by default, per device) hears them said in the
 * page's language. Table-centre mode (a tablet in the middle of the table) is switched here too.
 *
 * A game's live region lists its announcements as <div class="ann-data" hidden><span data-key data-kind>text…
 * (each key is news once per device); it may hold [data-speak-turn="key"] (whose turn it is, said when speech is
 * on) and its own [data-news] strip, used instead of the frame's #news (Laminate's sits under its countdown).
 *
 * A factory like CompanionSound: window.CompanionNews({$, $$, store, tx, lang, tableEl, Sound}) ->
 * {check(first), show(texts, kind), hide(), paint(), centre()}.
 */
(function () {
  "use strict";

  var NEWS_MS = 9000;  // a strip stays this long, plus a little per extra line
  var KEPT_LINES = 3;

  window.CompanionNews = function (h) {
    var $ = h.$, $$ = h.$$, store = h.store, doc = document;
    var timer = null;
    var wasMine = null;
    var speech = null;

    function tableKey() { var t = h.tableEl(); return t ? t.getAttribute("data-key") : null; }
    function seenKey() { var k = tableKey(); return k ? "lr-seen:" + k : null; }

    function ensureSpeech() {
      var k = tableKey();
      if (!speech && k && window.CompanionSpeech) {
        speech = window.CompanionSpeech({ store: store, soundOn: h.Sound.on, lang: h.lang, table: k });
      }
      return speech;
    }

    function box() {
      var t = h.tableEl();
      return (t && $("[data-news]", t)) || $("#news");
    }

    function hide() {
      var b = box();
      if (b) { b.hidden = true; }
      var frame = $("#news");
      if (frame) { frame.hidden = true; }
    }

    function show(texts, kind) {
      var b = box();
      var live = $("#live-region");
      var text = texts.join("\n");
      if (b) {
        // News that comes while the strip still shows earlier news joins it (the last lines): a phone that
        // catches up on several moves at once, or two events in quick succession, loses none of them.
        var shown = b.hidden ? [] : b.textContent.split("\n").filter(Boolean);
        var lines = shown.concat(texts).slice(-KEPT_LINES);
        b.textContent = lines.join("\n");
        b.hidden = false;
        b.classList.remove("fresh");
        void b.offsetWidth;  // restart the highlight
        b.classList.add("fresh");
        window.clearTimeout(timer);
        timer = window.setTimeout(hide, NEWS_MS + 1500 * (lines.length - 1));
        text = b.textContent;  // what the strip shows now: news that came together is heard together
      }
      if (live) {
        live.textContent = "";
        window.setTimeout(function () { live.textContent = text; }, 60);
      }
      if (kind) { h.Sound.play(kind); }
    }

    function readSeen() {
      var list = null;
      try { list = JSON.parse(store.get(seenKey()) || "null"); } catch (e) { list = null; }
      return Array.isArray(list) ? list : null;
    }

    function check(first) {
      var t = h.tableEl();
      if (!t) { return; }
      var sp = ensureSpeech();
      var items = $$(".ann-data [data-key]", t);
      var keys = items.map(function (i) { return i.getAttribute("data-key"); });
      var turn = $("[data-speak-turn]", t);
      var mine = t.getAttribute("data-my-turn") === "1";
      var seen = readSeen();
      if (seen === null) {
        // First visit of this device: what already happened is not news, and is not said.
        store.set(seenKey(), JSON.stringify(keys));
        if (sp) { sp.mark(keys.map(function (k) { return "ann:" + k; }).concat(turn ? [turn.getAttribute("data-speak-turn")] : [])); }
        wasMine = mine;
        return;
      }
      var fresh = items.filter(function (i) { return seen.indexOf(i.getAttribute("data-key")) < 0; });
      if (fresh.length) {
        store.set(seenKey(), JSON.stringify(seen.concat(fresh.map(function (i) { return i.getAttribute("data-key"); })).slice(-80)));
        show(fresh.map(function (i) { return i.textContent; }), fresh[fresh.length - 1].getAttribute("data-kind"));
        if (sp) { fresh.forEach(function (i) { sp.say("ann:" + i.getAttribute("data-key"), i.textContent); }); }
        var over = fresh.some(function (i) { return i.getAttribute("data-kind") === "over"; });
        var end = $(".endscreen", t);
        if (over && end && !first) {  // the game just ended: bring the result into view, wherever the phone was
          var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          end.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
        }
      } else if (!first && mine && wasMine === false) {
        h.Sound.play("turn");
      }
      wasMine = mine;
      if (turn && sp && !first) { sp.say(turn.getAttribute("data-speak-turn"), turn.textContent); }
      else if (turn && sp) { sp.mark([turn.getAttribute("data-speak-turn")]); }
    }

    /* The speech switch in the header: shown only where the browser can speak; off until this device turns it on. */
    function paint() {
      var sp = ensureSpeech();
      $$("[data-speak-toggle]").forEach(function (btn) {
        if (!sp || !sp.supported()) { btn.hidden = true; return; }
        btn.hidden = false;
        var on = sp.wanted();
        btn.setAttribute("aria-pressed", on ? "true" : "false");
        btn.classList.toggle("muted-by-sound", on && !h.Sound.on());
        var label = $(".speak-label", btn);
        if (label) { label.textContent = on ? h.tx("speak_on") : h.tx("speak_off"); }
      });
    }

    /* Table-centre mode: ?centre=1 turns it on for this device and table (kept, so live updates keep it),
       ?centre=0 turns it off. */
    function centre() {
      var k = tableKey();
      if (!k) { return; }
      var key = "centre:" + k;
      var asked = /[?&]centre=([01])/.exec(window.location.search);
      if (asked) { store.set(key, asked[1]); }
      doc.body.classList.toggle("centre", store.get(key) === "1");
    }

    doc.addEventListener("click", function (e) {
      var target = e.target;
      if (!(target instanceof Element)) { return; }
      if (target.closest("[data-speak-toggle]")) {
        var sp = ensureSpeech();
        if (sp) { sp.set(!sp.wanted()); paint(); }
        return;
      }
      if (target.closest("#sound-toggle")) { window.setTimeout(paint, 0); return; }  // it governs speech too
      if (target.closest("#news, [data-news]")) { hide(); }
    });

    return { check: check, show: show, hide: hide, paint: paint, centre: centre };
  };
})();
