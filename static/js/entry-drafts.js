/* Nothing a judge types is lost: local drafts per table and hand, and an offline Save queue.
 *
 * Drafts: every change to an entry form of the table page (the hand form, the
 * final scores, the ruling) is kept in localStorage under the form's address
 * (".../hand/" is the next hand, ".../hand/3/" the correction of hand 3), with
 * its one-time entry key, its base version and the time. A later visit (a
 * reload, a login after the session ended, a tab the phone killed) puts it
 * back, unless the server drew the form itself with errors or a check (the
 * server's copy wins there) or the page says that key was saved.
 *
 * Queue: Save is sent with fetch. When the server cannot be reached the post
 * waits in localStorage ("Waiting to send: 1") and is sent again when the
 * network is back, every few seconds, and on the next visit. It is sent
 * unchanged (the same entry key and base version), so the server saves it
 * once however often it arrives. The server answers such a post's redirect
 * with a 204 naming the address (tournament/results/queued_posts.py); the
 * script goes there, so the "saved" message shows on the page that follows.
 *
 * Setting fields dispatches bubbling "input" and "change" on each, so the
 * other scripts of the page (the tile view) draw them again.
 */
(function () {
  "use strict";

  var box = document.getElementById("entry-drafts");
  if (!box || !window.localStorage) return;

  var FORMS = "form.hand-form, form.final-form, form.ruling-form";
  var DRAFT = "entry-draft:";
  var QUEUE = "entry-queue";
  var RETRY_MS = 5000;
  var TIMEOUT_MS = 20000;
  var MAX_AGE_MS = 3 * 24 * 3600 * 1000; // an older draft belongs to another day's event
  var UNREACHABLE = [502, 503, 504]; // a proxy in front of a stopped server
  var NOT_FIELDS = /^(submit|button|reset|file|image)$/;

  var savedKeys = (box.getAttribute("data-saved-keys") || "").split(/\s+/).filter(Boolean);
  var pageVersion = parseInt(box.getAttribute("data-version") || "0", 10);
  var tableAddress = box.getAttribute("data-table") || location.pathname;
  var sending = false;

  // --- storage -------------------------------------------------------------

  function read(key) {
    try {
      return JSON.parse(localStorage.getItem(key));
    } catch (e) {
      return null;
    }
  }

  function write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* storage full or refused: the form still works as before */
    }
  }

  function drop(key) {
    try {
      localStorage.removeItem(key);
    } catch (e) {
      /* nothing kept, nothing to drop */
    }
  }

  function text(name, values) {
    var words = box.getAttribute("data-text-" + name) || "";
    Object.keys(values || {}).forEach(function (k) {
      words = words.replace("{" + k + "}", values[k]);
    });
    return words;
  }

  // --- a form's fields -----------------------------------------------------

  function addressOf(form) {
    // getAttribute: a field named "action" hides the form's own .action property.
    return new URL(form.getAttribute("action") || location.href, location.href).pathname;
  }

  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.name !== "csrfmiddlewaretoken" && el.tagName !== "BUTTON" &&
        el.tagName !== "FIELDSET" && el.tagName !== "OUTPUT" && !NOT_FIELDS.test(el.type);
    });
  }

  function checkable(el) {
    return el.type === "checkbox" || el.type === "radio";
  }

  /* What the form holds now: [name, value] pairs as a post sends them, and every field's name. */
  function snapshot(form) {
    var pairs = [];
    var names = [];
    fields(form).forEach(function (el) {
      if (el.disabled) return;
      if (names.indexOf(el.name) < 0) names.push(el.name);
      if (checkable(el)) {
        if (el.checked) pairs.push([el.name, el.value]);
      } else if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.selectedOptions, function (o) { pairs.push([el.name, o.value]); });
      } else {
        pairs.push([el.name, el.value]);
      }
    });
    return { pairs: pairs, names: names };
  }

  function valueOf(pairs, name) {
    for (var i = 0; i < pairs.length; i++) if (pairs[i][0] === name) return pairs[i][1];
    return "";
  }

  function fire(el) {
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  /* Put ``state`` (a snapshot) into the form; fields it does not name keep their value. */
  function fill(form, state) {
    var values = {};
    state.pairs.forEach(function (p) { (values[p[0]] = values[p[0]] || []).push(p[1]); });
    var used = {};
    var changed = [];
    fields(form).forEach(function (el) {
      if (state.names.indexOf(el.name) < 0) return;
      var mine = values[el.name] || [];
      if (checkable(el)) {
        var on = mine.indexOf(el.value) >= 0;
        if (el.checked !== on) { el.checked = on; changed.push(el); }
      } else if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = mine.indexOf(o.value) >= 0; });
        changed.push(el);
      } else {
        var n = used[el.name] || 0;
        used[el.name] = n + 1;
        var value = n < mine.length ? mine[n] : "";
        if (el.value !== value) { el.value = value; changed.push(el); }
      }
    });
    changed.forEach(fire);
  }

  function same(a, b) {
    return JSON.stringify(a.pairs) === JSON.stringify(b.pairs);
  }

  // --- drafts --------------------------------------------------------------

  function keep(form) {
    var now = snapshot(form);
    var key = DRAFT + addressOf(form);
    if (!form.entryDraftKeep && same(now, form.entryDraftBaseline)) {
      drop(key); // the form as the server drew it: nothing to keep
      return;
    }
    write(key, {
      pairs: now.pairs,
      names: now.names,
      key: valueOf(now.pairs, "entry_key"),
      version: parseInt(valueOf(now.pairs, "base_version") || "0", 10),
      at: Date.now()
    });
  }

  function later(form) {
    clearTimeout(form.entryDraftTimer);
    form.entryDraftTimer = setTimeout(function () { keep(form); }, 250);
  }

  function notice(form, draft) {
    var shown = box.querySelector(".draft-notice").cloneNode(true);
    var when = new Date(draft.at).toLocaleTimeString(document.documentElement.lang || undefined, {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23" // the site's clock: 24 hours, as every other time on the pages
    });
    shown.querySelector(".draft-text").textContent = text("restored", { time: when });
    if (draft.version < pageVersion) {
      var moved = document.createElement("p");
      moved.className = "draft-moved";
      moved.textContent = text("moved");
      shown.insertBefore(moved, shown.querySelector(".draft-discard"));
    }
    shown.querySelector(".draft-discard").addEventListener("click", function () {
      fill(form, form.entryDraftBaseline);
      drop(DRAFT + addressOf(form));
      form.entryDraftKeep = false;
      shown.remove();
    });
    var title = form.querySelector(".form-title");
    if (title) title.after(shown);
    else form.prepend(shown);
    var details = form.closest("details");
    if (details) details.open = true;
  }

  function startDrafts(form) {
    var key = DRAFT + addressOf(form);
    form.entryDraftBaseline = snapshot(form);
    // Drawn by the server from a post (errors, a check): its copy wins; drafting goes on from it.
    form.entryDraftKeep = !!form.querySelector(".error-summary, .field-error, .preview, .error");
    var draft = read(key);
    if (draft && (savedKeys.indexOf(draft.key) >= 0 || Date.now() - draft.at > MAX_AGE_MS)) {
      drop(key);
      draft = null;
    }
    if (form.entryDraftKeep) {
      keep(form);
    } else if (draft && draft.pairs && !same(draft, form.entryDraftBaseline)) {
      fill(form, draft);
      form.entryDraftKeep = true;
      notice(form, draft);
    }
    form.addEventListener("input", function () { later(form); });
    form.addEventListener("change", function () { later(form); });
  }

  function keepAll() {
    document.querySelectorAll(FORMS).forEach(function (form) {
      if (form.entryDraftBaseline) keep(form);
    });
  }

  // --- the Save queue ------------------------------------------------------

  function queue() {
    var items = read(QUEUE);
    return Array.isArray(items) ? items : [];
  }

  function enqueue(item) {
    var items = queue().filter(function (other) { return other.key !== item.key; });
    items.push(item);
    write(QUEUE, items);
  }

  function dequeue(item) {
    write(QUEUE, queue().filter(function (other) { return other.key !== item.key; }));
  }

  function showQueue() {
    var count = queue().length;
    var bar = document.querySelector(".send-queue.shown");
    if (!count) {
      if (bar) bar.remove();
      return;
    }
    if (!bar) {
      bar = box.querySelector(".send-queue").cloneNode(true);
      bar.classList.add("shown");
      bar.querySelector(".send-queue-retry").addEventListener("click", sendNext);
      var form = document.querySelector(FORMS);
      var buttons = form && form.querySelector(".form-buttons");
      if (buttons) buttons.before(bar);
      else box.before(bar);
    }
    bar.querySelector(".send-queue-count").textContent = text("waiting", { count: count });
    bar.querySelector(".send-queue-help").textContent = text("waiting-help");
  }

  function token() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function itemOf(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var pairs = [];
    data.forEach(function (value, name) {
      if (typeof value === "string") pairs.push([name, value]);
    });
    return {
      url: addressOf(form),
      table: tableAddress,
      key: valueOf(pairs, "entry_key") || String(Date.now()),
      pairs: pairs,
      at: Date.now()
    };
  }

  /* Open ``where``: a new page even when only its #fragment differs from this one's address. */
  function go(where) {
    var to = new URL(where, location.href);
    if (to.pathname === location.pathname && to.search === location.search) {
      history.replaceState(null, "", to.href);
      location.reload();
    } else {
      location.assign(to.href);
    }
  }

  /* The server's own page for an answer the script does not handle itself (a conflict, ...). */
  function showPage(html) {
    document.open();
    document.write(html);
    document.close();
  }

  /* Post the form again without the script: its answer (errors, a refusal) becomes the page. */
  function postAgain(form, item) {
    fill(form, { pairs: item.pairs, names: item.pairs.map(function (p) { return p[0]; }) });
    form.entryDraftNative = true;
    var save = form.querySelector('[name="action"][value="save"]') || form.querySelector("[type=submit]");
    form.requestSubmit(save);
  }

  function answered(item, response, mine) {
    var outcome = response.headers.get("X-Entry-Outcome");
    var where = response.headers.get("X-Entry-Location");
    var here = item.table === tableAddress;
    if (response.status === 204 && outcome === "login") {
      // The session ended: the draft stays; after the login the table's page puts it back.
      if (!mine) enqueue(item);
      go(where);
      return;
    }
    dequeue(item);
    var draft = read(DRAFT + item.url);
    if (response.status === 204 && outcome === "saved") {
      if (draft && draft.key === item.key) drop(DRAFT + item.url);
      if (here) go(where);
      else showQueue();
      return;
    }
    if (!here) return showQueue(); // that table's draft is shown when its page is opened
    var form = Array.prototype.find.call(document.querySelectorAll(FORMS), function (f) {
      return addressOf(f) === item.url;
    });
    if (form && (response.status === 400 || response.status === 403)) {
      postAgain(form, item); // nothing was saved: the same post shows what to correct
    } else {
      response.text().then(showPage);
    }
  }

  function send(item, mine) {
    sending = true;
    var body = new FormData();
    item.pairs.forEach(function (p) { body.append(p[0], p[1]); });
    body.set("csrfmiddlewaretoken", token()); // this page's token (a login since renews it)
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, TIMEOUT_MS);
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Entry-Queue": "1" },
      signal: stop.signal
    })
      .then(function (response) {
        if (UNREACHABLE.indexOf(response.status) >= 0) throw new Error("unreachable");
        answered(item, response, mine);
      })
      .catch(function () {
        enqueue(item); // the network or the server is away: wait and send again
        showQueue();
      })
      .then(function () {
        clearTimeout(timer);
        sending = false;
      });
  }

  function sendNext() {
    var items = queue().filter(function (item) { return savedKeys.indexOf(item.key) < 0; });
    write(QUEUE, items);
    if (sending || !items.length) return showQueue();
    send(items[0], false);
  }

  function checkOffline(form) {
    var note = form.querySelector(".check-offline");
    if (!note) {
      note = document.createElement("p");
      note.className = "message check-offline";
      note.setAttribute("role", "alert");
      var buttons = form.querySelector(".form-buttons");
      if (buttons) buttons.before(note);
      else form.append(note);
    }
    note.textContent = text("check-offline");
  }

  function onSubmit(event) {
    var form = event.target;
    if (event.defaultPrevented || form.entryDraftNative) return;
    var submitter = event.submitter;
    keep(form);
    if (submitter && submitter.name === "action" && submitter.value !== "save") {
      // Check needs the server: offline, say so here instead of the browser's error page.
      if (navigator.onLine === false) {
        event.preventDefault();
        checkOffline(form);
      }
      return;
    }
    if (!window.fetch || !window.AbortController) return;
    event.preventDefault();
    form.entryDraftKeep = true;
    keep(form);
    if (sending) {
      enqueue(itemOf(form, submitter));
      return showQueue();
    }
    send(itemOf(form, submitter), true);
  }

  document.querySelectorAll(FORMS).forEach(function (form) {
    startDrafts(form);
    form.addEventListener("submit", onSubmit);
  });
  window.addEventListener("pagehide", keepAll);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepAll();
  });
  window.addEventListener("online", function () {
    document.querySelectorAll(".check-offline").forEach(function (note) { note.remove(); });
    sendNext();
  });
  setInterval(sendNext, RETRY_MS);
  sendNext();
})();
