/* The live table: a campaign's open pages follow what the other phones at the table enter.

   Every page of a campaign names its live address (body[data-live-url]) and the campaign's
   world version it was drawn at (body[data-live-version]). It follows the campaign's stream of
   news there (server-sent events) and, when there is no stream, asks that address about once a
   second while the page is visible, with If-None-Match; "304 Not Modified" means nothing changed.
   When something did, a page that names its live parts' address (body[data-live-parts], the game
   page) asks there for its parts as they are now (JSON, drawn once for the whole table) and swaps
   in place those that changed; any other page fetches itself again and swaps its live parts
   ([data-live]) that changed, except a part with the reader's own unsent input (it waits). A page whose shape
   changed (a game that ended) is swapped whole. If the live address fails twice in a row, a
   notice asks for a manual reload (and the page keeps trying, every two seconds).

   The quick log's forms ([data-live-post]) post in place: the answer (the game page's live parts,
   asked with X-Earthbook-Parts, or the page again when refused) brings the confirmation next to
   the form, with its undo and any packet now due.

   Without this script every page still works: forms post and redirect back to their place. */
(function () {
  "use strict";
  var body = document.body;
  if (!body || !window.fetch || !window.DOMParser) return;
  var LIVE = "[data-live]";
  var EVERY_MS = 1000;
  var STREAM_OPENS_WITHIN_MS = 5000;
  var AFTER_FAILURE_MS = 2000;
  var FAILURES_BEFORE_NOTICE = 2;

  function clean(html) {
    // A form's CSRF token is masked anew on every page: it is no change.
    return html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");
  }
  function nameOf(el) { return el.getAttribute("data-live"); }
  function partsOf(root) {
    var parts = {};
    root.querySelectorAll(LIVE).forEach(function (el) { parts[nameOf(el)] = el; });
    return parts;
  }
  function shapeOf(root) {
    var names = [];
    root.querySelectorAll(LIVE + ", [data-live-shape]").forEach(function (el) {
      names.push((nameOf(el) || "") + ":" + (el.getAttribute("data-live-shape") || ""));
    });
    return names.join("|");
  }

  // Each part as the server last drew it (before any other script changed it).
  var drawn = {};
  function remember(root) {
    Object.values(partsOf(root)).forEach(function (el) { drawn[nameOf(el)] = clean(el.outerHTML); });
  }
  remember(document);

  function changedChoice(select) {
    var options = Array.prototype.slice.call(select.options);
    if (select.multiple) {
      return options.some(function (o) { return o.selected !== o.defaultSelected; });
    }
    // A single choice drawn without a "selected" option starts on its first.
    var drawnAt = options.findIndex(function (o) { return o.defaultSelected; });
    return select.selectedIndex !== (drawnAt < 0 ? 0 : drawnAt);
  }

  function edited(el) {
    var active = document.activeElement;
    if (active && active !== document.body && el.contains(active) &&
        active.matches("input, select, textarea")) return true;
    var fields = el.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "hidden" || f.type === "submit") continue;
      if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked !== f.defaultChecked) return true;
      } else if (f.tagName === "SELECT") {
        if (changedChoice(f)) return true;
      } else if (f.value !== f.defaultValue) {
        return true;
      }
    }
    return false;
  }

  // A form that htmx draws again as it is filled in (the setup wizard, the end of a game, the
  // calculators) holds its state in the page: such a page is not swapped whole, but told.
  var KEEPS_STATE = "form[hx-post], form[hx-get], form [hx-post], form [hx-get]";
  function kept(el) { return edited(el) || !!el.querySelector(KEEPS_STATE); }

  function settle(node) {
    if (window.htmx) window.htmx.process(node);
    document.dispatchEvent(new CustomEvent("earthbook:swapped", { detail: { node: node } }));
  }

  function swap(old, fresh, keepOpen) {
    if (old.getAttribute("role") === "status" || old.hasAttribute("aria-live")) {
      // A live region stays in place, so that screen readers say what comes into it.
      old.replaceChildren.apply(old, Array.prototype.map.call(fresh.childNodes, function (n) {
        return document.importNode(n, true);
      }));
      drawn[nameOf(old)] = clean(fresh.outerHTML);
      settle(old);
      return old;
    }
    var node = document.importNode(fresh, true);
    if (keepOpen && old.tagName === "DETAILS" && old.open) node.open = true;
    old.replaceWith(node);
    drawn[nameOf(node)] = clean(fresh.outerHTML);
    settle(node);
    return node;
  }

  /* What the log decided ([data-live-urgent]: a war won, a faction out for good, the end) is
     taken at once, even while the rest of the page waits for the reader's input. */
  function urgent(doc) {
    var now = partsOf(document);
    doc.querySelectorAll("[data-live-urgent]").forEach(function (fresh) {
      var old = now[nameOf(fresh)];
      if (!old || edited(old) || drawn[nameOf(fresh)] === clean(fresh.outerHTML)) return;
      swap(old, fresh, false);
    });
  }

  /* Bring the page up to ``doc`` (the page drawn again). ``mine`` names parts to take as they
     come even with input in them (the form just sent), and allows the parts only the reader's
     own posts change. Returns false when something was kept back for the reader's input. */
  function apply(doc, mine) {
    mine = mine || [];
    var done = true;
    if (shapeOf(doc) !== shapeOf(document)) {
      var main = document.querySelector("main");
      var fresh = doc.querySelector("main");
      if (!main || !fresh) return false;
      if (!mine.length && kept(main)) { urgent(doc); changed(true); return false; }
      var node = document.importNode(fresh, true);
      main.replaceWith(node);
      drawn = {};
      remember(node);
      settle(node);
      return true;
    }
    done = take(Object.values(partsOf(doc)), mine);
    if (done) changed(false);
    return done;
  }

  // Swap in each of ``fresh`` (parts drawn again) that changed; false when one waits for input.
  function take(fresh, mine) {
    var done = true;
    var now = partsOf(document);
    fresh.forEach(function (part) {
      var name = nameOf(part);
      var old = now[name];
      if (!old) return;
      var forced = mine.indexOf(name) >= 0;
      if (old.hasAttribute("data-live-own") && !mine.length) return;
      if (!forced && drawn[name] === clean(part.outerHTML)) return;
      var whole = old.tagName === "MAIN";
      if (!forced && (whole ? kept(old) : edited(old))) {
        done = false;
        if (whole) changed(true);
        return;
      }
      swap(old, part, !forced);
    });
    return done;
  }

  /* The live parts' answer ({version, shape, parts: {name: html}}) as elements, each form given
     this page's CSRF token (a drawing shared by the table carries none). Null when the page is
     of another shape, or its parts are not those of the answer: it is then fetched whole. */
  function token() {
    try {
      return JSON.parse(body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) { return ""; }
  }
  function shapeHere() {
    var here = document.querySelector("[data-live-shape]");
    return here ? here.getAttribute("data-live-shape") : "";
  }
  function partsIn(data) {
    if (shapeHere() !== data.shape) return null;
    var box = document.createElement("template");
    box.innerHTML = Object.values(data.parts).join("");
    var csrf = token();
    box.content.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach(function (i) {
      i.value = csrf;
    });
    var fresh = Array.prototype.slice.call(box.content.querySelectorAll(LIVE)).filter(function (el) {
      return el.parentElement === null || !el.parentElement.closest(LIVE);
    });
    var names = fresh.map(nameOf);
    var missing = Object.values(partsOf(document)).some(function (el) {
      return names.indexOf(nameOf(el)) < 0 && !el.hasAttribute("data-live-own") &&
        !(el.parentElement && el.parentElement.closest("[data-live-own]"));
    });
    var unknown = names.some(function (name) { return !partsOf(document)[name]; });
    return missing || unknown ? null : fresh;
  }

  function path(address) { return address.split("#")[0].split("?")[0]; }
  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }
  function versionOf(doc) {
    var b = doc.body;
    return b && b.getAttribute("data-live-version");
  }

  // --- Following the table -------------------------------------------------------------------
  var url = body.getAttribute("data-live-url");
  var version = body.getAttribute("data-live-version");
  var failures = 0;
  var timer = null;
  var busy = false;
  var waiting = null; // a page drawn again whose parts wait for the reader's input

  function changed(show) {
    var el = document.getElementById("live-changed");
    if (el) el.hidden = !show;
  }

  function notice(show) {
    var el = document.getElementById("live-notice");
    if (el) el.hidden = !show;
  }

  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  // A form sent the plain way (the end of a game) takes the reader to its answer: the page
  // stops following the table, so that its own fetch never races that answer's page.
  var leaving = false;
  window.addEventListener("submit", function (e) {
    if (!e.defaultPrevented) {
      leaving = true;
      clearTimeout(timer);
    }
  });

  function refresh(mine) {
    if (leaving) return Promise.resolve();
    // Marked as the live table's own fetch: it never takes the confirmation meant for the page
    // that just posted.
    return fetch(window.location.href, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-Earthbook-Live": "1" },
    })
      .then(function (r) {
        // The page is gone (a game cancelled on another phone): go where it says.
        var gone = document.querySelector("[data-live-gone]");
        if (r.status === 404 && gone) {
          window.location.assign(gone.getAttribute("data-live-gone"));
          return null;
        }
        if (!r.ok) throw new Error("page " + r.status);
        // The page is no longer there (a wizard whose game another phone set up): follow it.
        if (r.redirected && path(r.url) !== path(window.location.href)) {
          window.location.assign(r.url);
          return null;
        }
        return r.text();
      })
      .then(function (html) {
        if (html === null) return;
        var doc = parse(html);
        if (follow(doc)) return;
        var seen = versionOf(doc);
        if (!seen) throw new Error("no version");
        version = seen;
        waiting = apply(doc, mine) ? null : doc;
      });
  }

  // Parts (or a page drawn again) that waited for the reader's input: taken now if they may be.
  function retry() {
    var done = waiting.parts ? take(waiting.parts, []) : apply(waiting);
    if (done) { waiting = null; changed(false); }
  }

  // What the page does once it knows the campaign's version now (asked, or told by the stream).
  // Versions only grow: news of a version the page already has or has passed (a late message,
  // a poll answered from a moment before the page's own write) changes nothing on it.
  function newer(seen) {
    var heard = Number(seen), drawnAt = Number(version);
    if (isNaN(heard) || isNaN(drawnAt)) return String(seen) !== String(version);
    return heard > drawnAt;
  }
  var partsUrl = body.getAttribute("data-live-parts");
  function learnt(seen) {
    // News heard while this page's own write in place is on its way waits for its answer,
    // which says the version that write made.
    if (inPlace) { told = seen; return null; }
    if (!newer(seen)) return null;
    return partsUrl ? update() : refresh();
  }

  // The page drawn whole in a parts' answer (its shape changed): taken as a page fetched again.
  function whole(data, mine) {
    var doc = parse(data.page);
    if (follow(doc)) return;
    version = String(data.version);
    waiting = apply(doc, mine) ? null : doc;
  }

  // The game page's parts as they are now, from its live parts' address; the page whole when
  // they no longer fit it.
  function update() {
    if (leaving) return Promise.resolve();
    // With the page's shape: a page the game outgrew (a war won, the end) is answered whole.
    var asked = partsUrl + "?since=" + encodeURIComponent(version) +
      "&shape=" + encodeURIComponent(shapeHere());
    return fetch(asked, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-Earthbook-Live": "1" },
    })
      .then(function (r) {
        var gone = document.querySelector("[data-live-gone]");
        if (r.status === 404 && gone) {
          window.location.assign(gone.getAttribute("data-live-gone"));
          return null;
        }
        if (r.status === 204) return null;
        if (!r.ok) throw new Error("parts " + r.status);
        return r.json();
      })
      .then(function (data) {
        if (data === null) return null;
        if (data.page) { whole(data, []); return null; }
        var fresh = partsIn(data);
        if (fresh === null) return refresh();
        waiting = null;
        version = String(data.version);
        // A part with the reader's input waits for it, taken up at the next news or poll.
        if (!take(fresh, [])) { waiting = { parts: fresh }; return null; }
        changed(false);
        return null;
      });
  }

  /* A write this page makes in place (htmx: the board of bringing a campaign in) answers with
     the campaign's version after it (X-Earthbook-Version): the page's own write is no news. */
  var inPlace = 0;
  function writes(e) {
    var config = e.detail && e.detail.requestConfig;
    return !!config && String(config.verb).toLowerCase() !== "get";
  }
  // Counted until the request ends whichever way it ends (answered, failed, or aborted by a
  // newer one, which htmx does not always tell as an afterRequest): never left waiting.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var xhr = e.detail && e.detail.xhr;
    if (!writes(e) || !xhr) return;
    inPlace += 1;
    xhr.addEventListener("loadend", function () {
      inPlace = Math.max(0, inPlace - 1);
      var seen = xhr.status ? xhr.getResponseHeader("X-Earthbook-Version") : null;
      if (seen && newer(seen)) version = seen;
      if (!inPlace && told !== null && !busy) hear(told);
    });
  });

  // A page may name where the table went ([data-live-follow], e.g. the campaign page's link to
  // a game just set up): one that was not there when the page was drawn is followed.
  var FOLLOW = "[data-live-follow]";
  var followed = Array.prototype.map.call(document.querySelectorAll(FOLLOW), function (a) {
    return a.getAttribute("href");
  });
  function follow(doc) {
    var to = Array.prototype.find.call(doc.querySelectorAll(FOLLOW), function (a) {
      return followed.indexOf(a.getAttribute("href")) < 0;
    });
    if (!to) return false;
    window.location.assign(to.getAttribute("href"));
    return true;
  }

  function tick() {
    if (!url || busy || leaving) return;
    if (document.hidden) return; // asked again when the page is seen
    if (waiting) retry();
    busy = true;
    fetch(url, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "If-None-Match": '"' + version + '"' },
    })
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok) throw new Error("live " + r.status);
        return r.json().then(function (data) { return learnt(data.version); });
      })
      .then(function () {
        failures = 0;
        notice(false);
        busy = false;
        if (!streaming) later(EVERY_MS);
        else if (told !== null) hear(told);
      })
      .catch(function () {
        failures += 1;
        if (failures >= FAILURES_BEFORE_NOTICE) notice(true);
        busy = false;
        later(AFTER_FAILURE_MS);
      });
  }

  /* Told, not asking: the campaign's stream of news (server-sent events at the live address's
     "stream/"), where the browser has EventSource and the server holds streams. Each event is
     the version now; the page then does what a poll does on a change. While the stream is open
     the page does not poll; when it breaks (the browser reconnects by itself, sending the last
     version told) or the server holds no streams (204: the browser gives up), the page polls. */
  var streaming = false;
  var told = null; // a version told while busy or hidden, taken up next
  function hear(seen) {
    if (busy || document.hidden || inPlace) { told = seen; return; }
    told = null;
    if (waiting) retry();
    busy = true;
    Promise.resolve()
      .then(function () { return learnt(seen); })
      .then(function () {
        failures = 0;
        notice(false);
        busy = false;
        if (told !== null) hear(told);
      })
      .catch(function () {
        busy = false;
        later(AFTER_FAILURE_MS); // the poll takes it from here
      });
  }
  function listen() {
    if (!window.EventSource) return;
    var source = new EventSource(url + "stream/?v=" + encodeURIComponent(version));
    source.onopen = function () {
      streaming = true;
      clearTimeout(timer);
      failures = 0;
      notice(false);
    };
    source.onmessage = function (e) { hear(e.data); };
    source.onerror = function () {
      streaming = false;
      if (source.readyState === EventSource.CLOSED) source.close();
      later(0);
    };
  }

  if (url && version) {
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) later(0);
    });
    // A stream on its way says at once whether the page is behind (it is opened with the
    // page's version): the page polls only once it fails, or when it has not opened in time.
    later(window.EventSource ? STREAM_OPENS_WITHIN_MS : EVERY_MS);
    listen();
  }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-live-reload]")) {
      e.preventDefault();
      window.location.reload();
    }
  });

  // --- Posting in place -----------------------------------------------------------------------
  var IN_FLIGHT_RETRIES = 5;
  var IN_FLIGHT_WAIT_MS = 700;
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  // The entry with its Idempotency-Key; a network failure is tried once more with the same key,
  // and "409: still being worked on" (the first try is still on its way) is asked again shortly.
  function send(form, key, retries) {
    return fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      cache: "no-store",
      // The redirect after the entry is followed with this header: the answer is the parts.
      headers: { "Idempotency-Key": key, "X-Earthbook-Parts": shapeHere() || "1" },
    }).then(
      function (r) {
        if (r.status === 409 && retries > 0) {
          return new Promise(function (done) { setTimeout(done, IN_FLIGHT_WAIT_MS); })
            .then(function () { return send(form, key, retries - 1); });
        }
        return r;
      },
      function (error) {
        if (retries <= 0) throw error;
        return send(form, key, 0);
      }
    );
  }
  // After the answer: the keyboard where the reader was, the confirmation (or refusal) in view.
  function placed(part) {
    var status = document.getElementById("log-status");
    // The button pressed was drawn again: keep the keyboard where the reader was.
    if (!document.activeElement || document.activeElement === document.body) {
      var again = part && document.querySelector('[data-live="' + nameOf(part) + '"] summary');
      if (again) {
        again.focus({ preventScroll: true });
      } else if (status) {
        status.setAttribute("tabindex", "-1");
        status.focus({ preventScroll: true });
      }
    }
    var refused = document.querySelector("[data-live] .refusal, [data-live] [aria-invalid=true]");
    var target = refused ? refused.closest(LIVE) : status;
    if (target && target.textContent.trim()) target.scrollIntoView({ block: "nearest" });
  }

  // The parts answered to this page's own entry: its confirmation in place. A page they no
  // longer fit (the entry won the war) is fetched whole, and the confirmation put back in it.
  function confirmed(data, part, mine) {
    if (data.page) {
      whole(data, mine);
      placed(part);
      return null;
    }
    var fresh = partsIn(data);
    if (fresh === null) {
      var box = document.createElement("template");
      box.innerHTML = data.parts["log-status"] || "";
      return refresh(mine).then(function () {
        var status = box.content.querySelector('[data-live="log-status"]');
        var old = partsOf(document)["log-status"];
        if (status && old) swap(old, status, false);
        placed(part);
      });
    }
    version = String(data.version);
    take(fresh, mine);
    changed(false);
    placed(part);
    return null;
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form[data-live-post]")) return;
    e.preventDefault();
    var button = e.submitter || form.querySelector("[type=submit]");
    if (button) button.disabled = true;
    var part = form.closest(LIVE);
    var mine = ["log-status", "undo", "due"];
    if (part) mine.push(nameOf(part));
    // When the entry was made, by this phone's clock: the log is in that order, whenever the
    // entry arrives (sent again, or kept offline and sent later, it keeps its time).
    var made = form.querySelector("input[name=made_at]");
    if (made && !form.getAttribute("data-idempotency-key")) made.value = new Date().toISOString();
    // One key per entry: the entry sent again (a retry, the plain way below) is noted once.
    var key = form.getAttribute("data-idempotency-key") || newKey();
    form.setAttribute("data-idempotency-key", key);
    send(form, key, IN_FLIGHT_RETRIES)
      .then(function (r) {
        if (!r.ok) throw new Error("post " + r.status);
        form.removeAttribute("data-idempotency-key");
        if ((r.headers.get("Content-Type") || "").indexOf("application/json") === 0) {
          return r.json().then(function (data) { confirmed(data, part, mine); });
        }
        return r.text().then(function (html) {
          var doc = parse(html);
          // A refusal may come back as another page (the undo's own form): go there.
          if (shapeOf(doc) !== shapeOf(document) && path(r.url) !== path(window.location.href)) {
            window.location.assign(r.url);
            return;
          }
          var seen = versionOf(doc);
          if (seen) version = seen;
          apply(doc, mine);
          placed(part);
        });
      })
      .catch(function (error) {
        if (button) button.disabled = false;
        // Lost on the network: offline.js may keep the entry on the phone, to send it later.
        var unsent = new CustomEvent("earthbook:unsent", {
          cancelable: true,
          detail: { form: form, key: key, error: error },
        });
        if (!document.dispatchEvent(unsent)) return;
        // Whatever else went wrong, the form is sent the plain way, with the entry's key.
        var field = form.querySelector("input[name=_idempotency_key]");
        if (!field) {
          field = document.createElement("input");
          field.type = "hidden";
          field.name = "_idempotency_key";
          form.appendChild(field);
        }
        field.value = key;
        HTMLFormElement.prototype.submit.call(form);
      });
  });
})();
