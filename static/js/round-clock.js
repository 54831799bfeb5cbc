// The round clock (templates/hall/_clock.html, the projector's clock page).
//
// Counts down on this device from the server's time: at load and after each
// successful poll, offset = server_now − the local time (taken halfway
// through the request), so a phone whose own clock is wrong still shows the
// right time, and one that loses the network keeps counting from the last
// data it had. Every 2 s it asks the clock's JSON (data-url) to pick up a
// pause, a resume, an extension or a table's extra time (the asking is
// poll.js's); when that fails it says "offline · last updated hh:mm:ss".
// Without this script the page shows the time as it was when it was rendered.
(function () {
  "use strict";
  if (window.roundClockStarted || !window.poll) return; // the script tag may be on the page twice
  window.roundClockStarted = true;
  var TICK_MS = 250;
  var POLL_MS = 2000;
  var STATUSES = ["not_started", "running", "paused", "over", "stopped"];

  function number(value) {
    var n = parseFloat(value);
    return isNaN(n) ? null : n;
  }

  function clockText(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var mm = (minutes < 10 ? "0" : "") + minutes;
    var ss = (seconds < 10 ? "0" : "") + seconds;
    return hours ? hours + ":" + mm + ":" + ss : mm + ":" + ss;
  }

  // Remaining ms of one timing ({status, deadline, remaining}) at server time `now`.
  function remainingOf(timing, now) {
    if (!timing || timing.status === "not_started") return null;
    if (timing.status === "paused" || timing.status === "stopped" || timing.deadline === null) {
      return timing.remaining;
    }
    return Math.max(0, timing.deadline - now);
  }

  function Clock(box) {
    this.box = box;
    this.url = box.getAttribute("data-url");
    this.table = box.getAttribute("data-table");
    this.follow = box.hasAttribute("data-follow");
    this.round = box.getAttribute("data-round");
    this.digits = box.querySelector("[data-clock-digits]");
    this.updated = box.querySelector("[data-clock-updated]") || document.querySelector("[data-clock-updated]");
    this.extra = box.querySelector("[data-clock-extra]");
    this.tables = box.querySelector("[data-clock-tables]");
    this.textTime = box.getAttribute("data-text-time") || "Time!";
    this.textUpdated = box.getAttribute("data-text-updated") || "last updated %(time)s";
    this.textOffline = box.getAttribute("data-text-offline") || "offline · last updated %(time)s";
    this.offset = number(box.getAttribute("data-server-now")) - Date.now();
    this.lastUpdate = new Date();
    this.offline = false;
    this.timing = {
      status: box.getAttribute("data-status") || "not_started",
      deadline: number(box.getAttribute("data-deadline")),
      remaining: number(box.getAttribute("data-remaining")),
    };
    this.extras = [];
    var self = this;
    if (this.tables) {
      this.tables.querySelectorAll("[data-clock-table]").forEach(function (row) {
        self.extras.push({
          number: row.getAttribute("data-clock-table"),
          label: row.querySelector(".round-clock-table-name").textContent,
          deadline: number(row.getAttribute("data-deadline")),
          remaining: number(row.getAttribute("data-remaining")),
          status: self.timing.status,
        });
      });
    }
  }

  Clock.prototype.now = function () {
    return Date.now() + this.offset;
  };

  Clock.prototype.showStatus = function (status) {
    var box = this.box;
    STATUSES.forEach(function (s) { box.classList.toggle("is-" + s, s === status); });
    box.setAttribute("data-status", status);
  };

  Clock.prototype.tick = function () {
    var now = this.now();
    var left = remainingOf(this.timing, now);
    var status = this.timing.status;
    if (status === "running" && left <= 0) status = "over";
    this.showStatus(status);
    if (this.digits) {
      var text = left === null ? "--:--" : (status === "over" ? this.textTime : clockText(left));
      if (this.digits.textContent !== text) this.digits.textContent = text;
    }
    if (this.tables) {
      var self = this;
      this.tables.querySelectorAll("[data-clock-table]").forEach(function (row, i) {
        var t = self.extras[i];
        var ms = remainingOf(t, now);
        var over = ms !== null && ms <= 0 && t.status !== "paused" && t.status !== "stopped";
        row.classList.toggle("is-over", over);
        var cell = row.querySelector("[data-clock-digits]");
        var text = ms === null ? "--:--" : (over ? self.textTime : clockText(ms));
        if (cell.textContent !== text) cell.textContent = text;
      });
    }
  };

  Clock.prototype.showUpdated = function () {
    if (!this.updated) return;
    var template = this.offline ? this.textOffline : this.textUpdated;
    var text = template.replace("%(time)s", window.poll.clock(this.lastUpdate, true));
    this.updated.classList.toggle("offline", this.offline);
    this.box.classList.toggle("is-offline", this.offline);
    if (this.updated.textContent !== text) this.updated.textContent = text;
  };

  Clock.prototype.renderTables = function (tables) {
    if (!this.tables) return;
    var list = this.tables;
    this.extras = tables;
    list.replaceChildren();
    tables.forEach(function (t) {
      var li = document.createElement("li");
      li.setAttribute("data-clock-table", t.number);
      var name = document.createElement("span");
      name.className = "round-clock-table-name";
      name.textContent = t.label;
      var time = document.createElement("span");
      time.className = "round-clock-table-time";
      time.setAttribute("data-clock-digits", "");
      li.appendChild(name);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(time);
      list.appendChild(li);
    });
    list.hidden = tables.length === 0;
  };

  Clock.prototype.apply = function (state, sentAt, receivedAt) {
    if (typeof state.server_now === "number") {
      this.offset = state.server_now - (sentAt + receivedAt) / 2;
    }
    if (this.follow && state.latest_round && String(state.latest_round) !== this.round) {
      window.location.reload(); // the director started the next round's clock
      return;
    }
    this.timing = this.table && state.table ? state.table : state;
    if (this.extra && state.table) {
      var minutes = Math.round(state.table.extra / 60000);
      this.extra.hidden = minutes === 0;
      this.extra.textContent = this.extra.getAttribute("data-text").replace("%(minutes)s", minutes);
    }
    this.renderTables(state.tables || []);
    this.lastUpdate = new Date(receivedAt);
    this.offline = false;
  };

  Clock.prototype.start = function () {
    var self = this;
    this.showUpdated();
    this.tick();
    window.setInterval(function () { self.tick(); }, TICK_MS);
    if (!this.url) return;
    window.poll({
      url: this.url,
      every: POLL_MS,
      now: true, // a page served from a cache carries an older server_now
      data: function (state, times) { self.apply(state, times.sentAt, times.receivedAt); },
      after: function (polled) {
        self.offline = polled.offline;
        self.showUpdated();
        self.tick();
      },
    });
  };

  function startAll() {
    document.querySelectorAll("[data-round-clock]").forEach(function (box) {
      new Clock(box).start();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
