/* Laminate Rummy: the "my hand" publish assistant (#assistant). The hand is kept in localStorage
 * "lr-hand:<table>:<seat>" and leaves the device only in the body of POST /hints; it paints the options and
 * puts a chosen one into the publish picker (laminate-picker.js, which loads before this file).
 * Uses window.Companion (static/js/app.js); wired up by laminate.js (beside it), which loads after it.
 */
(function () {
  "use strict";

  var C = window.Companion;
  if (!C) { return; }
  var doc = document;
  var $ = C.$, $$ = C.$$, el = C.el, tx = C.tx, tn = C.tn, text = C.text, store = C.store, tableEl = C.tableEl;
  /* "A, B and C" / "A、B、C": a list of gifts reads as one sentence */
  function joinList(parts) {
    if (parts.length < 2) { return parts.join(""); }
    return parts.slice(0, -1).join(tx("js_sep")) + tx("js_last_sep") + parts[parts.length - 1];
  }
  var LANG = C.lang, postJSON = C.postJSON, errorText = C.errorText;
  var Live = C.Live;
  var L = window.LaminateCompanion = window.LaminateCompanion || {};
  var Picker = L.picker;
  if (!Picker) { return; }

  /* ---------------------------------------------------------------------------------------------------
   * The "my hand" publish assistant. The hand belongs to this device alone: it is kept in localStorage
   * per table and seat, and leaves the device only in the body of the stateless POST /hints question
   * (never in a form, a URL or a cookie). Options are asked again, debounced, when the hand changes and
   * after every live update of the table; cards that reach the table leave the hand by themselves.
   * ------------------------------------------------------------------------------------------------- */
  var Assistant = {
    key: null,
    hand: [],
    options: null,
    error: null,
    seq: 0,
    timer: null,
    askedFor: null,

    box: function () { return $("#assistant"); },
    seat: function () {
      var b = Assistant.box();
      var s = b ? b.getAttribute("data-seat") : "";
      return s ? parseInt(s, 10) : null;
    },
    active: function () {
      var b = Assistant.box();
      return !!(b && b.getAttribute("data-hints") === "1" && Assistant.seat() !== null && $("#hint-list", b));
    },
    storageKey: function () { return "lr-hand:" + tableEl().getAttribute("data-key") + ":" + Assistant.seat(); },
    load: function () {
      try {
        var h = JSON.parse(store.get(Assistant.key) || "null");
        if (Array.isArray(h)) { return h.filter(function (c) { return typeof c === "string"; }); }
      } catch (e) { /* ignore */ }
      return [];
    },
    save: function () { if (Assistant.key) { store.set(Assistant.key, JSON.stringify(Assistant.hand)); } },
    inputs: function () { return $$("#assistant input[data-hand-card]"); },
    input: function (id) { return Assistant.inputs().filter(function (i) { return i.value === id; })[0] || null; },
    apply: function () { Assistant.inputs().forEach(function (i) { i.checked = Assistant.hand.indexOf(i.value) >= 0; }); },
    setText: function (node, text, cls) {
      if (!node) { return; }
      if (node.textContent !== text) { node.textContent = text; }
      if (cls !== undefined && node.className !== cls) { node.className = cls; }
    },

    sync: function () {
      if (!Assistant.active()) { Assistant.key = null; Assistant.askedFor = null; window.clearTimeout(Assistant.timer); return; }
      var key = Assistant.storageKey();
      if (key !== Assistant.key) {
        Assistant.key = key;
        Assistant.hand = Assistant.load();
        Assistant.options = null;
        Assistant.error = null;
        Assistant.askedFor = null;
      }
      var removed = [];
      Assistant.hand = Assistant.hand.filter(function (id) {
        var i = Assistant.input(id);
        if (!i || i.disabled) { if (i) { removed.push(i.getAttribute("data-label")); } return false; }
        return true;
      });
      if (removed.length) {
        Assistant.save();
        var note = $("#hand-note");
        if (note) {
          note.textContent = "";
          var p = el("p", "notice", tx("hand_removed", { cards: removed.join(LANG === "ja" ? "、" : ", ") }));
          p.setAttribute("role", "status");
          note.appendChild(p);
        }
      }
      Assistant.apply();
      Assistant.count();
      Assistant.schedule();
      Assistant.paint();
    },

    fromInputs: function () {
      Assistant.hand = Assistant.inputs().filter(function (i) { return i.checked && !i.disabled; }).map(function (i) { return i.value; });
      Assistant.save();
      var note = $("#hand-note");
      if (note) { note.textContent = ""; }
      Assistant.count();
      Assistant.schedule();
    },
    clear: function () {
      Assistant.hand = [];
      Assistant.apply();
      Assistant.fromInputs();
      Assistant.paint();
    },

    /* the gentle check: what was entered against the table's public hand count */
    count: function () {
      var b = Assistant.box();
      var line = $("#hand-count");
      if (!b || !line) { return; }
      var total = parseInt(b.getAttribute("data-public-hand"), 10) || 0;
      var n = Assistant.hand.length;
      if (n === 0) { Assistant.setText(line, tn("hand_count_none", total, { total: total }), "hand-count"); }
      else if (n === total) { Assistant.setText(line, tn("hand_count_all", total, { total: total }), "hand-count ok"); }
      else if (n > total) { Assistant.setText(line, tn("hand_count_over", n, { total: total }), "hand-count warn"); }
      else { Assistant.setText(line, tn("hand_count", total, { n: n, total: total }), "hand-count"); }
    },

    schedule: function () {
      var sig = JSON.stringify([Assistant.hand.slice().sort(), tableEl().getAttribute("data-version"), Assistant.seat()]);
      if (sig === Assistant.askedFor) { return; }
      window.clearTimeout(Assistant.timer);
      if (!Assistant.hand.length) {
        Assistant.seq += 1;
        Assistant.options = null;
        Assistant.error = null;
        Assistant.askedFor = sig;
        Assistant.paint();
        return;
      }
      if (Assistant.options === null) { Assistant.paint(); }
      Assistant.timer = window.setTimeout(function () { Assistant.ask(sig); }, 250);
    },

    ask: function (sig) {
      var my = ++Assistant.seq;
      Assistant.askedFor = sig;
      var body = { player: Assistant.seat(), hand: Assistant.hand.slice() };
      postJSON(tableEl().getAttribute("data-api") + "/hints", body).then(function (res) {
        if (my !== Assistant.seq) { return; }
        if (res.status === 200) {
          // the best first: most points, then what completes at once, then the cheapest
          Assistant.options = (res.body.options || []).slice().sort(function (a, b) {
            return (b.points - a.points) || ((b.completes ? 1 : 0) - (a.completes ? 1 : 0)) ||
              ((a.cards.length + a.gifts) - (b.cards.length + b.gifts));
          });
          Assistant.error = null;
        } else {
          Assistant.options = null;
          Assistant.error = res.body && res.body.error === "hints_disabled" ? { off: true } : (res.body || {});
          if (Assistant.error.off) { Live.refresh(false); }
        }
        Assistant.paint();
      }, function () {
        if (my !== Assistant.seq) { return; }
        Assistant.askedFor = null;
        Assistant.options = null;
        Assistant.error = { message: tx("js_network") };
        Assistant.paint();
      });
    },

    paint: function () {
      var list = $("#hint-list");
      var status = $("#hints-status");
      if (!list || !status) { return; }
      var opts = Assistant.options;
      if (!Assistant.hand.length) {
        list.textContent = "";
        Assistant.setText(status, tx("hint_empty"), "hints-status");
        return;
      }
      if (Assistant.error) {
        list.textContent = "";
        Assistant.setText(status, Assistant.error.off ? tx("assistant_off") : errorText(Assistant.error), "hints-status none");
        return;
      }
      if (opts === null) {
        Assistant.setText(status, tx("js_checking"), "hints-status");
        return;
      }
      list.textContent = "";
      if (!opts.length) {
        Assistant.setText(status, tx("hint_none"), "hints-status none");
        return;
      }
      Assistant.setText(status, tn("hint_found", opts.length), "hints-status");
      opts.forEach(function (o, idx) { list.appendChild(Assistant.item(o, idx)); });
    },

    paperInfo: function (id) {
      var node = doc.getElementById("paper-" + id);
      var seatEl = node && node.closest(".player");
      var seat = seatEl ? parseInt(seatEl.id.replace("seat-", ""), 10) : null;
      var nameEl = node && $(".paper-name", node);
      var ownerEl = seatEl && $(".pname", seatEl);
      return { seat: seat, paper: nameEl ? nameEl.textContent : "", owner: ownerEl ? ownerEl.textContent : "?",
               tile: node ? $(".tile", node) : null };
    },

    item: function (o, idx) {
      var li = el("li", "hint" + (o.completes ? " completes" : ""));
      var name = text("paper_" + o.paper) || o.paper;
      var head = el("div", "hint-head");
      head.appendChild(el("span", "hint-name", name));
      head.appendChild(el("span", "hint-pts", tn("points", o.points)));
      head.appendChild(el("span", "badge " + (o.completes ? "done" : "rev"), o.completes ? tx("hint_completes") : tx("hint_review")));
      li.appendChild(head);

      var meld = el("div", "hint-meld");
      o.cards.forEach(function (id) {
        var i = Assistant.input(id);
        var face = i && i.parentNode.querySelector(".face");
        var tile = el("span", "tile " + ((i && i.parentNode.className.match(/s-\w+/)) || [""])[0]);
        if (face) { tile.appendChild(face.cloneNode(true)); }
        tile.appendChild(el("span", "sr-only", i ? i.getAttribute("data-label") : id));
        meld.appendChild(tile);
      });
      var me = Assistant.seat();
      var gifts = {};
      var giftOrder = [];
      var cites = [];
      o.cite.forEach(function (pid) {
        var info = Assistant.paperInfo(pid);
        if (info.tile) {
          var copy = info.tile.cloneNode(true);
          copy.classList.add("citable-tile");
          meld.appendChild(copy);
        }
        if (info.seat === me) {
          cites.push(tx("hint_cite_own", { id: pid, paper: info.paper }));
        } else {
          cites.push(tx("hint_cite_item", { id: pid, owner: info.owner, paper: info.paper }));
          if (!gifts[info.owner]) { gifts[info.owner] = 0; giftOrder.push(info.owner); }
          gifts[info.owner] += 1;
        }
      });
      li.appendChild(meld);

      var n = o.cards.length + o.gifts;
      var cost;
      if (o.gifts) {
        var parts = giftOrder.length ? giftOrder.map(function (owner) { return tx("hint_give_part", { n: gifts[owner], name: owner }); })
          : [tx("hint_give_part", { n: o.gifts, name: "?" })];
        cost = tn("hint_spend_gift", n, { m: o.cards.length, gifts: joinList(parts) });
      } else {
        cost = tn("hint_spend", n, { m: o.cards.length });
      }
      li.appendChild(el("p", "hint-cost", cost));
      if (cites.length) { li.appendChild(el("p", "hint-cites", tx("hint_cites", { list: cites.join(LANG === "ja" ? "、" : ", ") }))); }

      var foot = el("div", "hint-foot");
      var t = tableEl();
      if (t.getAttribute("data-my-turn") === "1" && Picker.dlg()) {
        var b = el("button", "btn small primary hint-use", tx("hint_use"));
        b.type = "button";
        b.setAttribute("data-use-hint", String(idx));
        b.setAttribute("aria-label", tx("hint_use_label", { paper: name }));
        foot.appendChild(b);
      } else {
        foot.appendChild(el("span", "hint-later", tx("hint_not_turn")));
      }
      li.appendChild(foot);
      return li;
    },

    /* one tap: the option goes into the publish picker, which checks it again before publishing */
    use: function (idx) {
      var o = (Assistant.options || [])[idx];
      if (!o || !Picker.dlg()) { return; }
      Picker.state = { cards: o.cards.slice(), cite: o.cite.map(String), paper: o.paper };
      Picker.pendingId = null;
      Picker.checkedFor = null;
      Picker.save();
      Picker.apply();
      Picker.clearSlots();
      Picker.open(false);
    },
  };

  L.assistant = Assistant;
})();
