/* Laminate Rummy table companion: live updates, the publish picker, announcements, small comforts.
 *
 * Runs under a strict CSP: no inline code, no eval; text reaches the DOM through textContent only.
 * Without this file every page still works: forms post and redirect back.
 */
(function () {
  "use strict";

  var doc = document;
  doc.documentElement.classList.add("js");

  function $(sel, root) { return (root || doc).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || doc).querySelectorAll(sel)); }
  /* A value for an attribute selector, [data-x="' + cssq(v) + '"]: values come from localStorage and the API. */
  function cssq(value) {
    value = String(value);
    if (window.CSS && window.CSS.escape) { return window.CSS.escape(value); }
    return value.replace(/[^\w-]/g, function (c) { return "\\" + c.charCodeAt(0).toString(16) + " "; });
  }

  var LANG = doc.documentElement.lang === "ja" ? "ja" : "en";
  var TEXT = {};
  var tpl = $("#js-text");
  if (tpl && tpl.content) {
    $$("[data-k]", tpl.content).forEach(function (el) { TEXT[el.getAttribute("data-k")] = el.textContent; });
  }
  function tx(key, params) {
    var s = TEXT[key] || key;
    if (params) {
      s = s.replace(/\{(\w+)\}/g, function (m, k) { return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m; });
    }
    return s;
  }

  var store = {
    get: function (k) { try { return window.localStorage.getItem(k); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem(k, v); } catch (e) { /* private mode */ } },
  };

  function randomId() {
    var a = new Uint8Array(16);
    window.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function el(tag, cls, text) {
    var node = doc.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function tableEl() { return $("#table"); }

  function postJSON(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) { return { status: r.status, body: data }; });
    });
  }

  function errorText(body) {
    if (!body) { return tx("js_network"); }
    return (LANG === "ja" ? body.message_ja : body.message_en) || body.message || tx("js_network");
  }

  /* ---------------------------------------------------------------------------------------------------
   * Morphing: keep what the player is doing. Dialogs and <details> stay open, the picker's choices stay
   * chosen, and regions the script owns are left alone.
   * ------------------------------------------------------------------------------------------------- */
  function setupMorph() {
    if (!window.Idiomorph || !window.Idiomorph.defaults) { return; }
    var cb = window.Idiomorph.defaults.callbacks;
    cb.beforeAttributeUpdated = function (attr, node) {
      if (attr === "open" && (node.tagName === "DIALOG" || node.tagName === "DETAILS")) { return false; }
      if (attr === "checked" && node.hasAttribute && node.hasAttribute("data-keep")) { return false; }
      return true;
    };
    cb.beforeNodeMorphed = function (oldNode) {
      return !(oldNode.nodeType === 1 && oldNode.hasAttribute("data-js-owned"));
    };
  }

  /* ---------------------------------------------------------------------------------------------------
   * Sound and vibration (a switch turns both off). The AudioContext starts on the first tap.
   * ------------------------------------------------------------------------------------------------- */
  var Sound = {
    ctx: null,
    on: function () { return store.get("lr-sound") !== "off"; },
    unlock: function () {
      if (Sound.ctx || !Sound.on()) { return; }
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) { return; }
      try { Sound.ctx = new AC(); } catch (e) { Sound.ctx = null; }
    },
    play: function (kind) {
      if (!Sound.on()) { return; }
      if (navigator.vibrate) {
        try {
          navigator.vibrate(kind === "over" ? [140, 80, 140, 80, 260] : kind === "turn" ? 70 : [120, 70, 120]);
        } catch (e) { /* not allowed here */ }
      }
      var ctx = Sound.ctx;
      if (!ctx) { return; }
      if (ctx.state === "suspended" && ctx.resume) { ctx.resume(); }
      var notes = { end: [659, 880], flag: [523, 659, 784], last: [880, 880], over: [523, 659, 784, 1047], turn: [740] }[kind] || [880];
      var t = ctx.currentTime + 0.03;
      notes.forEach(function (f) {
        var o = ctx.createOscillator();
        var g = ctx.createGain();
        o.type = "sine";
        o.frequency.value = f;
        g.gain.setValueAtTime(0.0001, t);
        g.gain.exponentialRampToValueAtTime(0.22, t + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, t + 0.24);
        o.connect(g);
        g.connect(ctx.destination);
        o.start(t);
        o.stop(t + 0.26);
        t += 0.17;
      });
    },
    initToggle: function () {
      var btn = $("#sound-toggle");
      if (!btn) { return; }
      btn.hidden = false;
      Sound.paintToggle();
      btn.addEventListener("click", function () {
        store.set("lr-sound", Sound.on() ? "off" : "on");
        Sound.paintToggle();
        if (Sound.on()) { Sound.unlock(); Sound.play("turn"); }
      });
    },
    paintToggle: function () {
      var btn = $("#sound-toggle");
      if (!btn) { return; }
      var on = Sound.on();
      btn.setAttribute("aria-pressed", on ? "true" : "false");
      var label = $(".sound-label", btn);
      if (label) { label.textContent = on ? tx("sound_on") : tx("sound_off"); }
      var use = $("use", btn);
      if (use) {
        var href = use.getAttribute("href") || "";
        use.setAttribute("href", href.replace(/#.*$/, on ? "#ui-sound" : "#ui-mute"));
      }
    },
  };

  /* ---------------------------------------------------------------------------------------------------
   * Announcements: end condition met, End Flag taken, a player's last turn, game over. Each key is
   * announced once per device; screen readers hear it through an assertive live region.
   * ------------------------------------------------------------------------------------------------- */
  var Announce = {
    wasMine: null,
    timer: null,
    key: function () { var t = tableEl(); return t ? "lr-seen:" + t.getAttribute("data-key") : null; },
    check: function (first) {
      var t = tableEl();
      if (!t) { return; }
      var items = $$(".ann-data [data-key]", t);
      var keys = items.map(function (i) { return i.getAttribute("data-key"); });
      var seen = null;
      try { seen = JSON.parse(store.get(Announce.key()) || "null"); } catch (e) { seen = null; }
      var fresh = [];
      if (!Array.isArray(seen)) {
        store.set(Announce.key(), JSON.stringify(keys));
      } else {
        fresh = items.filter(function (i) { return seen.indexOf(i.getAttribute("data-key")) < 0; });
        if (fresh.length) {
          store.set(Announce.key(), JSON.stringify(seen.concat(fresh.map(function (i) { return i.getAttribute("data-key"); })).slice(-80)));
        }
      }
      var mine = t.getAttribute("data-my-turn") === "1";
      if (fresh.length) {
        Announce.show(fresh.map(function (i) { return i.textContent; }), fresh[fresh.length - 1].getAttribute("data-kind"));
      } else if (!first && mine && Announce.wasMine === false) {
        Sound.play("turn");
      }
      Announce.wasMine = mine;
    },
    show: function (texts, kind) {
      var box = $("#announcer");
      var text = texts.join("\n");
      var live = $("#live-region");
      if (live) {
        live.textContent = "";
        window.setTimeout(function () { live.textContent = text; }, 60);
      }
      if (box) {
        // An announcement still on screen is kept: the next one is added below it, not put in its place
        // (the end condition and the End Flag often arrive a moment apart).
        var shown = $("#announcer-text");
        shown.textContent = box.hidden || !shown.textContent ? text : shown.textContent + "\n" + text;
        box.hidden = false;
        if (box.showPopover && box.hasAttribute("popover")) {
          try { box.showPopover(); } catch (e) { /* already open */ }
        }
        window.clearTimeout(Announce.timer);
        Announce.timer = window.setTimeout(Announce.hide, 9000);
      }
      Sound.play(kind);
    },
    hide: function () {
      var box = $("#announcer");
      if (!box || box.hidden) { return; }
      if (box.hidePopover && box.hasAttribute("popover")) {
        try { box.hidePopover(); } catch (e) { /* not open */ }
      }
      box.hidden = true;
    },
  };

  var Toast = {
    timer: null,
    show: function (text) {
      var box = $("#toast");
      if (!box) { return; }
      box.textContent = text;
      box.hidden = false;
      window.clearTimeout(Toast.timer);
      Toast.timer = window.setTimeout(function () { box.hidden = true; }, 3500);
    },
  };

  /* ---------------------------------------------------------------------------------------------------
   * Live updates: SSE from /api/tables/{id}/events, polling as a fallback; each change re-fetches the
   * table fragment and morphs it in.
   * ------------------------------------------------------------------------------------------------- */
  var Live = {
    inflight: false,
    again: false,
    es: null,
    poll: null,
    init: function () {
      var t = tableEl();
      if (!t) { return; }
      Live.connect();
      doc.addEventListener("visibilitychange", function () { if (!doc.hidden) { Live.refresh(true); } });
      window.addEventListener("online", function () { Live.refresh(true); });
      window.addEventListener("pageshow", function (e) { if (e.persisted) { Live.refresh(true); } });
    },
    version: function () { var t = tableEl(); return t ? parseInt(t.getAttribute("data-version"), 10) || 0 : 0; },
    connect: function () {
      var t = tableEl();
      if (!window.EventSource) { Live.startPolling(); return; }
      var es;
      try { es = new EventSource(t.getAttribute("data-api") + "/events"); } catch (e) { Live.startPolling(); return; }
      Live.es = es;
      es.addEventListener("open", function () { Live.stopPolling(); });
      es.addEventListener("state", function (e) {
        Live.stopPolling();
        var v = -1;
        try { v = JSON.parse(e.data).version; } catch (err) { v = -1; }
        if (v !== Live.version()) { Live.refresh(false); }
      });
      es.addEventListener("error", function () {
        // The browser reconnects by itself; poll meanwhile so nothing is missed.
        Live.startPolling();
        if (es.readyState === 2) { window.setTimeout(Live.connect, 3000); }
      });
    },
    startPolling: function () {
      if (Live.poll) { return; }
      Live.poll = window.setInterval(function () { Live.refresh(true); }, 1000);
    },
    stopPolling: function () {
      if (Live.poll) { window.clearInterval(Live.poll); Live.poll = null; }
    },
    refresh: function (conditional) {
      var t = tableEl();
      if (!t || !window.htmx) { return Promise.resolve(); }
      if (Live.inflight) { Live.again = true; return Promise.resolve(); }
      Live.inflight = true;
      var url = t.getAttribute("data-base") + "/fragment" + (conditional ? "?since=" + Live.version() : "");
      var done = function () {
        Live.inflight = false;
        if (Live.again) { Live.again = false; Live.refresh(false); }
      };
      return window.htmx.ajax("GET", url, { target: "#table", swap: "morph" }).then(done, done);
    },
  };

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
              return tx("js_give_part", { n: gifts[o], word: gifts[o] === 1 ? tx("js_card_word") : tx("js_cards_word"), name: o });
            });
            box.appendChild(el("p", "gift", tx("js_give", { list: parts.join(tx("js_sep")) })));
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
            box.appendChild(el("p", null, tx("js_under_review", { n: s.cards.length })));
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
        if (m && !m.legal && TEXT["reason_" + m.error] === undefined) { badge.textContent = "✕ " + m.error; }
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
        if (!m.legal) { b.appendChild(doc.createTextNode(" (" + (TEXT["reason_" + m.error] || m.error) + ")")); }
        line.appendChild(b);
      });
      box.appendChild(line);
    },

    submit: function (e) {
      var sub = e.submitter;
      if (sub && sub.value === "check") { return; }
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
          Live.refresh(false);
          return;
        }
        var code = res.body && res.body.error;
        Picker.say(code === "stale" ? "top" : (WHERE[code] || "paper"), errorText(res.body), true);
        if (code === "stale") { Live.refresh(false); }
      }, function () {
        if (btn) { btn.disabled = false; }
        Picker.say("top", tx("js_network"), true);
      });
    },
  };

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
      if (n === 0) { Assistant.setText(line, tx("hand_count_none", { total: total }), "hand-count"); }
      else if (n === total) { Assistant.setText(line, tx("hand_count_all", { total: total }), "hand-count ok"); }
      else if (n > total) { Assistant.setText(line, tx("hand_count_over", { n: n, total: total }), "hand-count warn"); }
      else { Assistant.setText(line, tx("hand_count", { n: n, total: total }), "hand-count"); }
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
      Assistant.setText(status, opts.length === 1 ? tx("hint_found_1") : tx("hint_found_n", { n: opts.length }), "hints-status");
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
      var name = TEXT["paper_" + o.paper] || o.paper;
      var head = el("div", "hint-head");
      head.appendChild(el("span", "hint-name", name));
      head.appendChild(el("span", "hint-pts", o.points === 1 ? tx("point_1") : tx("points_n", { n: o.points })));
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
      var word = n === 1 ? tx("js_card_word") : tx("js_cards_word");
      var cost;
      if (o.gifts) {
        var parts = giftOrder.length ? giftOrder.map(function (owner) { return tx("hint_give_part", { n: gifts[owner], name: owner }); })
          : [tx("hint_give_part", { n: o.gifts, name: "?" })];
        cost = tx("hint_spend_gift", { n: n, word: word, m: o.cards.length, gifts: parts.join(tx("js_sep")) });
      } else {
        cost = tx("hint_spend", { n: n, word: word, m: o.cards.length });
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

  /* ---------------------------------------------------------------------------------------------------
   * Wiring
   * ------------------------------------------------------------------------------------------------- */
  function afterTableUpdate() {
    Picker.sync();
    Assistant.sync();
    Announce.check(false);
  }

  doc.addEventListener("click", function (e) {
    var target = e.target;
    if (!(target instanceof Element)) { return; }
    var opener = target.closest("[data-dialog]");
    if (opener) {
      var dlg = doc.getElementById(opener.getAttribute("data-dialog"));
      if (dlg && dlg.showModal) {
        e.preventDefault();
        if (!dlg.open) { dlg.showModal(); }
      }
      return;
    }
    var closer = target.closest("[data-close-dialog]");
    if (closer) {
      var parent = closer.closest("dialog");
      if (parent) { e.preventDefault(); parent.close(); }
      return;
    }
    if (target.closest("[data-open-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.open(false); } return; }
    if (target.closest("[data-close-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.close(); } return; }
    if (target.closest("[data-clear-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.clear(); } return; }
    var use = target.closest("[data-use-hint]");
    if (use) { e.preventDefault(); Assistant.use(parseInt(use.getAttribute("data-use-hint"), 10)); return; }
    if (target.closest("[data-clear-hand]")) { e.preventDefault(); Assistant.clear(); return; }
    var chip = target.closest("[data-choose-paper]");
    if (chip) {
      Picker.state.paper = chip.getAttribute("data-choose-paper");
      Picker.pendingId = null;
      Picker.save();
      Picker.apply();
      Picker.clearSlots();
      Picker.render(false);
      return;
    }
    if (target.closest("#announcer-ok") || target.id === "announcer") { Announce.hide(); return; }
    var closeDetails = target.closest("[data-close-details]");
    if (closeDetails) {
      var det = closeDetails.closest("details");
      if (det) { det.open = false; var sum = $("summary", det); if (sum) { sum.focus(); } }
      return;
    }
    $$("details.pop[open]").forEach(function (d) { if (!d.contains(target)) { d.open = false; } });
  });

  doc.addEventListener("change", function (e) {
    if (e.target instanceof Element && e.target.closest("#picker-form")) { Picker.fromInputs(); }
    if (e.target instanceof Element && e.target.hasAttribute("data-hand-card")) { Assistant.fromInputs(); }
  });

  doc.addEventListener("submit", function (e) {
    var form = e.target;
    if (!(form instanceof Element)) { return; }
    if (form.id === "picker-form") { Picker.submit(e); return; }
    var dlg = form.closest("dialog.small");
    if (dlg && dlg.open) { window.setTimeout(function () { dlg.close(); }, 0); }
  });

  doc.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
      Announce.hide();
      $$("details.pop[open]").forEach(function (d) {
        d.open = false;
        var s = $("summary", d);
        if (s) { s.focus(); }
      });
    }
  });

  ["pointerdown", "keydown", "touchstart"].forEach(function (type) {
    doc.addEventListener(type, Sound.unlock, { passive: true });
  });

  doc.addEventListener("htmx:afterSwap", function (e) {
    if (e.target && e.target.id === "table") { afterTableUpdate(); }
  });
  doc.addEventListener("htmx:responseError", function (e) {
    var xhr = e.detail && e.detail.xhr;
    if (xhr && xhr.status === 403) {
      // The form expired (the server restarted, or the session changed): reload for a fresh one.
      Toast.show(tx("js_reload"));
      window.setTimeout(function () { window.location.reload(); }, 1200);
      return;
    }
    Toast.show(tx("js_network"));
  });
  doc.addEventListener("htmx:sendError", function () { Toast.show(tx("js_network")); });

  /* home page: the start-player list follows the names as they are typed */
  function startOptions() {
    $$("[data-seat-option]").forEach(function (opt) {
      var i = opt.getAttribute("data-seat-option");
      var input = doc.getElementById("name" + i);
      var name = input ? input.value.trim() : "";
      opt.textContent = name ? opt.getAttribute("data-default") + " · " + name : opt.getAttribute("data-default");
    });
  }

  function localTimes() {
    $$("time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) { return; }
      try {
        t.textContent = d.toLocaleString(LANG === "ja" ? "ja-JP" : undefined, { dateStyle: "medium", timeStyle: "short" });
      } catch (err) { /* keep the server's text */ }
    });
  }

  function init() {
    setupMorph();
    Sound.initToggle();
    $$("[data-seat-name]").forEach(function (i) { i.addEventListener("input", startOptions); });
    startOptions();
    localTimes();
    var ann = $("#announcer");
    if (ann && "popover" in HTMLElement.prototype) { ann.setAttribute("popover", "manual"); }
    if (tableEl()) {
      Picker.init();
      Assistant.sync();
      Announce.check(true);
      Live.init();
    }
  }

  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", init); } else { init(); }

  window.LaminateCompanion = { refresh: function () { return Live.refresh(false); }, picker: Picker, assistant: Assistant };
})();
