/* Sound and vibration for the frame's announcements (a switch turns both off; the AudioContext starts on the
 * first tap). A factory, so it uses the frame's own helpers: app.js calls
 * window.CompanionSound({$, store, tx}) and exposes the result as window.Companion.Sound.
 */
(function () {
  "use strict";

  window.CompanionSound = function (h) {
    var $ = h.$, store = h.store, tx = h.tx;
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
        // A phone nobody has tapped yet may not vibrate (the browser blocks it and logs an error): skip it then.
        var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
        if (navigator.vibrate && touched) {
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
    return Sound;
  };

  /* Speech: a device that turned it on (and has the sound switch on) also says announcements aloud, through
   * the browser's speech synthesis, in the page's language. Each event has a key and is said at most once on
   * a device (keys are kept per table in localStorage). Nothing happens where speech synthesis is missing.
   * A factory like CompanionSound: window.CompanionSpeech({store, soundOn, lang}) -> {supported, on, set,
   * say(key, text), seen(key), mark(keys)}. Used by the news (static/js/news.js). */
  window.CompanionSpeech = function (h) {
    var store = h.store;
    var SEEN = "lr-said:" + (h.table || "");
    function supported() {
      return !!(window.speechSynthesis && typeof window.speechSynthesis.speak === "function" &&
                typeof window.SpeechSynthesisUtterance === "function");
    }
    function said() {
      var list = null;
      try { list = JSON.parse(store.get(SEEN) || "null"); } catch (e) { list = null; }
      return Array.isArray(list) ? list : [];
    }
    function mark(keys) {
      var list = said();
      keys.forEach(function (k) { if (list.indexOf(k) < 0) { list.push(k); } });
      store.set(SEEN, JSON.stringify(list.slice(-120)));
    }
    var Speech = {
      supported: supported,
      on: function () { return supported() && store.get("lr-speech") === "on" && h.soundOn(); },
      wanted: function () { return store.get("lr-speech") === "on"; },
      set: function (on) { store.set("lr-speech", on ? "on" : "off"); },
      seen: function (key) { return said().indexOf(key) >= 0; },
      mark: mark,
      say: function (key, text) {
        if (!key || !text || Speech.seen(key)) { return false; }
        mark([key]);  // said or not, this event is past: never say it later
        if (!Speech.on()) { return false; }
        try {
          var u = new window.SpeechSynthesisUtterance(text);
          u.lang = h.lang === "ja" ? "ja-JP" : h.lang === "en" ? "en-US" : h.lang;
          window.speechSynthesis.speak(u);
        } catch (e) { return false; }
        return true;
      },
    };
    return Speech;
  };
})();
