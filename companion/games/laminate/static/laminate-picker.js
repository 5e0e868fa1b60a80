/* Laminate Rummy: the publish picker (dialog#picker). It owns the pick (kept in localStorage "lr-pick:<table>"
 * so morphs, reloads and refusals never lose it), the cost text, the live list of matching papers asked of
 * POST /melds (its methods in laminate-picker-matches.js, which loads next), and publishing through
 * POST /actions with refusals shown next to their field.
 * Uses window.Companion (static/js/app.js); wired up by laminate.js (beside it), which loads after it.
 */
(function () {
  "use strict";

  var C = window.Companion;
  if (!C) { return; }
  var doc = document;
  var $ = C.$, $$ = C.$$, el = C.el, cssq = C.cssq, tx = C.tx, tn = C.tn, text = C.text, store = C.store, tableEl = C.tableEl;
  /* "A, B and C" / "A、B、C": a list of gifts reads as one sentence */
  function joinList(parts) {
    if (parts.length < 2) { return parts.join(""); }
    return parts.slice(0, -1).join(tx("js_sep")) + tx("js_last_sep") + parts[parts.length - 1];
  }
  var LANG = C.lang, postJSON = C.postJSON, errorText = C.errorText, randomId = C.randomId;
  var Live = C.Live, Toast = C.Toast;
  var L = window.LaminateCompanion = window.LaminateCompanion || {};

  /* ---------------------------------------------------------------------------------------------------
   * The publish picker. Its choice lives here (and in localStorage per table, turn and seat), so that
   * morphs, reloads and refusals never lose it.
   * ------------------------------------------------------------------------------------------------- */
  var WHERE = {
    bad_card: "cards", card_on_table: "cards", duplicate_card: "cards", rank_exhausted: "cards", no_hand_card: "cards",
    cite_unknown: "cite", cite_not_complete: "cite", cite_duplicate: "cite",
    no_match: "paper", supply_empty: "paper", already_owned: "paper", unknown_paper: "paper",
    endflag_not_publishable: "paper", hand_too_small: "summary",
  };
  var SLOTS = { top: "pick-top", cards: "pick-cards-err", cite: "pick-cite-err", paper: "pick-paper-err", summary: "pick-summary-err" };

  var Picker = {
    key: null,
    state: { cards: [], cite: [], paper: null },
    matches: null,
    meldError: null,
    seq: 0,
    timer: null,
    pendingId: null,
    checkedFor: null,

    dlg: function () { return $("#picker"); },
    storageKey: function () {
      var t = tableEl();
      // One pick per table on this device: kept across moves made elsewhere, reloads and refusals;
      // cleared by a successful publish or the Clear button.
      return "lr-pick:" + t.getAttribute("data-key");
    },
    empty: function () { return { cards: [], cite: [], paper: null }; },
    load: function () {
      try {
        var s = JSON.parse(store.get(Picker.key) || "null");
        if (s && Array.isArray(s.cards) && Array.isArray(s.cite)) { return { cards: s.cards, cite: s.cite, paper: s.paper || null }; }
      } catch (e) { /* ignore */ }
      return Picker.empty();
    },
    save: function () { if (Picker.key) { store.set(Picker.key, JSON.stringify(Picker.state)); } },
    readInputs: function () {
      var form = $("#picker-form");
      var s = Picker.empty();
      if (!form) { return s; }
      $$("input[name=cards]:checked", form).forEach(function (i) { s.cards.push(i.value); });
      $$("input[name=cite]:checked", form).forEach(function (i) { s.cite.push(i.value); });
      var p = $("input[name=paper]:checked", form);
      s.paper = p ? p.value : null;
      return s;
    },
    input: function (name, value) {
      var form = $("#picker-form");
      if (!form) { return null; }
      return $$("input[name=\"" + cssq(name) + "\"]", form).filter(function (i) { return i.value === String(value); })[0] || null;
    },
    apply: function () {
      var form = $("#picker-form");
      if (!form) { return; }
      var s = Picker.state;
      $$("input[name=cards]", form).forEach(function (i) { i.checked = s.cards.indexOf(i.value) >= 0; });
      $$("input[name=cite]", form).forEach(function (i) { i.checked = s.cite.indexOf(i.value) >= 0; });
      $$("input[name=paper]", form).forEach(function (i) { i.checked = i.value === s.paper; });
    },

    init: function () {
      var d = Picker.dlg();
      if (!d) { Picker.key = null; return; }
      Picker.key = Picker.storageKey();
      var server = Picker.readInputs();
      var serverHasChoice = server.cards.length || server.cite.length || server.paper;
      Picker.state = serverHasChoice ? server : Picker.load();
      if (serverHasChoice) { Picker.save(); }
      Picker.apply();
      if (d.hasAttribute("open")) {
        d.removeAttribute("open");
        Picker.open(true);
      }
      Picker.render(true);
      var refusal = $("#picker .field-error");
      if (refusal && d.open) { refusal.scrollIntoView({ block: "center" }); }
    },

    sync: function () {
      var d = Picker.dlg();
      if (!d || !d.open) { doc.documentElement.classList.remove("modal-open"); }
      if (!d) { Picker.key = null; return; }
      Picker.key = Picker.storageKey();
      var removed = [];
      Picker.state.cards = Picker.state.cards.filter(function (id) {
        var i = Picker.input("cards", id);
        if (!i || i.disabled) { removed.push(i ? i.getAttribute("data-label") : id); return false; }
        return true;
      });
      Picker.state.cite = Picker.state.cite.filter(function (id) { return !!Picker.input("cite", id); });
      if (removed.length) {
        Picker.save();
        Picker.say("cards", tx("js_removed", { cards: removed.join(LANG === "ja" ? "、" : ", ") }), false);
        Picker.checkedFor = null;
      }
      Picker.apply();
      Picker.render(false);
    },

    fromInputs: function () {
      Picker.state = Picker.readInputs();
      Picker.pendingId = null;
      Picker.save();
      Picker.clearSlots();
      Picker.render(false);
    },

    open: function (fromServer) {
      var d = Picker.dlg();
      if (!d) { return; }
      if (!d.open) {
        if (d.showModal) { d.showModal(); } else { d.setAttribute("open", ""); }
        doc.documentElement.classList.add("modal-open");
        if (!d.hasAttribute("data-watched")) {
          d.setAttribute("data-watched", "");
          d.addEventListener("close", function () { doc.documentElement.classList.remove("modal-open"); });
        }
        var title = $("#picker-title");
        if (title) { title.focus(); }
      }
      if (!fromServer) { Picker.render(false); }
      var body = $(".sheet-body", d);
      if (body && !fromServer) { body.scrollTop = 0; }
    },
    close: function () {
      var d = Picker.dlg();
      if (d && d.open) { d.close(); }
      doc.documentElement.classList.remove("modal-open");
      if (window.location.search.indexOf("picker=open") >= 0 && window.history.replaceState) {
        var t = tableEl();
        window.history.replaceState(null, "", t ? t.getAttribute("data-base") : window.location.pathname);
      }
    },
    clear: function () {
      Picker.state = Picker.empty();
      Picker.pendingId = null;
      Picker.save();
      Picker.apply();
      Picker.clearSlots();
      Picker.render(false);
    },

    clearSlots: function () {
      Object.keys(SLOTS).forEach(function (k) { var s = doc.getElementById(SLOTS[k]); if (s) { s.textContent = ""; } });
      $$("#picker .pick.err, #picker .paper-opt.err").forEach(function (n) { n.classList.remove("err"); });
    },
    say: function (where, message, refused) {
      var slot = doc.getElementById(SLOTS[where] || SLOTS.top);
      if (!slot) { return; }
      slot.textContent = "";
      var p = el("p", refused ? "field-error" : "notice");
      p.setAttribute("role", refused ? "alert" : "status");
      if (refused) {
        p.appendChild(el("strong", null, tx("refused") + ": "));
      }
      p.appendChild(doc.createTextNode(message));
      slot.appendChild(p);
      if (refused && where === "paper" && Picker.state.paper) {
        var opt = $("#picker .paper-opt[data-paper=\"" + cssq(Picker.state.paper) + "\"]");
        if (opt) { opt.classList.add("err"); }
      }
      if (refused && slot.scrollIntoView) { slot.scrollIntoView({ block: "nearest", behavior: "smooth" }); }
    },

    /* what the meld costs and does (R6, R7, R11) */
    render: function (first) {
      var d = Picker.dlg();
      if (!d) { return; }
      var s = Picker.state;
      var box = $("#pick-summary");
      var hand = parseInt(d.getAttribute("data-hand"), 10) || 0;
      var activeName = d.getAttribute("data-active-name") || "";
      if (box) {
        box.textContent = "";
        if (!s.cards.length && !s.cite.length) {
          box.appendChild(el("p", "help", tx("picker_empty")));
        } else {
          var meld = el("div", "meld");
          s.cards.forEach(function (id) {
            var i = Picker.input("cards", id);
            var face = i && i.parentNode.querySelector(".face");
            if (face) {
              var tile = el("span", "tile " + (i.parentNode.className.match(/s-\w+/) || [""])[0]);
              tile.appendChild(face.cloneNode(true));
              meld.appendChild(tile);
            }
          });
          var gifts = {};
          var giftOrder = [];
          var ownCited = 0;
          s.cite.forEach(function (id) {
            var i = Picker.input("cite", id);
            if (!i) { return; }
            var src = i.parentNode.querySelector(".tile");
            if (src) {
              var copy = src.cloneNode(true);
              copy.classList.add("citable-tile");
              meld.appendChild(copy);
            }
            if (i.getAttribute("data-own") === "1") { ownCited += 1; return; }
            var owner = i.getAttribute("data-owner-name");
            if (!gifts[owner]) { gifts[owner] = 0; giftOrder.push(owner); }
            gifts[owner] += 1;
          });
          box.appendChild(meld);
          var giftTotal = giftOrder.reduce(function (n, o) { return n + gifts[o]; }, 0);
          if (s.cards.length) { box.appendChild(el("p", null, tx("js_place", { n: s.cards.length }))); }
          if (giftOrder.length) {
            var parts = giftOrder.map(function (o) {
              return tn("js_give_part", gifts[o], { name: o });
            });
            box.appendChild(el("p", "gift", tx("js_give", { list: joinList(parts) })));
          }
          if (ownCited) { box.appendChild(el("p", "help", tx("js_free_own"))); }
          var need = s.cards.length + giftTotal;
          box.appendChild(el("p", null, tx("js_hand", { name: activeName, from: hand, to: hand - need })));
          if (need > hand) {
            box.appendChild(el("p", "warn", tx("js_too_small", { hand: hand, need: need })));
          }
          if (s.cards.length === 1) {
            box.appendChild(el("p", "good", tx("js_complete_now")));
          } else if (s.cards.length > 1) {
            box.appendChild(el("p", null, tn("js_under_review", s.cards.length)));
          }
        }
      }
      Picker.status(hand);
      Picker.scheduleCheck(first);
      Picker.paint();
    },

    /* one line by the Publish button: what is picked, for which paper, at what cost */
    status: function (hand) {
      var line = $("#pick-status");
      if (!line) { return; }
      var s = Picker.state;
      line.textContent = "";
      if (!s.cards.length && !s.cite.length) { line.textContent = tx("picker_empty"); return; }
      var parts = [tx("selected_n", { n: s.cards.length })];
      var giftTotal = 0;
      s.cite.forEach(function (id) { var i = Picker.input("cite", id); if (i && i.getAttribute("data-own") !== "1") { giftTotal += 1; } });
      if (s.paper) {
        var opt = $(".paper-opt[data-paper=\"" + cssq(s.paper) + "\"] .po-name");
        if (opt) { parts.push("→ " + opt.textContent); }
      }
      line.appendChild(doc.createTextNode(parts.join(" ")));
      var need = s.cards.length + giftTotal;
      if (need > hand) {
        line.appendChild(doc.createTextNode(" · "));
        line.appendChild(el("span", "warn", tx("js_too_small", { hand: hand, need: need })));
      } else if (giftTotal) {
        line.appendChild(doc.createTextNode(" · " + tx("js_hand", { name: $("#picker").getAttribute("data-active-name"), from: hand, to: hand - need })));
      }
    },

    submit: function (e) {
      var sub = e.submitter;
      if (sub && sub.name === "dry_run") { return; }  // "check without publishing": the form posts it
      e.preventDefault();
      var s = Picker.state;
      Picker.clearSlots();
      if (!s.cards.length) { Picker.say("cards", tx("js_nothing_to_publish"), true); return; }
      if (!s.paper) { Picker.say("paper", tx("js_pick_paper"), true); return; }
      var btn = $("#pick-submit");
      if (btn) { btn.disabled = true; }
      if (!Picker.pendingId) { Picker.pendingId = randomId(); }
      var body = {
        action: { type: "publish", paper: s.paper, cards: s.cards, cite: s.cite.map(Number) },
        version: Live.version(),
        action_id: Picker.pendingId,
      };
      postJSON(tableEl().getAttribute("data-api") + "/actions", body).then(function (res) {
        if (btn) { btn.disabled = false; }
        Picker.pendingId = null;
        if (res.status === 200) {
          Picker.state = Picker.empty();
          Picker.save();
          Picker.close();
          Toast.show(tx("js_done_publish"));
          // then what to do with the real cards (the lay-out, the gifts), as the table now says it
          Promise.resolve(Live.refresh(false)).then(function () {
            var lines = $$(".todo.mine .todo-line").map(function (p) { return p.textContent; });
            if (lines.length) { Toast.show(tx("js_done_publish") + " " + lines.join(" ")); }
          });
          return;
        }
        var code = res.body && res.body.error;
        var message = errorText(res.body);
        Picker.say(code === "stale" ? "top" : (WHERE[code] || "paper"), message, true);
        if (code === "stale") {
          // say what changed: the latest move, once the table is fresh again
          Promise.resolve(Live.refresh(false)).then(function () {
            var latest = $(".hist.recent li");
            if (latest) { Picker.say("top", message + " " + tx("js_stale_what", { what: latest.textContent.trim() }), true); }
          });
        }
      }, function () {
        if (btn) { btn.disabled = false; }
        Picker.say("top", tx("js_network"), true);
      });
    },
  };

  L.picker = Picker;
})();
