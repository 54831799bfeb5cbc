/* One way to ask the server again and again, for every live page: the standings,
 * the round clock, judge calls, table progress, the projector and a print job.
 *
 * window.poll({url, every, data, ...}) asks `url` every `every` ms, one request at
 * a time (the next wait starts when the answer is in), and hands each answer to
 * data(answer, times). The rules every page shares live here, once:
 *
 * - Hidden, it pauses (a phone's locked screen, another tab): no battery or server
 *   spent on a page nobody sees. Shown again, it asks at once if the last ask is
 *   `every` ago, else when that is due. hidden: "keep" goes on asking (the judges'
 *   list of calls counts the waiting calls in the tab's title, read from other tabs).
 * - Errors back off: no network, a 5xx, no answer within `timeout`. A moment offline
 *   is normal on a venue's Wi-Fi, so the first GRACE failures in a row wait `every`
 *   as usual; each later one doubles the wait, up to `most` (30 s, or `every` when
 *   that is longer), so a hall of phones does not hammer a struggling server. The
 *   browser's "online" ends the wait at once.
 * - Offline: the first failure after an answer starts "offline since HH:MM".
 *   after(state) is told after every ask: {offline, since (a Date or null), lastGood
 *   (the time of the last answer), failures}; poll.clock(date) formats a time for it.
 * - ETag: an answer that carried one is asked for again with If-None-Match; the
 *   server's "304 Not Modified" means no change: no body is sent, data() is not called.
 *
 * read(response) may turn a response into the answer itself (the default: JSON, or
 * the text with as: "text"; a 304 or 204 is null, "no change"); whatever it throws is
 * an error. data() returning false stops the polling (a print job that is done).
 * Without fetch nothing is polled: every page is complete as the server drew it.
 */
(function () {
  "use strict";
  if (window.poll) return; // the script may be on a page twice (two partials)

  var GRACE = 2; // failures in a row before the waits grow
  var MOST_MS = 30000;

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  // "HH:MM", or "HH:MM:SS" with seconds, in the reader's own time.
  function clock(date, seconds) {
    var text = two(date.getHours()) + ":" + two(date.getMinutes());
    return seconds ? text + ":" + two(date.getSeconds()) : text;
  }

  function standardRead(as) {
    return function (response) {
      if (response.status === 304 || response.status === 204) return null;
      if (!response.ok) throw new Error("poll: " + response.status);
      return as === "text" ? response.text() : response.json();
    };
  }

  function poll(options) {
    var every = options.every;
    var most = Math.max(every, options.most || MOST_MS);
    var timeout = options.timeout || Math.max(10000, every);
    var read = options.read || standardRead(options.as);
    var accept = options.as === "text" ? "text/html" : "application/json";
    var keepWhenHidden = options.hidden === "keep";
    var state = { offline: false, since: null, lastGood: null, failures: 0 };
    var timer = null;
    var busy = false; // a request is under way
    var stopped = false;
    var lastAsk = 0;
    var etag = null;

    function wait() {
      var extra = Math.max(0, state.failures - GRACE);
      return Math.min(most, every * Math.pow(2, extra));
    }

    function paused() {
      return stopped || (document.hidden && !keepWhenHidden);
    }

    function schedule(ms) {
      window.clearTimeout(timer);
      timer = null;
      if (!paused() && !busy) timer = window.setTimeout(ask, ms === undefined ? wait() : ms);
    }

    function succeeded() {
      state.failures = 0;
      state.offline = false;
      state.since = null;
      state.lastGood = new Date();
    }

    function failed(error) {
      state.failures += 1;
      if (!state.offline) state.since = new Date();
      state.offline = true;
      if (options.error) options.error(error, state);
    }

    function ask() {
      timer = null;
      if (paused() || busy) return;
      busy = true;
      lastAsk = Date.now();
      var headers = { Accept: accept };
      if (etag) headers["If-None-Match"] = etag;
      var stop = window.AbortController ? new AbortController() : null;
      var giveUp = window.setTimeout(function () {
        if (stop) stop.abort();
      }, timeout);
      var url = typeof options.url === "function" ? options.url() : options.url;
      var times = { sentAt: lastAsk, receivedAt: null };
      var again = true;
      fetch(url, {
        headers: headers,
        cache: "no-store", // this script decides what is fresh (If-None-Match), not the cache
        credentials: "same-origin",
        signal: stop ? stop.signal : undefined,
      })
        .then(function (response) {
          times.receivedAt = Date.now();
          if (response.ok && response.headers.get("ETag")) etag = response.headers.get("ETag");
          return Promise.resolve(read(response)).then(function (answer) {
            succeeded();
            if (answer !== null && answer !== undefined && options.data) {
              again = options.data(answer, times) !== false;
            }
          });
        })
        .catch(failed)
        .then(function () {
          window.clearTimeout(giveUp);
          busy = false;
          if (options.after) options.after(state);
          if (again) schedule();
          else stopped = true;
        });
    }

    document.addEventListener("visibilitychange", function () {
      if (keepWhenHidden || stopped) return;
      if (document.hidden) {
        window.clearTimeout(timer);
        timer = null;
      } else if (!busy) {
        schedule(Math.max(0, lastAsk + wait() - Date.now()));
      }
    });

    window.addEventListener("online", function () {
      if (state.failures && !busy) schedule(0);
    });

    if (window.fetch) schedule(options.now ? 0 : every);

    return {
      state: state,
      stop: function () {
        stopped = true;
        window.clearTimeout(timer);
      },
    };
  }

  poll.clock = clock;
  window.poll = poll;
})();
