// Live standings: every few seconds (data-live-interval) fetch the table alone
// (data-live-url, the page's own sort and view plus fragment=1) and swap it in
// when its version changed. The asking is poll.js's (paused while the tab is
// hidden, If-None-Match: while the table is unchanged the server answers "304
// Not Modified" and no table is downloaded). Without this script the page is
// complete; a reload shows the same thing.
(function () {
  "use strict";
  var box = document.querySelector("[data-live-url]");
  if (!box || !window.poll || !window.DOMParser) return;
  var seconds = parseFloat(box.getAttribute("data-live-interval")) || 30;
  var status = document.querySelector("[data-live-status]");
  var filter = document.querySelector(".standings-filter");

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

  if (filter) {
    filter.hidden = false;
    filter.querySelector("input").addEventListener("input", applyFilter);
  }
  localTimes(box);
  window.poll({ url: box.getAttribute("data-live-url"), every: seconds * 1000, as: "text", data: swap });
})();
