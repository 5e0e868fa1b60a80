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
    return Sound;
  };
})();
