/* Earthbook's service worker (version __VERSION__): the static files and the table's pages,
   kept on the phone for a poor or lost network.

   - Static files with a hashed name are taken from the phone first (they never change); of the
     others (a development server's), the few a page needs come from the network first.
   - Pages (GET navigations) come from the network first; a copy is kept when the answer names
     the account it was drawn for, in that account's own cache. When the network fails, the
     kept copy of the latest account is shown.
   - Nothing under /api/ or the other addresses listed in notKept, no live answer, no POST is
     ever kept. Logging out, logging in or signing up (accountDoors), or a page drawn for
     nobody or for another account, empties the pages kept for the accounts before; an answer that is no page (an error, a file) keeps
     nothing and forgets nothing.
   - The pages opened before this worker was in charge are kept too: those still open when it
     takes charge, and any such page that asks (offline.js), fetched again once each, tried again
     a few times when the network or the server fails. */
"use strict";
var CONFIG = {{ config|safe }};
var VERSION = "__VERSION__";
var STATIC_CACHE = "earthbook-static-" + VERSION;
var PAGES_PREFIX = "earthbook-pages-";
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      // One by one: a file missing on this server must not stop the worker from installing.
      return Promise.all(CONFIG.assets.map(function (url) {
        return cache.add(new Request(url, { cache: "reload" })).catch(function () {});
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("earthbook-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); }).then(keepOpenPages)
  );
});

// The account whose pages may be shown offline: the latest one a page was drawn for.
var current = null;
var META = "earthbook-meta";
function currentAccount() {
  if (current !== null) return Promise.resolve(current);
  return caches.open(META).then(function (cache) {
    return cache.match("/account");
  }).then(function (r) { return r ? r.text() : ""; }).then(function (tag) {
    current = tag;
    return tag;
  });
}
function setAccount(tag) {
  if (tag === current) return Promise.resolve();
  current = tag;
  return caches.open(META).then(function (cache) {
    return cache.put("/account", new Response(tag));
  }).then(function () { return forgetPagesBut(tag); });
}
function forgetPagesBut(tag) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PAGES_PREFIX) === 0 && name !== PAGES_PREFIX + tag;
    }).map(function (name) { return caches.delete(name); }));
  });
}

function notKept(path) {
  return CONFIG.notKept.some(function (prefix) { return path.indexOf(prefix) === 0; });
}

// Keep the page ``response`` answered for ``key`` when it names its account; a page drawn for
// nobody (a logout, an ended session) empties what was kept.
function keepPage(key, response) {
  if (!isPage(response)) return Promise.resolve();
  var tag = response.headers.get(CONFIG.accountHeader) || "";
  var done = setAccount(tag);
  if (!tag) return done;
  var copy = response.clone();
  return done.then(function () {
    return caches.open(PAGES_PREFIX + tag).then(function (cache) { return cache.put(key, copy); });
  });
}

// A page drawn by this site (an error, a redirect or a file is none: it says nothing of the
// account it was asked for).
function isPage(response) {
  return response.status === 200 && response.type === "basic" &&
    (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
}

function keyOf(url) {
  return url.origin + url.pathname + url.search;
}

// A page opened before this worker was in charge: fetched again to be kept like the others (once
// at a time; a failed fetch is tried again a few times, the page on the phone cannot resend it).
var KEEP_TRIES = 4;
var keeping = {};
function keepOpened(address) {
  var url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || notKept(url.pathname)) return Promise.resolve();
  var key = keyOf(url);
  if (keeping[key]) return keeping[key];
  function attempt(left, wait) {
    // Marked as the worker's own fetch: the page leaves the reader's messages for the page
    // the reader opens (web/context_processors.py).
    var asked = { credentials: "same-origin", headers: { "X-Earthbook-Keep": "1" } };
    return fetch(key, asked).then(function (response) {
      if (response.status >= 500) throw new Error("server error " + response.status);
      return keepPage(key, response);
    }).catch(function () {
      if (left <= 1) return;
      return new Promise(function (resolve) { setTimeout(resolve, wait); }).then(function () {
        return attempt(left - 1, wait * 2);
      });
    });
  }
  keeping[key] = attempt(KEEP_TRIES, 1000).then(function () { delete keeping[key]; });
  return keeping[key];
}

// Taking charge: the pages already open (they came before the worker) are kept.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    return Promise.all(windows.map(function (client) { return keepOpened(client.url); }));
  });
}

function page(event) {
  var request = event.request;
  var key = keyOf(new URL(request.url));
  return fetch(request).then(function (response) {
    event.waitUntil(keepPage(key, response));
    return response;
  }, function (error) {
    return currentAccount().then(function (tag) {
      if (!tag) throw error;
      return caches.open(PAGES_PREFIX + tag).then(function (cache) {
        return cache.match(key, { ignoreVary: true });
      }).then(function (kept) {
        if (!kept) throw error;
        return kept;
      });
    });
  });
}

function staticFile(request) {
  var hashed = HASHED.test(new URL(request.url).pathname);
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (kept) {
      if (kept && hashed) return kept;
      return fetch(request).then(function (response) {
        if (response.status === 200 && response.type === "basic") cache.put(request, response.clone());
        return response;
      }, function (error) {
        if (kept) return kept;
        throw error;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Logging out, logging in (maybe as another account) or signing up: every page kept is
    // dropped at once, before any answer comes (the network may fail before the next page).
    if (CONFIG.accountDoors.indexOf(url.pathname) >= 0) event.waitUntil(setAccount(""));
    return;
  }
  if (url.pathname.indexOf(CONFIG.staticUrl) === 0) {
    // Unhashed names (a development server's) are left to the network, but for the few files
    // a page needs, kept for reading it offline.
    if (HASHED.test(url.pathname) || CONFIG.assets.indexOf(url.pathname) >= 0) {
      event.respondWith(staticFile(request));
    }
    return;
  }
  if (request.mode === "navigate" && !notKept(url.pathname)) {
    event.respondWith(page(event));
  }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data === "logout") {
    event.waitUntil(setAccount(""));
  } else if (data.keep) {
    // A page opened before this worker was in charge asks to be kept.
    event.waitUntil(keepOpened(data.keep));
  }
});
