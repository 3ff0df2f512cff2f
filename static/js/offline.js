/* Offline first: Earthbook's service worker, and the table's entries kept on the phone while
   the network is away.

   An entry of the game page (a form in #game-live posted to the server) made while the phone
   is offline, or whose request failed on the network (live.js then tells this script with the
   cancellable "earthbook:unsent" event), is kept in IndexedDB: its address, its fields (the CSRF
   token among them) and its Idempotency-Key, made on the phone. While any entry waits, new ones
   queue behind it, so that the table's order is kept. The entries are sent one at a time, in
   order, when the network returns ("online") and every few seconds: an answer recorded (the
   key makes a replay count once) takes the entry off the list, and the live table brings the
   page up to date; "409: still being worked on", a server error or the network failing again
   leave it to the next try; a refusal (a 4xx, or the page drawn again with the form's errors)
   keeps the entry in the list with the server's words and a button to discard it.

   The list is the game page's "Waiting to be sent" (templates/campaigns/_offline_queue.html);
   entries are kept per account (the tag the page names) and only that account's are shown or
   sent. */
(function () {
  "use strict";
  var RETRY_MS = 5000;
  var DB_NAME = "earthbook-offline";
  var STORE = "entries";
  var LOCK = "earthbook-offline-queue";

  // A form's address (its "action" property may be a field of that name).
  function actionOf(form) {
    return new URL(form.getAttribute("action") || "", window.location.href).href;
  }

  // --- The service worker ----------------------------------------------------------------------
  // The manifest's link names the worker's address, the logout's and the account's tag.
  var app = document.querySelector("link[rel=manifest][data-service-worker]");
  if (app && "serviceWorker" in navigator) {
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(app.getAttribute("data-service-worker"), { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        // This page came before the worker: it is asked to keep it too, for reading offline.
        if (first && registration.active && app.getAttribute("data-offline-account")) {
          registration.active.postMessage({ keep: window.location.href });
        }
      })
      .catch(function () {});
  }
  // Logging out empties the pages kept for the account at once (the worker also sees the logout).
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var logout = app && app.getAttribute("data-logout");
    if (!logout || !form.matches || new URL(actionOf(form)).pathname !== logout) return;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage("logout");
    }
  }, true);

  if (!window.indexedDB || !window.fetch) return;

  // --- The phone's store -----------------------------------------------------------------------
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function store(mode, work) {
    return db().then(function (conn) {
      return new Promise(function (resolve, reject) {
        var tx = conn.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function all() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (rows) {
      return (rows || []).filter(function (row) { return row.account === account(); })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }
  function put(row) { return store("readwrite", function (s) { return s.put(row); }); }
  function drop(id) { return store("readwrite", function (s) { return s.delete(id); }); }

  // --- The page's list -------------------------------------------------------------------------
  function box() { return document.getElementById("offline-queue"); }
  function account() {
    var tag = app && app.getAttribute("data-offline-account");
    return tag || null;
  }
  function words(name) { var el = box(); return (el && el.getAttribute("data-" + name)) || ""; }

  var waiting = 0; // entries of this account waiting to be sent (the refused ones not counted)
  function show() {
    return all().then(function (rows) {
      waiting = rows.filter(function (r) { return !r.refusal; }).length;
      var el = box();
      if (!el) return rows;
      var list = el.querySelector("[data-offline-list]");
      list.replaceChildren.apply(list, rows.map(function (row) {
        var li = document.createElement("li");
        li.setAttribute("data-offline-entry", row.id);
        var what = document.createElement("span");
        what.className = "offline-what";
        what.textContent = row.title + (row.summary ? ": " + row.summary : "");
        li.appendChild(what);
        if (row.refusal) {
          li.className = "offline-refused";
          var why = document.createElement("p");
          why.className = "refusal";
          why.setAttribute("data-offline-refusal", "");
          why.textContent = words("refused") + " " + row.refusal;
          li.appendChild(why);
          var discard = document.createElement("button");
          discard.type = "button";
          discard.className = "small";
          discard.setAttribute("data-offline-discard", row.id);
          discard.textContent = words("discard");
          var label = document.createElement("span");
          label.className = "visually-hidden";
          label.textContent = ": " + what.textContent;
          discard.appendChild(label);
          li.appendChild(discard);
        } else {
          var state = document.createElement("span");
          state.className = "muted offline-state";
          state.textContent = " · " + words(row.tries ? "retrying" : "waiting");
          li.appendChild(state);
        }
        return li;
      }));
      el.hidden = rows.length === 0;
      return rows;
    });
  }

  // --- Keeping an entry ------------------------------------------------------------------------
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function titleOf(form) {
    var details = form.closest("details");
    var summary = details && details.querySelector("summary");
    if (summary) return summary.textContent.trim();
    var button = form.querySelector("[type=submit]");
    return (button ? button.textContent : form.getAttribute("action")).trim();
  }
  // What was chosen, as the reader saw it: the options' words, the numbers and texts typed.
  function summaryOf(form) {
    var parts = [];
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.type === "hidden" || f.type === "submit" || f.type === "button" || f.disabled) return;
      if (f.tagName === "SELECT") {
        Array.prototype.forEach.call(f.selectedOptions, function (o) { if (o.value) parts.push(o.textContent.trim()); });
      } else if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked && f.labels && f.labels[0]) parts.push(f.labels[0].textContent.trim());
      } else if (f.value) {
        parts.push(f.value);
      }
    });
    return parts.join(", ");
  }
  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "_idempotency_key") fields.push([name, value]);
    });
    return fields;
  }
  function takes(form) {
    return form.matches && form.matches("#game-live form[method=post]") &&
      form.getAttribute("enctype") !== "multipart/form-data" && account() !== null;
  }

  function keep(form, key) {
    // When the entry was made: now, unless it was sent already and comes back with its key
    // (live.js gave it its time then). The log orders it by this, whenever it is sent.
    var made = form.querySelector("input[name=made_at]");
    if (made && !key) made.value = new Date().toISOString();
    var row = {
      account: account(),
      action: actionOf(form),
      fields: fieldsOf(form),
      key: key || newKey(),
      title: titleOf(form),
      summary: summaryOf(form),
      made: Date.now(),
      tries: 0,
      refusal: "",
    };
    waiting += 1;
    // The form is ready for the next entry, with a key of its own.
    form.removeAttribute("data-idempotency-key");
    form.reset();
    var button = form.querySelector("[type=submit]");
    if (button) button.disabled = false;
    return put(row).then(show).then(function () { later(RETRY_MS); });
  }

  // Offline, or behind entries still waiting: the entry joins the queue instead of being sent.
  window.addEventListener("submit", function (e) {
    var form = e.target;
    if (!takes(form)) return;
    if (navigator.onLine !== false && waiting === 0) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    keep(form, form.getAttribute("data-idempotency-key")).then(function () {
      if (navigator.onLine !== false) flush();
    });
  }, true);

  // Sent in place (live.js) but the network failed: kept, with the key it was sent with.
  document.addEventListener("earthbook:unsent", function (e) {
    var form = e.detail.form;
    var error = e.detail.error;
    var network = navigator.onLine === false || (error && error.name === "TypeError");
    if (!network || !takes(form)) return;
    e.preventDefault();
    keep(form, e.detail.key);
  });

  // --- Sending, one at a time, in order --------------------------------------------------------
  function textOf(response) {
    return response.text().then(function (text) {
      if ((response.headers.get("Content-Type") || "").indexOf("text/html") < 0) return text.trim();
      var doc = new DOMParser().parseFromString(text, "text/html");
      var main = doc.querySelector("main") || doc.body;
      return main ? main.textContent.replace(/\s+/g, " ").trim() : "";
    }).then(function (text) { return text.slice(0, 300) || String(response.status); });
  }
  // The page drawn again with the entry's form and its errors is the server's refusal.
  function refusalIn(html, action) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var path = new URL(action).pathname;
    var forms = Array.prototype.filter.call(doc.querySelectorAll("form"), function (f) {
      return f.getAttribute("action") && new URL(f.getAttribute("action"), action).pathname === path;
    });
    var scope = forms.length ? forms : [doc.querySelector("main") || doc.body];
    var said = [];
    function note(e) {
      var t = e.textContent.replace(/\s+/g, " ").trim();
      if (t && said.indexOf(t) < 0) said.push(t);
    }
    scope.forEach(function (el) { el.querySelectorAll(".errorlist").forEach(note); });
    // Or a refusal said as a message of the page it was sent back to ("not being played").
    doc.querySelectorAll("#messages .message.error").forEach(note);
    return said.join(" ");
  }

  function sendOne(row) {
    var body = new FormData();
    row.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(row.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Idempotency-Key": row.key },
    }).then(function (r) {
      if (r.status === 409 || r.status >= 500) return "later";
      if (r.status >= 400) {
        return textOf(r).then(function (text) { row.refusal = text; return put(row).then(function () { return "refused"; }); });
      }
      return r.text().then(function (html) {
        var refusal = refusalIn(html, row.action);
        if (refusal) {
          row.refusal = refusal;
          return put(row).then(function () { return "refused"; });
        }
        return drop(row.id).then(function () { return "sent"; });
      });
    }, function () { return "later"; });
  }

  var sending = false;
  var timer = null;
  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(flush, ms);
  }
  function flushNow() {
    return all().then(function (rows) {
      var next = rows.filter(function (r) { return !r.refusal; });
      function step(i) {
        if (i >= next.length) return "done";
        var row = next[i];
        return sendOne(row).then(function (outcome) {
          if (outcome === "later") {
            row.tries = (row.tries || 0) + 1;
            return put(row).then(function () { return "later"; });
          }
          return show().then(function () { return step(i + 1); });
        });
      }
      return step(0);
    });
  }
  function flush() {
    if (sending || account() === null) return;
    if (navigator.onLine === false) { later(RETRY_MS); return; }
    sending = true;
    var run = navigator.locks ? navigator.locks.request(LOCK, flushNow) : flushNow();
    run.then(function (outcome) {
      sending = false;
      return show().then(function () {
        if (outcome === "later" || waiting) later(RETRY_MS);
      });
    }, function () {
      sending = false;
      later(RETRY_MS);
    });
  }

  window.addEventListener("online", function () { later(0); });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-offline-discard]");
    if (!button) return;
    drop(Number(button.getAttribute("data-offline-discard"))).then(show);
  });
  // The live table may draw the page again whole (a game that ended): the list is drawn anew.
  document.addEventListener("earthbook:swapped", function () { show(); });
  function start() {
    if (account() === null) return;
    show().then(function () { if (waiting) later(0); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
