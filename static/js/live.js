/* Live updates for the frame (static/js/app.js): the page's own stream, GET <base>/live, whose events carry
 * the table fragment itself (companion/web/pages/live.py), morphed in unless the page already shows that
 * version; without a stream, polling with a conditional fetch of <base>/fragment. A factory, like sound.js:
 * app.js calls window.CompanionLive({tableEl}) and keeps the result.
 */
(function () {
  "use strict";

  window.CompanionLive = function (h) {
    var doc = document, tableEl = h.tableEl;
    /* Without a stream (refused when the server is full, dropped, or no EventSource) the page polls with a
     * conditional fetch (204 when nothing changed), after 1 s at first and less often the longer it lasts
     * (up to 10 s), and tries the stream again after 10 s, doubling up to 2 minutes; every delay has jitter
     * so that a server restart or a full server does not see every phone come back at the same instant.
     * A stream that was open and drops (its server or worker went away, the Wi-Fi blinked) is reopened by the
     * browser itself after the server's retry: of 0.5-1.5 s (drawn per stream), and its first event is the
     * latest version; the page polls meanwhile, so it is current within a few seconds either way. */
    var POLL_FIRST = 1000, POLL_MAX = 10000, STREAM_RETRY = 10000, STREAM_RETRY_MAX = 120000;
    function jitter(ms) { return Math.round(ms * (0.8 + Math.random() * 0.4)); }
    var Live = {
      inflight: false,
      again: false,
      es: null,
      poll: null,
      pollEvery: POLL_FIRST,
      failures: 0,
      retry: null,
      init: function () {
        var t = tableEl();
        if (!t) { return; }
        Live.connect();
        doc.addEventListener("visibilitychange", function () { if (!doc.hidden) { Live.wake(); } });
        window.addEventListener("online", function () { Live.wake(); });
        window.addEventListener("pageshow", function (e) { if (e.persisted) { Live.wake(); } });
      },
      version: function () { var t = tableEl(); return t ? parseInt(t.getAttribute("data-version"), 10) || 0 : 0; },
      wake: function () {
        Live.refresh(true);
        if (Live.poll) { Live.pollEvery = POLL_FIRST; }
      },
      connect: function () {
        var t = tableEl();
        Live.retry = null;
        if (!window.EventSource) { Live.startPolling(); return; }
        var es;
        // The page's own stream carries the fragment itself (pages/live.py): a change costs no request.
        var url = t.getAttribute("data-base") + "/live?since=" + Live.version();
        try { es = new EventSource(url); } catch (e) { Live.startPolling(); return; }
        Live.es = es;
        es.addEventListener("open", function () { Live.failures = 0; Live.stopPolling(); });
        es.addEventListener("table", function (e) {
          Live.stopPolling();
          Live.show(e.data);
        });
        es.addEventListener("error", function () {
          Live.startPolling();  // nothing is missed meanwhile
          if (es.readyState === 2 && !Live.retry) {
            // Refused (503 when the server is full) or failed for good: the browser gives up; try later.
            Live.failures += 1;
            var wait = Math.min(STREAM_RETRY * Math.pow(2, Live.failures - 1), STREAM_RETRY_MAX);
            Live.retry = window.setTimeout(Live.connect, jitter(wait));
          }
        });
      },
      startPolling: function () {
        if (Live.poll) { return; }
        Live.pollEvery = POLL_FIRST;
        var tick = function () {
          Live.refresh(true);
          Live.pollEvery = Math.min(Math.round(Live.pollEvery * 1.5), POLL_MAX);
          Live.poll = window.setTimeout(tick, jitter(Live.pollEvery));
        };
        Live.poll = window.setTimeout(tick, jitter(Live.pollEvery));
      },
      stopPolling: function () {
        if (Live.poll) { window.clearTimeout(Live.poll); Live.poll = null; }
      },
      /* A fragment from the stream. Events that arrive together (a phone catching up, a fast run of moves)
       * are morphed once, the latest: each is a whole table, and morphing every one in turn on a busy phone
       * fell seconds behind. Morphed unless the page already shows that version or a newer one (a tap's own
       * answer can land first). */
      pending: null,
      show: function (html) {
        var first = Live.pending === null;
        Live.pending = html;
        if (!first) { return; }
        var done = false;
        var run = function () {
          if (done) { return; }
          done = true;
          var latest = Live.pending;
          Live.pending = null;
          Live.morph(latest);
        };
        if (window.requestAnimationFrame && !doc.hidden) { window.requestAnimationFrame(run); }
        window.setTimeout(run, 60);  // a hidden tab has no animation frames
      },
      morph: function (html) {
        var t = tableEl(), m = /data-version="(\d+)"/.exec(html || "");
        if (!t || !m || !window.htmx || parseInt(m[1], 10) <= Live.version()) { return; }
        window.htmx.swap(t, html, { swapStyle: "morph" }, { contextElement: doc.body });  // fires afterSwap
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
    return Live;
  };
})();
