/* Laminate Rummy: the publish picker's live list of the papers its pick makes (laminate-picker.js owns the
 * pick). After each change of cards or citations it asks POST /melds (debounced, the latest answer wins),
 * picks the one legal paper by itself, and paints the match chips and each paper's badge.
 * Loads after laminate-picker.js and adds these methods to its Picker (window.LaminateCompanion.picker).
 */
(function () {
  "use strict";

  var C = window.Companion;
  var L = window.LaminateCompanion;
  if (!C || !L || !L.picker) { return; }
  var doc = document;
  var $ = C.$, $$ = C.$$, el = C.el, cssq = C.cssq, tx = C.tx, text = C.text, tableEl = C.tableEl;
  var LANG = C.lang, postJSON = C.postJSON, errorText = C.errorText;
  var Picker = L.picker;

  var methods = {
    scheduleCheck: function () {
      var s = Picker.state;
      var sig = JSON.stringify([s.cards.slice().sort(), s.cite.slice().sort(), tableEl().getAttribute("data-version")]);
      if (sig === Picker.checkedFor) { return; }
      window.clearTimeout(Picker.timer);
      if (!s.cards.length && !s.cite.length) {
        Picker.matches = null;
        Picker.meldError = null;
        Picker.checkedFor = sig;
        return;
      }
      Picker.timer = window.setTimeout(function () { Picker.check(sig); }, 120);
    },

    check: function (sig) {
      var s = Picker.state;
      var my = ++Picker.seq;
      Picker.checkedFor = sig;
      postJSON(tableEl().getAttribute("data-api") + "/melds", { cards: s.cards, cite: s.cite.map(Number) }).then(function (res) {
        if (my !== Picker.seq) { return; }
        if (res.status === 200) {
          Picker.matches = res.body.matches || [];
          Picker.meldError = null;
          var legal = Picker.matches.filter(function (m) { return m.legal; });
          if (!Picker.state.paper && legal.length === 1) {
            Picker.state.paper = legal[0].paper;
            Picker.save();
            Picker.apply();
            Picker.status(parseInt(Picker.dlg().getAttribute("data-hand"), 10) || 0);
          }
        } else {
          Picker.matches = [];
          Picker.meldError = res.body;
        }
        Picker.paint();
      }, function () {
        if (my !== Picker.seq) { return; }
        Picker.checkedFor = null;
        Picker.meldError = { message: tx("js_network"), message_en: tx("js_network"), message_ja: tx("js_network") };
        Picker.paint();
      });
    },

    paint: function () {
      var d = Picker.dlg();
      if (!d) { return; }
      var box = $("#pick-matches");
      var s = Picker.state;
      var byPaper = {};
      (Picker.matches || []).forEach(function (m) { byPaper[m.paper] = m; });
      $$(".paper-opt", d).forEach(function (opt) {
        var id = opt.getAttribute("data-paper");
        var m = byPaper[id];
        var badge = $(".po-badge", opt);
        if (!badge) { badge = el("span", "po-badge"); $(".po-body", opt).appendChild(badge); }
        opt.classList.toggle("match", !!m);
        opt.classList.toggle("blocked", !!m && !m.legal);
        opt.classList.toggle("nomatch", Picker.matches !== null && !m);
        badge.textContent = m ? (m.legal ? "✓ " + tx("js_legal") : "✕ " + tx("reason_" + m.error)) : "";
        if (m && !m.legal && text("reason_" + m.error) === undefined) { badge.textContent = "✕ " + m.error; }
      });
      if (!box) { return; }
      box.textContent = "";
      if (!s.cards.length && !s.cite.length) {
        box.appendChild(el("p", "help", tx("picker_empty")));
        return;
      }
      if (Picker.meldError) {
        var p = el("p", "field-error");
        p.appendChild(el("strong", null, tx("refused") + ": "));
        p.appendChild(doc.createTextNode(errorText(Picker.meldError)));
        box.appendChild(p);
        return;
      }
      if (Picker.matches === null) {
        box.appendChild(el("p", "help", tx("js_checking")));
        return;
      }
      if (!Picker.matches.length) {
        box.appendChild(el("p", null, tx("meld_nothing")));
        return;
      }
      var line = el("p");
      line.appendChild(el("strong", null, tx("js_makes") + (LANG === "ja" ? "：" : ": ")));
      Picker.matches.forEach(function (m) {
        var opt = $(".paper-opt[data-paper=\"" + cssq(m.paper) + "\"] .po-name", d);
        var b = el("button", "match-chip" + (m.legal ? "" : " blocked"), opt ? opt.textContent : m.paper);
        b.type = "button";
        b.setAttribute("data-choose-paper", m.paper);
        b.setAttribute("aria-pressed", s.paper === m.paper ? "true" : "false");
        if (!m.legal) { b.appendChild(doc.createTextNode(" (" + (text("reason_" + m.error) || m.error) + ")")); }
        line.appendChild(b);
      });
      box.appendChild(line);
    },
  };
  Object.keys(methods).forEach(function (name) { Picker[name] = methods[name]; });
})();
