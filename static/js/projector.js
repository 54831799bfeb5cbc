// Projector pages (standings, seating): show the board a screenful at a time.
//
// The server renders every row; this script fits as many as the screen holds
// (rows of a fixed height, in as many columns as the width allows), shows
// one page for data-seconds, fades to the next and loops. Every
// data-refresh seconds it asks data-src for a newer board (sending the
// version it shows: "204" while unchanged; the asking is poll.js's) and swaps
// it in at the next page turn, so no row moves while someone reads it. When
// the network drops it keeps paging through what it has and says since when it
// is not updated.
//
// Keys for the person at the laptop: Space pauses, arrows or Page Up/Down
// turn the page at once, F (or a click) toggles full screen.
(function () {
  "use strict";
  var screen = document.querySelector("[data-projector]");
  if (!screen) return;
  var board = document.getElementById("projector-board");
  var indicator = screen.querySelector("[data-page-indicator]");
  var range = screen.querySelector("[data-range]");
  var updated = screen.querySelector("[data-updated]");
  var progress = screen.querySelector("[data-progress]");
  var seconds = parseInt(screen.getAttribute("data-seconds"), 10) || 12;
  var refreshSeconds = parseFloat(screen.getAttribute("data-refresh")) || 30;
  var FADE_MS = 350; // the pause between two pages, as long as the CSS fade
  var MAX_SCALE = 1.6; // a few rows grow to at most this many times their size
  var state = { page: 0, pages: 1, perPage: 1, rows: [], timer: null, paused: false };
  var data = { version: screen.getAttribute("data-version"), pending: null, lastGood: new Date(), offline: false };
  var poll = window.poll;

  function text(name, values) {
    var out = screen.getAttribute("data-text-" + name) || "";
    Object.keys(values).forEach(function (key) {
      out = out.split("%(" + key + ")s").join(String(values[key]));
    });
    return out;
  }

  // The length in pixels of a CSS length such as "4.6vh", read from the page's own CSS.
  function cssPixels(property, axis) {
    var probe = document.createElement("div");
    probe.className = "projector-probe";
    probe.style.setProperty(axis, "var(" + property + ")");
    board.appendChild(probe);
    var size = probe.getBoundingClientRect()[axis];
    probe.remove();
    return size;
  }

  // Columns and rows per column the board holds at a given --scale, from the CSS sizes.
  function measure(list, scale) {
    screen.style.setProperty("--scale", String(scale));
    var gap = cssPixels("--gap", "width");
    var columns = Math.max(1, Math.floor((board.clientWidth + gap) / (cssPixels("--col-min", "width") + gap)));
    var rowHeight = cssPixels("--row-h", "height");
    var height = board.getBoundingClientRect().bottom - list.getBoundingClientRect().top;
    var perColumn = Math.max(1, Math.floor((height - 1) / rowHeight));
    columns = Math.min(columns, Math.max(1, Math.ceil(state.rows.length / perColumn)));
    return { columns: columns, perColumn: perColumn, perPage: columns * perColumn };
  }

  // How many rows (and columns of rows) the screen holds. A board that fits on one
  // page with room to spare is shown larger, up to MAX_SCALE.
  function fit() {
    var list = board.querySelector("[data-list]");
    var first = state.page * state.perPage;
    state.rows = list ? Array.prototype.slice.call(list.querySelectorAll("[data-row]")) : [];
    if (!list) { state.pages = 1; state.perPage = 1; state.page = 0; return; }
    var scale = 1;
    var size = measure(list, 1);
    if (size.perPage >= state.rows.length) {
      var low = 1, high = MAX_SCALE;
      for (var step = 0; step < 7; step++) {
        var middle = (low + high) / 2;
        if (measure(list, middle).perPage >= state.rows.length) low = middle; else high = middle;
      }
      scale = low;
      size = measure(list, scale);
    }
    screen.style.setProperty("--cols", size.columns);
    screen.style.setProperty("--rows", size.perColumn);
    state.perPage = size.perPage;
    state.pages = Math.max(1, Math.ceil(state.rows.length / state.perPage));
    state.page = Math.min(Math.floor(first / state.perPage), state.pages - 1);
    screen.setAttribute("data-columns", size.columns);
    screen.setAttribute("data-rows-per-column", size.perColumn);
    screen.setAttribute("data-per-page", state.perPage);
    screen.setAttribute("data-pages", state.pages);
    screen.setAttribute("data-scale", scale.toFixed(2));
    var labels = board.querySelector("[data-labels]");
    if (labels) {
      var label = labels.firstElementChild;
      var copies = [label];
      for (var i = 1; i < size.columns; i++) copies.push(label.cloneNode(true));
      labels.replaceChildren.apply(labels, copies);
    }
  }

  // A long name is never cut (issue #34): it shrinks to fit its column, down to MIN_NAME of
  // the line's size; still too long, it takes two lines (or three) at a smaller size.
  var MIN_NAME = 0.6;
  var WRAPPED = [0.52, 0.42, 0.34]; // sizes tried on two or more lines, largest first
  function overflows(cell) {
    return cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1;
  }
  function fitName(cell) {
    cell.style.fontSize = "";
    cell.classList.remove("is-wrapped");
    if (!overflows(cell)) return;
    var ratio = Math.floor((cell.clientWidth / cell.scrollWidth) * 100) / 100;
    if (ratio >= MIN_NAME) {
      cell.style.fontSize = ratio + "em";
      while (overflows(cell) && ratio > MIN_NAME) {
        ratio -= 0.02;
        cell.style.fontSize = ratio + "em";
      }
      if (!overflows(cell)) return;
    }
    cell.classList.add("is-wrapped");
    for (var i = 0; i < WRAPPED.length; i++) {
      cell.style.fontSize = WRAPPED[i] + "em";
      if (!overflows(cell)) return;
    }
  }
  function fitNames(start, end) {
    for (var i = start; i < end && i < state.rows.length; i++) {
      var cell = state.rows[i].querySelector(".col-name");
      if (cell) fitName(cell);
    }
  }

  function show() {
    var start = state.page * state.perPage;
    var end = start + state.perPage;
    var perColumn = parseInt(screen.getAttribute("data-rows-per-column"), 10) || 1;
    state.rows.forEach(function (row, i) {
      var on = i >= start && i < end;
      row.classList.toggle("is-off", !on);
      row.classList.toggle("is-alt", on && ((i - start) % perColumn) % 2 === 1);
    });
    fitNames(start, end);
    screen.setAttribute("data-page", state.page + 1);
    if (indicator) {
      indicator.textContent = state.rows.length ? text("page", { page: state.page + 1, pages: state.pages }) : "";
    }
    if (range && screen.getAttribute("data-projector") === "seating" && state.rows.length) {
      var last = state.rows[Math.min(end, state.rows.length) - 1];
      range.textContent = state.rows[start].getAttribute("data-name") + " – " + last.getAttribute("data-name");
    } else if (range) {
      range.textContent = "";
    }
    restartProgress();
  }

  function restartProgress() {
    if (!progress) return;
    progress.style.transition = "none";
    progress.style.width = "0";
    if (state.paused || state.pages < 2) return;
    void progress.offsetWidth; // start the bar from zero again
    progress.style.transition = "width " + seconds + "s linear";
    progress.style.width = "100%";
  }

  function schedule() {
    window.clearTimeout(state.timer);
    state.timer = state.paused ? null : window.setTimeout(function () { turn(1, true); }, seconds * 1000);
  }

  // The next (or previous) page; new data waiting is swapped in here, between two pages.
  function turn(step, fade) {
    var swap = data.pending !== null;
    if (!swap && state.pages < 2) { schedule(); return; }
    function change() {
      if (swap) {
        board.innerHTML = data.pending;
        data.pending = null;
        state.page = 0;
        fit();
      } else {
        state.page = (state.page + step + state.pages) % state.pages;
      }
      show();
      board.classList.remove("is-turning");
      schedule();
    }
    window.clearTimeout(state.timer);
    if (fade && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      board.classList.add("is-turning");
      state.timer = window.setTimeout(change, FADE_MS);
    } else {
      change();
    }
  }

  function showStatus() {
    if (!updated) return;
    var when = poll.clock(data.lastGood, true);
    var line = data.offline ? text("offline", { time: when }) : text("updated", { time: when });
    if (state.paused) line = text("paused", {}) + " · " + line;
    updated.textContent = line;
    updated.classList.toggle("is-offline", data.offline);
    screen.classList.toggle("is-offline", data.offline);
  }

  // The board's address with the version shown: the server answers "204" while it is the same.
  function boardUrl() {
    var url = screen.getAttribute("data-src");
    var glue = url.indexOf("?") === -1 ? "?" : "&";
    return url + glue + "v=" + encodeURIComponent(data.version || "");
  }

  function readBoard(response) {
    if (response.status !== 200 && response.status !== 204) throw new Error(String(response.status));
    var version = response.headers.get("X-Board-Version");
    if (response.status === 204 || version === data.version) return null;
    return response.text().then(function (html) { return { html: html, version: version }; });
  }

  function newBoard(board) {
    data.pending = board.html;
    data.version = board.version;
    if (state.pages < 2) turn(1, false); // nothing is paging: show it now
  }

  // After each ask: the last good board stays on screen when the network is away.
  function asked(polled) {
    data.offline = polled.offline;
    if (polled.lastGood) data.lastGood = polled.lastGood;
    showStatus();
  }

  function toggleFullScreen() {
    if (!document.fullscreenEnabled) return;
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(function () { /* refused: stay */ });
  }

  document.addEventListener("keydown", function (event) {
    var key = event.key;
    if (key === " ") { state.paused = !state.paused; schedule(); restartProgress(); showStatus(); }
    else if (key === "ArrowRight" || key === "PageDown" || key === "ArrowDown") turn(1, false);
    else if (key === "ArrowLeft" || key === "PageUp" || key === "ArrowUp") turn(-1, false);
    else if (key === "f" || key === "F") toggleFullScreen();
    else return;
    event.preventDefault();
  });
  screen.addEventListener("click", toggleFullScreen);

  // The mouse pointer hides itself after a few quiet seconds.
  var idle = null;
  document.addEventListener("mousemove", function () {
    document.body.classList.remove("is-idle");
    window.clearTimeout(idle);
    idle = window.setTimeout(function () { document.body.classList.add("is-idle"); }, 3000);
  });

  var resizing = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(function () { fit(); show(); schedule(); }, 150);
  });

  fit();
  show();
  showStatus();
  schedule();
  screen.setAttribute("data-ready", "1");
  poll({
    url: boardUrl, every: refreshSeconds * 1000, timeout: 10000, read: readBoard, data: newBoard, after: asked
  });
})();
