// A print job's page: every second, ask the job's JSON status
// (data-job-status-url) and move the progress bar; once the job is done or
// failed, reload so the server shows the download link or the error. Paused
// while the tab is hidden. Without this script a <noscript> refresh does it.
(function () {
  "use strict";
  var box = document.querySelector("[data-job-status-url][data-job-active]");
  if (!box || !window.fetch) return;
  var url = box.getAttribute("data-job-status-url");
  var bar = box.querySelector("[data-job-progress]");
  var text = box.querySelector("[data-job-text]");
  var badge = document.querySelector("[data-job-badge]");
  var ofText = text ? text.getAttribute("data-of-text") : "/";
  var SECONDS = 1;
  var timer = null;
  var busy = false; // a request is under way

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
  }

  function check() {
    timer = null;
    if (document.hidden || busy) return; // resumed by visibilitychange
    busy = true;
    fetch(url, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.ok) return response.json();
        // Logged out or the job is gone: let the server's page say so.
        if (response.status < 500) return { active: false };
        return null;
      })
      .then(function (state) {
        if (!state) return true;
        show(state);
        if (!state.active) {
          window.location.reload();
          return false;
        }
        return true;
      })
      .catch(function () { return true; /* offline for a moment: try again */ })
      .then(function (again) {
        busy = false;
        if (again) schedule();
      });
  }

  function schedule() {
    if (timer === null && !document.hidden) timer = window.setTimeout(check, SECONDS * 1000);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && timer === null && !busy) check();
  });
  schedule();
})();
