/* Rummikub's table page: shared helpers (window.RK), the tile pickers, the turn timer, the rack entry at a
   round's end and the private "My rack" assistant. The draft editor is in rummikub-editor.js.
   No inline anything (strict CSP): everything is found through ids and data attributes. */
(function () {
  "use strict";
  // The frame's helpers (static/js/app.js, loaded first): texts, requests, ids, the guarded refresh.
  var C = window.Companion;
  var doc = document;
  var LANG = C.lang;
  var COLOURS = ["b", "r", "y", "k"];
  var $ = C.$, $$ = C.$$, tx = C.tx, tn = C.tn, postJSON = C.postJSON, errorText = C.errorText, randomId = C.randomId;
  // Rummikub keeps JSON values (racks, drafts) in localStorage, hence its own small wrapper.
  var store = {
    get: function (k) { try { return JSON.parse(window.localStorage.getItem(k) || "null"); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } },
    del: function (k) { try { window.localStorage.removeItem(k); } catch (e) { /* private mode */ } },
  };
  function table() { return $("#table.rk"); }
  function refresh() { return C.Live.refresh(false); }

  /* --- tiles ------------------------------------------------------------------------------------------- */
  function isJoker(t) { return t === "J"; }
  function num(t) { return parseInt(t.slice(1), 10); }
  function label(t) {
    if (isJoker(t)) { return tx("joker"); }
    if (t.charAt(0) === "*") { return t.slice(1); }
    return tx("tile_label", { colour: tx("colour_" + t.charAt(0)), n: t.slice(1) });
  }
  function sortKey(t) { return isJoker(t) ? 999 : COLOURS.indexOf(t.charAt(0)) * 20 + num(t); }
  function sorted(list) { return list.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }
  var SVG = "http://www.w3.org/2000/svg";
  function jokerFace() {
    var s = doc.createElementNS(SVG, "svg");
    s.setAttribute("viewBox", "0 0 24 24"); s.setAttribute("class", "jface"); s.setAttribute("aria-hidden", "true");
    [["circle", { cx: 12, cy: 12, r: 9.5, "class": "jf-head" }], ["circle", { cx: 8.6, cy: 9.6, r: 1.5, "class": "jf-eye" }],
      ["circle", { cx: 15.4, cy: 9.6, r: 1.5, "class": "jf-eye" }],
      ["path", { d: "M7.2 13.6c1.2 2.4 3 3.4 4.8 3.4s3.6-1 4.8-3.4", "class": "jf-smile" }]].forEach(function (p) {
      var e = doc.createElementNS(SVG, p[0]);
      Object.keys(p[1]).forEach(function (k) { e.setAttribute(k, p[1][k]); });
      s.appendChild(e);
    });
    return s;
  }
  /* A tile element: a <button> when opts.button, else a labelled <span role="img">. */
  function tileEl(t, opts) {
    opts = opts || {};
    var e = doc.createElement(opts.button ? "button" : "span");
    if (opts.button) { e.type = "button"; } else { e.setAttribute("role", "img"); }
    e.className = "rk-tile c-" + (isJoker(t) ? "j" : t.charAt(0)) + (opts.cls ? " " + opts.cls : "");
    var spoken = label(t);
    if (isJoker(t)) {
      e.appendChild(jokerFace());
      if (opts.stand) {
        var st = doc.createElement("span");
        var any = opts.stand.charAt(0) === "*";
        st.className = "stand c-" + (any ? "any" : opts.stand.charAt(0));
        st.textContent = opts.stand.slice(1);
        st.setAttribute("aria-hidden", "true");
        e.appendChild(st);
        spoken += " (" + tx("ed_stand", { tile: label(opts.stand) }) + ")";
      }
    } else {
      var n = doc.createElement("span");
      n.className = "num"; n.textContent = t.slice(1); n.setAttribute("aria-hidden", "true");
      e.appendChild(n);
    }
    if (opts.extra) { spoken += ", " + opts.extra; }
    e.setAttribute("aria-label", spoken);
    e.title = spoken;
    if (opts.data) { Object.keys(opts.data).forEach(function (k) { e.setAttribute("data-" + k, opts.data[k]); }); }
    return e;
  }
  function counts(list) {
    var c = {};
    list.forEach(function (t) { c[t] = (c[t] || 0) + 1; });
    return c;
  }
  function tableSets() {
    var t = table();
    try { return JSON.parse(t.getAttribute("data-sets") || "[]"); } catch (e) { return []; }
  }
  function tableTiles() {
    var out = [];
    tableSets().forEach(function (s) { out = out.concat(s.tiles); });
    return out;
  }

  /* --- pickers: colour tabs on a phone; counts left per tile --------------------------------------------------- */
  /* The copies left show on the tile ("×2") and, so that what is seen is what can be said (voice control,
     WCAG 2.5.3), in its name: "blue 1 ×2". */
  function paintPicker(picker, left) {
    $$("[data-tile]", picker).forEach(function (b) {
      var n = left(b.getAttribute("data-tile"));
      var shown = n > 0 ? "×" + n : "";
      b.disabled = n <= 0;
      var badge = $(".pk-n", b);
      if (badge) { badge.textContent = shown; }
      var name = b.getAttribute("data-label") || b.getAttribute("aria-label");
      b.setAttribute("aria-label", shown && badge ? name + " " + shown : name);
    });
  }
  /* Show one colour's row of a picker (a phone shows one at a time). */
  function showColour(picker, colour) {
    var tabs = picker ? $$("[data-pk-tab]", picker) : [];
    if (!tabs.some(function (b) { return b.getAttribute("data-pk-tab") === colour; })) { return; }
    picker.setAttribute("data-colour", colour);
    tabs.forEach(function (b) { b.setAttribute("aria-selected", b.getAttribute("data-pk-tab") === colour ? "true" : "false"); });
  }
  doc.addEventListener("click", function (e) {
    var tab = e.target.closest && e.target.closest("[data-pk-tab]");
    if (!tab) { return; }
    showColour(tab.closest(".rk-picker"), tab.getAttribute("data-pk-tab"));
  });

  /* --- sound and vibration: the frame's, under its switch ------------------------------------------------- */
  function beep(kind) { C.Sound.play(kind); }

  /* --- the turn timer (RK9, advisory): counts down locally from the server's remaining seconds ----------------- */
  var Timer = {
    key: null, deadline: 0, warned: false, upSaid: false, iv: null,
    sync: function () {
      var el = $("#rk-timer");
      if (!el) { Timer.key = null; return; }
      var rem = parseInt(el.getAttribute("data-remaining"), 10) || 0;
      var key = el.getAttribute("data-key");
      var local = Math.max(0, (Timer.deadline - Date.now()) / 1000);
      if (key !== Timer.key || Math.abs(local - rem) > 2) {
        if (key !== Timer.key) { Timer.warned = rem <= 10; Timer.upSaid = rem <= 0; }
        Timer.key = key;
        Timer.deadline = Date.now() + rem * 1000;
      }
      if (!Timer.iv) { Timer.iv = window.setInterval(Timer.tick, 250); }
      Timer.tick();
    },
    tick: function () {
      var el = $("#rk-timer");
      if (!el) { return; }
      var total = parseInt(el.getAttribute("data-seconds"), 10) || 60;
      var rem = Math.max(0, Math.ceil((Timer.deadline - Date.now()) / 1000));
      var s = $(".timer-s", el);
      if (s && s.textContent !== String(rem)) {
        s.textContent = String(rem);
        var sr = $(".timer-text", el);
        if (sr && (rem % 10 === 0)) { sr.textContent = tx("timer_left", { s: rem }); }
      }
      var fg = $(".ring-fg", el);
      if (fg) { fg.setAttribute("stroke-dashoffset", String(Math.round(1000 - 1000 * rem / total) / 10)); }
      el.classList.toggle("urgent", rem > 0 && rem <= 10);
      el.classList.toggle("up", rem === 0);
      var centre = $("[data-cv-timer]");  // the table-centre view's line shows the same clock
      if (centre) {
        var text = $(".cv-timer-text", centre);
        var said = tx("timer_left", { s: rem });
        if (text && text.textContent !== said) { text.textContent = said; }
        // the status line labels the view: a screen reader hears the clock every 10 s, as on the phones
        var heard = $(".cv-timer-said", centre);
        if (heard && rem % 10 === 0 && heard.textContent !== said) { heard.textContent = said; }
        centre.classList.toggle("urgent", rem > 0 && rem <= 10);
        centre.classList.toggle("up", rem === 0);
      }
      var box = $("#rk-timeout");
      if (box) { box.classList.toggle("shown", rem === 0); }
      var name = table() ? table().getAttribute("data-active-name") : "";
      if (rem <= 10 && rem > 0 && !Timer.warned) { Timer.warned = true; beep("last"); RK.say(tx("js_time_10", { name: name })); }
      if (rem === 0 && !Timer.upSaid) { Timer.upSaid = true; beep("end"); RK.say(tx("js_time_up", { name: name })); }
    },
  };

  function say(text) {
    var live = $("#live-region");
    if (live) { live.textContent = ""; window.setTimeout(function () { live.textContent = text; }, 60); }
    C.Toast.show(text);
  }

  /* --- rack entry at a round's end (phase "racks"): a picker fills the chosen seat's field ------------------- */
  var Racks = {
    target: null,
    forms: function () { return $$("form[data-rack-form]"); },
    parse: function (text) { return text.split(/[\s,、，・]+/).filter(Boolean).map(function (w) { return /^j$/i.test(w) ? "J" : w.toLowerCase(); }); },
    valid: function (t) { return t === "J" || /^[bryk]([1-9]|1[0-3])$/.test(t); },
    current: function () {
      var forms = Racks.forms();
      var f = forms.filter(function (x) { return x.getAttribute("data-seat") === Racks.target; })[0];
      if (!f) {
        var me = table() ? table().getAttribute("data-me") : "";
        f = forms.filter(function (x) { return x.getAttribute("data-seat") === me; })[0] || forms[0] || null;
      }
      return f;
    },
    paint: function () {
      var forms = Racks.forms();
      var picker = $("#rack-picker");
      if (!forms.length) { return; }
      var cur = Racks.current();
      var used = tableTiles();
      $$(".rack-tiles .rk-tile").forEach(function (e) { var l = e.getAttribute("data-t"); if (l) { used.push(l); } });
      forms.forEach(function (f) {
        var input = $("input[name=tiles]", f), live = $("[data-rack-live]", f);
        var tiles = Racks.parse(input.value);
        var want = parseInt(f.getAttribute("data-want"), 10);
        used = used.concat(tiles.filter(Racks.valid));
        f.closest(".rack-row").classList.toggle("target", f === cur && forms.length > 1);
        live.textContent = "";
        var n = doc.createElement("span");
        n.className = "live-n " + (tiles.length === want ? "ok" : "bad");
        n.textContent = tx("rack_count_live", { got: tiles.length, want: want });
        live.appendChild(n);
        tiles.forEach(function (t, i) {
          if (Racks.valid(t)) { live.appendChild(tileEl(t, { button: true, cls: "sm", data: { "rack-rm": i } })); }
        });
        var me = table().getAttribute("data-me");
        var mine = store.get(Assistant.keyFor(me));
        if (me !== "" && f.getAttribute("data-seat") === me && mine && mine.length && !tiles.length) {
          var fill = doc.createElement("button");
          fill.type = "button"; fill.className = "btn small"; fill.setAttribute("data-rack-fill", "1");
          fill.textContent = tx("rack_use_mine");
          live.appendChild(fill);
        }
      });
      if (picker) {
        var c = counts(used);
        paintPicker(picker, function (t) { return 2 - (c[t] || 0); });
      }
    },
    click: function (e) {
      var row = e.target.closest(".rack-row");
      var f = row && $("form[data-rack-form]", row);
      if (f) { Racks.target = f.getAttribute("data-seat"); }
      var rm = e.target.closest("[data-rack-rm]");
      var fill = e.target.closest("[data-rack-fill]");
      var pick = e.target.closest("#rack-picker [data-tile]");
      if (!rm && !fill && !pick) { if (f) { Racks.paint(); } return; }
      var form = pick ? Racks.current() : f;
      if (!form) { return; }
      var input = $("input[name=tiles]", form);
      var tiles = Racks.parse(input.value);
      if (rm) { tiles.splice(parseInt(rm.getAttribute("data-rack-rm"), 10), 1); }
      if (fill) { tiles = sorted(store.get(Assistant.keyFor(form.getAttribute("data-seat"))) || []); }
      if (pick) { tiles.push(pick.getAttribute("data-tile")); }
      input.value = tiles.join(" ");
      Racks.paint();
    },
  };
  doc.addEventListener("click", function (e) { if (e.target.closest && (e.target.closest(".rk-racks"))) { Racks.click(e); } });
  doc.addEventListener("input", function (e) { if (e.target.closest && e.target.closest("form[data-rack-form]")) { Racks.paint(); } });

  var RK = window.RK = {
    LANG: LANG, $: $, $$: $$, tx: tx, store: store, table: table, postJSON: postJSON, errorText: errorText,
    randomId: randomId, refresh: refresh, label: label, sorted: sorted, num: num, isJoker: isJoker, tileEl: tileEl,
    counts: counts, tableSets: tableSets, tableTiles: tableTiles, paintPicker: paintPicker, showColour: showColour,
    say: say, hooks: [],
  };

  /* --- "My rack": the private assistant. The rack stays in localStorage, sent only to /hints. ------------------ */
  var Assistant = RK.assistant = {
    objective: "tiles", result: null, asked: null,
    section: function () { return $("#assistant[data-seat]"); },
    seat: function () { var s = Assistant.section(); return s ? s.getAttribute("data-seat") : ""; },
    keyFor: function (seat) { var t = table(); return "rk-rack:" + (t ? t.getAttribute("data-key") : "") + ":" + seat; },
    rack: function () { return store.get(Assistant.keyFor(Assistant.seat())) || []; },
    save: function (rack) { store.set(Assistant.keyFor(Assistant.seat()), sorted(rack)); },
    removeLaid: function (tiles) {
      if (!Assistant.section() || Assistant.seat() === "") { return; }
      var rack = Assistant.rack(), gone = [];
      tiles.forEach(function (t) { var i = rack.indexOf(t); if (i >= 0) { rack.splice(i, 1); gone.push(t); } });
      if (gone.length) { Assistant.save(rack); say(tx("as_removed", { tiles: gone.map(label).join(tx("tile_sep")) })); }
      Assistant.result = null;
      Assistant.paint();
    },
    paint: function () {
      var sec = Assistant.section();
      var box = $("#as-rack");
      if (!sec || !box || Assistant.seat() === "" || sec.getAttribute("data-hints") !== "1") { return; }
      var rack = Assistant.rack();
      var want = parseInt(sec.getAttribute("data-rack-count"), 10);
      var cnt = $("#as-count");
      cnt.textContent = "";
      var line = doc.createElement("span");
      var d = want - rack.length;
      // a rack of no tiles (the player went out) is said in words, with no empty rack drawn under it
      var none = want === 0 && !rack.length;
      line.textContent = none ? tx("as_count_none") : d === 0 ? tn("as_count_ok", rack.length) : tn("as_count", want, { n: rack.length, rack: want });
      cnt.appendChild(line);
      if (d !== 0 && !isNaN(d) && rack.length) {
        var warn = doc.createElement("span");
        warn.className = "bad";
        warn.textContent = " · " + (d > 0 ? tx("as_count_short", { d: d }) : tx("as_count_over", { d: -d }));
        cnt.appendChild(warn);
      }
      box.textContent = "";
      box.hidden = none;
      if (!rack.length && !none) { var p = doc.createElement("p"); p.className = "empty"; p.textContent = tx("as_empty"); box.appendChild(p); }
      rack.forEach(function (t, i) { box.appendChild(tileEl(t, { button: true, data: { "as-rm": i }, extra: tx("as_tap_remove") })); });
      var sum = $("#as-add-summary");
      if (sum) { sum.textContent = tx("as_add"); }
      var adder = $("#as-add-box");
      if (adder && !adder.hasAttribute("data-seen") && !none && (rack.length === 0 || d > 0)) { adder.open = true; adder.setAttribute("data-seen", "1"); }
      var c = counts(rack.concat(tableTiles()));
      var picker = $("#as-picker");
      if (picker) { paintPicker(picker, function (t) { return 2 - (c[t] || 0); }); }
      Assistant.paintAsk(rack);
    },
    paintAsk: function (rack) {
      var ask = $("#as-ask");
      if (!ask) { return; }
      if (!ask.firstChild) {
        ["tiles", "value"].forEach(function (o) {
          var b = doc.createElement("button");
          b.type = "button"; b.className = "btn small"; b.setAttribute("data-as-obj", o);
          b.textContent = tx(o === "tiles" ? "as_tiles" : "as_value");
          ask.appendChild(b);
        });
        var go = doc.createElement("button");
        go.type = "button"; go.className = "btn small primary"; go.setAttribute("data-as-ask", "1");
        go.textContent = tx("as_ask");
        ask.appendChild(go);
      }
      $$("[data-as-obj]", ask).forEach(function (b) { b.setAttribute("aria-pressed", b.getAttribute("data-as-obj") === Assistant.objective ? "true" : "false"); });
      $("[data-as-ask]", ask).disabled = !rack.length || table().getAttribute("data-phase") !== "play";
    },
    ask: function () {
      var rack = Assistant.rack(), res = $("#as-result");
      res.textContent = tx("as_asking");
      var t = table();
      postJSON(t.getAttribute("data-api") + "/hints", { player: parseInt(Assistant.seat(), 10), rack: rack, objective: Assistant.objective })
        .then(function (r) {
          if (r.status !== 200) { res.textContent = errorText(r.body); return; }
          Assistant.result = r.body;
          Assistant.showResult();
        }, function () { res.textContent = tx("js_network"); });
    },
    showResult: function () {
      var res = $("#as-result"), body = Assistant.result;
      res.textContent = "";
      if (!body) { return; }
      var p = doc.createElement("p");
      var play = body.play;
      if (!play) { p.textContent = tx("as_none"); res.appendChild(p); return; }
      p.textContent = (body.initial ? tx("as_initial") + " · " : "") + tn("as_result", play.tiles, { value: play.value, stay: tn("as_stay", Assistant.rack().length - play.tiles) });
      res.appendChild(p);
      var felt = doc.createElement("div"), ul = doc.createElement("ul");
      felt.className = "as-table"; ul.className = "rk-sets";
      var laid = counts(play.laid);
      var old = counts(tableTiles());
      play.table.forEach(function (s, k) {
        var li = doc.createElement("li"), row = doc.createElement("span");
        li.className = "rk-set"; row.className = "set-tiles";
        s.tiles.forEach(function (t, i) {
          var fresh = !(old[t] > 0) && laid[t] > 0;
          if (old[t] > 0) { old[t] -= 1; } else if (laid[t] > 0) { laid[t] -= 1; }
          row.appendChild(tileEl(t, { cls: fresh ? "laid" : "", stand: play.stands ? play.stands[k][i] : null, extra: fresh ? tx("ed_from_rack") : "" }));
        });
        li.appendChild(row); ul.appendChild(li);
      });
      felt.appendChild(ul); res.appendChild(felt);
      var mine = table().getAttribute("data-active") === Assistant.seat();
      var use = doc.createElement("button");
      use.type = "button"; use.className = "btn primary"; use.setAttribute("data-as-use", "1");
      use.textContent = tx("as_use");
      use.disabled = !mine || !$("#rk-editor");
      res.appendChild(use);
      if (!mine) { var n = doc.createElement("p"); n.className = "help"; n.textContent = tx("as_not_turn"); res.appendChild(n); }
    },
    click: function (e) {
      var pick = e.target.closest("#as-picker [data-tile]");
      var rm = e.target.closest("[data-as-rm]");
      var obj = e.target.closest("[data-as-obj]");
      if (pick || rm) {
        var rack = Assistant.rack();
        if (pick) { rack.push(pick.getAttribute("data-tile")); } else { rack.splice(parseInt(rm.getAttribute("data-as-rm"), 10), 1); }
        Assistant.save(rack); Assistant.result = null; $("#as-result").textContent = ""; Assistant.paint();
      } else if (obj) {
        Assistant.objective = obj.getAttribute("data-as-obj"); Assistant.paint();
        if (Assistant.result) { Assistant.ask(); }
      } else if (e.target.closest("[data-as-ask]")) {
        Assistant.ask();
      } else if (e.target.closest("[data-as-use]") && Assistant.result && Assistant.result.play && RK.editor) {
        RK.editor.openWith(Assistant.result.play.table);
      }
    },
  };
  doc.addEventListener("click", function (e) { if (e.target.closest && e.target.closest("#assistant")) { Assistant.click(e); } });

  function update() {
    if (!table()) { return; }
    Timer.sync();
    Racks.paint();
    Assistant.paint();
    RK.hooks.forEach(function (f) { f(); });
  }
  RK.update = update;
  doc.addEventListener("htmx:afterSettle", function (e) { if (e.target && e.target.id === "table") { update(); } });
  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", update); } else { update(); }
})();
