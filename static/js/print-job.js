// A print job's page: every second, ask the job's JSON status
// (data-job-status-url) and move the progress bar; once the job is done or
// failed, reload so the server shows the download link or the error. The
// asking is poll.js's (paused while the tab is hidden). Without this script a
// <noscript> refresh does it.
(function () {
  "use strict";
  var box = document.querySelector("[data-job-status-url][data-job-active]");
  if (!box || !window.poll) return;
  var bar = box.querySelector("[data-job-progress]");
  var text = box.querySelector("[data-job-text]");
  var badge = document.querySelector("[data-job-badge]");
  var ofText = text ? text.getAttribute("data-of-text") : "/";

  function show(state) {
    if (badge && state.status_display) {
      badge.textContent = state.status_display;
      badge.className = "badge badge-" + state.status;
    }
    if (bar && typeof state.percent === "number") {
      bar.value = state.percent;
      bar.textContent = state.percent + " %";
    }
    if (text && state.total) text.textContent = state.done + " " + ofText + " " + state.total;
    if (state.active) return true;
    window.location.reload();
    return false;
  }

  function read(response) {
    if (response.status === 304) return null; // unchanged
    if (response.ok) return response.json();
    // Logged out or the job is gone: let the server's page say so.
    if (response.status < 500) return { active: false };
    throw new Error("print job " + response.status); // the server struggles: try again
  }

  window.poll({ url: box.getAttribute("data-job-status-url"), every: 1000, read: read, data: show });
})();
