// Live table progress (issue #18): every 10 seconds, ask the round's progress
// (a JSON answer that is never cached, while the page around it may be) and
// update each table's hands, state and judge-call marker, the counts and the
// "updated" time. When the server cannot be reached the grid stays and says so.
// The asking is poll.js's (paused while the tab is hidden).
(function () {
  "use strict";
  if (!window.poll) return;
  var EVERY = 10000;
  var STATES = ["none", "draft", "submitted", "confirmed"];

  function progress(section) {
    var offline = section.querySelector("[data-progress-offline]");
    var updated = section.querySelector("[data-progress-updated]");

    function show(data) {
      section.querySelector("[data-progress-counts]").textContent = data.counts_text;
      data.tables.forEach(function (t) {
        var cell = section.querySelector('[data-table="' + t.number + '"]');
        if (!cell) { return; }
        STATES.forEach(function (s) { cell.classList.remove("state-" + s); });
        cell.classList.add("state-" + t.state);
        cell.classList.toggle("is-finished", t.finished);
        cell.querySelector("[data-hands]").textContent = t.hands_text;
        cell.querySelector("[data-state]").textContent = t.state_text;
        cell.querySelector("[data-over]").hidden = !(t.finished && t.state === "draft");
        var calling = cell.querySelector("[data-calling]");
        if (calling) { calling.hidden = !t.calling; }
      });
      updated.textContent = window.poll.clock(new Date(), true);
      offline.hidden = true;
    }

    function failed() {
      offline.textContent = section.getAttribute("data-offline");
      offline.hidden = false;
    }

    // At once: the page may have come from the public page cache.
    window.poll({ url: section.getAttribute("data-progress-url"), every: EVERY, now: true, data: show, error: failed });
  }

  document.querySelectorAll("[data-progress-url]").forEach(progress);
})();
