// Judge calls, live (issue #18).
// On the judges' round page ([data-calls-url]): ask the round's waiting calls every
// 5 seconds and redraw the list from its <template>, with a count in the page's title;
// "offline" when the server cannot be reached (the list stays as it was).
// On a table's public page ([data-call-state-url]): follow the table's call
// ("waiting", "a judge is coming", "resolved") without reloading.
// The asking is poll.js's; the judges' list goes on while its tab is hidden, for
// the count in the title.
(function () {
  "use strict";
  if (!window.poll) return;
  var EVERY = 5000;

  function clock(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var s = seconds % 60;
    return Math.floor(seconds / 60) + ":" + (s < 10 ? "0" : "") + s;
  }

  function judges(section) {
    var list = section.querySelector("[data-calls-list]");
    var template = section.querySelector("[data-call-template]");
    var empty = section.querySelector("[data-calls-empty]");
    var count = section.querySelector("[data-calls-count]");
    var offline = section.querySelector("[data-calls-offline]");
    var title = document.title.replace(/^\(\d+\) /, "");
    var fetchedAt = Date.now();

    function tick() {
      var gone = (Date.now() - fetchedAt) / 1000;
      list.querySelectorAll("[data-wait]").forEach(function (el) {
        el.textContent = clock(Number(el.getAttribute("data-wait")) + gone);
      });
    }

    function row(call) {
      var li = template.content.firstElementChild.cloneNode(true);
      li.className = "call call-" + call.status;
      li.setAttribute("data-call", call.id);
      li.querySelector(".call-table").textContent = call.table_label;
      li.querySelector("[data-called]").textContent = call.called;
      li.querySelector("[data-wait]").setAttribute("data-wait", call.waiting_seconds);
      li.querySelector(".call-status").textContent = call.status_text;
      var reason = li.querySelector(".call-reason");
      if (call.reason) { reason.textContent = call.reason; } else { reason.remove(); }
      li.querySelectorAll("input[name=call]").forEach(function (input) { input.value = call.id; });
      var take = li.querySelector("[data-take]");
      if (take && call.status !== "open") { take.remove(); }
      return li;
    }

    function show(data) {
      fetchedAt = Date.now();
      offline.hidden = true;
      list.replaceChildren.apply(list, data.calls.map(row));
      empty.hidden = data.calls.length > 0;
      count.textContent = data.calls.length;
      document.title = (data.open ? "(" + data.open + ") " : "") + title;
      tick();
    }

    function failed() {
      offline.textContent = section.getAttribute("data-offline");
      offline.hidden = false;
    }

    var opened = list.querySelectorAll(".call-open").length;
    document.title = (opened ? "(" + opened + ") " : "") + title;
    window.poll({
      url: section.getAttribute("data-calls-url"), every: EVERY, hidden: "keep", data: show, error: failed
    });
    setInterval(tick, 1000);
  }

  function player(box) {
    var text = box.querySelector("[data-call-state]");
    function show(data) {
      if (!data.status) { return; }
      box.hidden = false;
      box.className = "call-state call-" + data.status;
      text.textContent = data.text;
    }
    // Offline, the page keeps what it showed; the next try may work.
    window.poll({ url: box.getAttribute("data-call-state-url"), every: EVERY, data: show });
  }

  document.querySelectorAll("[data-calls-url]").forEach(judges);
  document.querySelectorAll("[data-call-state-url]").forEach(player);
})();
