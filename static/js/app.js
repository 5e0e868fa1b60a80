/* The companion's frame script, shared by every game: helpers, morph setup, the sound/vibration switch,
 * announcements, the toast, live updates (SSE, polling as a fallback), dialog and <details> helpers and
 * start-up. It never names a game. The start page's own script is static/js/home.js.
 *
 * A game's script (its package's static/<game>*.js, listed in its GameUI.scripts) is loaded deferred after this
 * file and uses window.Companion:
 *   $(sel, root) / $$(sel, root)   querySelector / querySelectorAll as an array
 *   el(tag, cls, text)             a new element (text through textContent only)
 *   cssq(value)                    escaped for an attribute selector: '[data-x="' + cssq(v) + '"]'
 *   lang; tx(key, params); text(key)   the page's language ("en", "ja"…); a #js-text text with {name}s filled
 *                                  (the key if none); the raw text (undefined if none)
 *   tn(key, n, params)             a #js-text plural entry in the form the count n takes in the page's
 *                                  language (Intl.PluralRules), {n} and the params filled
 *   store.get(k) / store.set(k, v) localStorage that never throws
 *   randomId()                     32 hex characters (action_id)
 *   postJSON(url, body)            Promise<{status, body}>, rejected only when the network fails
 *   errorText(body)                an API error body's sentence in the page's language
 *   tableEl()                      the live #table, or null
 *   Toast.show(text); Announce.show(texts, kind) / .hide() (the news strip); Sound.on() / .play(kind)
 *   Live.refresh(conditional)      re-fetch #table and morph it in (a Promise); Live.version()
 *   onTable(fn)                    fn(first): at start-up (true) and after each morph of #table (false),
 *                                  before announcements are checked; table pages only
 *   onClick(fn) / onSubmit(fn)     fn(event, element) inside the frame's delegated listeners, after its
 *                                  dialog openers/closers, before its fallbacks; return true if handled
 *
 * Strict CSP: no inline code, no eval; text reaches the DOM through textContent only. Without scripts every
 * page still works: forms post and redirect back.
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

  var LANG = doc.documentElement.lang || "en";
  var TEXT = {};
  var FORMS = {};  // plural entries: key -> {category: form} ("one", "other"… as the page's language has them)
  var tpl = $("#js-text");
  if (tpl && tpl.content) {
    $$("[data-k]", tpl.content).forEach(function (el) {
      var key = el.getAttribute("data-k"), category = el.getAttribute("data-plural");
      if (category) { (FORMS[key] = FORMS[key] || {})[category] = el.textContent; } else { TEXT[key] = el.textContent; }
    });
  }
  function fill(s, params) {
    if (!params) { return s; }
    return s.replace(/\{(\w+)\}/g, function (m, k) { return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m; });
  }
  function tx(key, params) { return fill(TEXT[key] || key, params); }
  var plurals = null;
  function tn(key, n, params) {
    var forms = FORMS[key];
    if (!forms) { return fill(TEXT[key] || key, Object.assign({ n: n }, params)); }
    if (!plurals) {
      try { plurals = new Intl.PluralRules(LANG); } catch (e) { plurals = { select: function (k) { return k === 1 ? "one" : "other"; } }; }
    }
    return fill(forms[plurals.select(n)] || forms.other || key, Object.assign({ n: n }, params));
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
    var own = LANG === "ja" ? body.message_ja : LANG === "en" ? body.message_en : null;
    return own || body.message || tx("js_network");
  }

  /* ---------------------------------------------------------------------------------------------------
   * Morphing: keep what the player is doing. Dialogs and <details> stay open, inputs marked data-keep
   * (a game's picker) stay as chosen, and regions a script owns (data-js-owned) are left alone.
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
      if (oldNode.nodeType !== 1) { return true; }
      // a text field being typed in is not reset by another phone's move
      if (oldNode === doc.activeElement && oldNode.tagName === "INPUT" && oldNode.type === "text") { return false; }
      return !oldNode.hasAttribute("data-js-owned");
    };
  }

  /* Sound and vibration: static/js/sound.js (loaded before this file, like live.js). */
  var Sound = window.CompanionSound({ $: $, store: store, tx: tx });

  /* Announcements (a pair, a bust, the end…): static/js/news.js, a strip nobody has to dismiss, speech and
   * table-centre mode for every game (loaded before this file, like sound.js). */
  var Announce = window.CompanionNews({ $: $, $$: $$, store: store, tx: tx, lang: LANG, tableEl: tableEl, Sound: Sound });

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

  /* Live updates: static/js/live.js (the page's stream, polling as the fallback). */
  var Live = window.CompanionLive({ tableEl: tableEl });

  /* ---------------------------------------------------------------------------------------------------
   * Hooks for game scripts
   * ------------------------------------------------------------------------------------------------- */
  var hooks = { table: [], click: [], submit: [] };
  var started = false;

  /* A game's bug must not stop the frame: it is reported (console, window.onerror) and the rest goes on. */
  function runHooks(list, args) {
    for (var i = 0; i < list.length; i++) {
      try {
        if (list[i].apply(null, args)) { return true; }
      } catch (err) {
        window.setTimeout(function () { throw err; }, 0);
      }
    }
    return false;
  }

  function onTable(fn) {
    hooks.table.push(fn);
    if (started && tableEl()) { runHooks([fn], [true]); }  // a script that came late still starts
  }

  /* ---------------------------------------------------------------------------------------------------
   * Wiring
   * ------------------------------------------------------------------------------------------------- */
  function afterTableUpdate() {
    Announce.centre();
    runHooks(hooks.table, [false]);
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
    if (runHooks(hooks.click, [e, target])) { return; }
    var closeDetails = target.closest("[data-close-details]");
    if (closeDetails) {
      var det = closeDetails.closest("details");
      if (det) { det.open = false; var sum = $("summary", det); if (sum) { sum.focus(); } }
      return;
    }
    $$("details.pop[open]").forEach(function (d) { if (!d.contains(target)) { d.open = false; } });
  });

  doc.addEventListener("submit", function (e) {
    var form = e.target;
    if (!(form instanceof Element)) { return; }
    if (runHooks(hooks.submit, [e, form])) { return; }
    var dlg = form.closest("dialog.small");
    if (dlg && dlg.open) { window.setTimeout(function () { dlg.close(); }, 0); }
  });

  doc.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
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
    if (repairNested()) { return; }
    if (e.target && e.target.id === "table") { afterTableUpdate(); }
  });
  // A form's answer can arrive after a live refresh replaced the form. htmx then finds no morph extension
  // above the detached form and would nest a second #table inside the first: morph it in from the body.
  // (htmx puts the requesting element in detail.requestConfig.elt; detail.elt is only set by some events.)
  doc.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail, table = tableEl();
    // A live refresh that lands after a form's answer brought the same or a newer version must not take the
    // page back (or drop the answer's notice): it has nothing new.
    var path = d && d.requestConfig && d.requestConfig.path;
    if (table && d.shouldSwap && path && /\/fragment(\?|$)/.test(path) && typeof d.serverResponse === "string") {
      var m = /data-version="(\d+)"/.exec(d.serverResponse);
      if (m && parseInt(m[1], 10) <= Live.version()) { d.shouldSwap = false; return; }
    }
    var source = d && ((d.requestConfig && d.requestConfig.elt) || d.elt);
    if (!source || !d.shouldSwap || !table || !window.htmx.swap || !d.target || d.target.id !== "table") { return; }
    if (doc.body.contains(source) && doc.body.contains(d.target)) { return; }
    d.shouldSwap = false;
    window.htmx.swap(table, d.serverResponse, { swapStyle: "morph" }, { contextElement: doc.body });  // fires afterSwap
  });
  // The last line of defence: should any swap still have put a #table inside #table, keep the newer one,
  // at once (afterSwap comes in the same task as the swap, so nothing ever sees two tables).
  function repairNested() {
    var inner = $("#table #table");
    if (!inner) { return false; }
    var outer = inner.parentElement.closest("#table");
    inner.classList.remove("htmx-added");
    outer.replaceWith(inner);
    afterTableUpdate();
    return true;
  }
  doc.addEventListener("htmx:afterSettle", repairNested);
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

  function init() {
    if (started) { return; }
    started = true;
    setupMorph();
    Sound.initToggle();
    if (tableEl()) {
      Announce.centre();
      Announce.paint();
      runHooks(hooks.table, [true]);
      Announce.check(true);
      Live.init();
    }
  }

  window.Companion = {
    $: $, $$: $$, el: el, cssq: cssq, lang: LANG, tx: tx, tn: tn,
    text: function (key) { return Object.prototype.hasOwnProperty.call(TEXT, key) ? TEXT[key] : undefined; },
    store: store, randomId: randomId, postJSON: postJSON, errorText: errorText, tableEl: tableEl,
    Toast: { show: Toast.show },
    Announce: { show: Announce.show, hide: Announce.hide },
    Sound: { on: Sound.on, play: Sound.play },
    Live: { refresh: Live.refresh, version: Live.version },
    onTable: onTable,
    onClick: function (fn) { hooks.click.push(fn); },
    onSubmit: function (fn) { hooks.submit.push(fn); },
  };

  // Deferred, this file runs before the game scripts: start once they are in. DOMContentLoaded comes right
  // after the last deferred script; "load" is a backstop for a page that added this file late.
  if (doc.readyState === "complete") { init(); } else {
    doc.addEventListener("DOMContentLoaded", init);
    window.addEventListener("load", init);
  }
})();
