// Live standings: every few seconds (data-live-interval) fetch the table alone
// (data-live-url, the page's own sort and view plus fragment=1) and swap it in
// when its version changed. Paused while the tab is hidden. Without this
// script the page is complete; a reload shows the same thing. Each fetch
// revalidates (cache "no-cache"): while the table is unchanged the server
// answers "304 Not Modified" and no table is downloaded.
(function () {
  "use strict";
  var box = document.querySelector("[data-live-url]");
  if (!box || !window.fetch || !window.DOMParser) return;
  var url = box.getAttribute("data-live-url");
  var seconds = parseFloat(box.getAttribute("data-live-interval")) || 30;
  var status = document.querySelector("[data-live-status]");
  var filter = document.querySelector(".standings-filter");
  var timer = null;
  var busy = false; // a fetch is under way
  var lastCheck = Date.now();

  function version(root) {
    var live = root.querySelector("[data-version]");
    return live ? live.getAttribute("data-version") : null;
  }

  // Times are sent in the server's zone; show them in the reader's.
  function localTimes(root) {
    root.querySelectorAll("time[data-local-time]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (!isNaN(when)) {
        el.textContent = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });
      }
    });
  }

  // "Find a player": hide the rows that do not match what was typed; accents and case
  // do not matter and a Latin spelling finds a kanji name (name-filter.js, data-search).
  function applyFilter() {
    if (!filter) return;
    var names = window.nameFilter;
    var typed = filter.querySelector("input").value;
    var words = names ? names.fold(typed).split(" ").filter(Boolean) : [typed.trim().toLocaleLowerCase()].filter(Boolean);
    var shown = 0;
    box.querySelectorAll("tbody tr").forEach(function (row) {
      var name = row.querySelector(".col-player");
      if (!name) return;
      row.hidden = words.length > 0 && !(names
        ? names.matches(words, row)
        : name.textContent.toLocaleLowerCase().indexOf(words[0]) !== -1);
      if (!row.hidden) shown += 1;
    });
    var empty = document.getElementById("standings-no-match");
    if (empty) empty.hidden = words.length === 0 || shown > 0;
  }

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.body.firstElementChild;
    if (!fresh || version(doc) === version(box)) return;
    var scroller = box.querySelector(".table-scroll");
    var left = scroller ? scroller.scrollLeft : 0;
    box.replaceChildren(document.importNode(fresh, true));
    localTimes(box);
    applyFilter();
    scroller = box.querySelector(".table-scroll");
    if (scroller) scroller.scrollLeft = left;
    box.classList.add("is-fresh");
    window.setTimeout(function () { box.classList.remove("is-fresh"); }, 2000);
    if (status) status.textContent = status.getAttribute("data-updated-text");
  }

  function check() {
    timer = null;
    if (document.hidden || busy) return; // resumed by visibilitychange, or by the fetch under way
    busy = true;
    lastCheck = Date.now();
    fetch(url, { headers: { Accept: "text/html" }, cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* offline for a moment: try again next time */ })
      .then(function () {
        busy = false;
        schedule();
      });
  }

  function schedule() {
    if (timer === null && !busy && !document.hidden) timer = window.setTimeout(check, seconds * 1000);
  }

  document.addEventListener("visibilitychange", function () {
    window.clearTimeout(timer);
    timer = null;
    if (document.hidden || busy) return;
    if (Date.now() - lastCheck >= seconds * 1000) {
      check();
    } else {
      schedule();
    }
  });

  if (filter) {
    filter.hidden = false;
    filter.querySelector("input").addEventListener("input", applyFilter);
  }
  localTimes(box);
  schedule();
})();
