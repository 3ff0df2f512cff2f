/* Earthbook's own little script: everything here is a nicety; every page works without it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // --- The board: zoom (buttons, pinch, double tap, ctrl + wheel), and a panel per territory ---

  var MAX_PX_PER_UNIT = 5; // the map is 1000 units wide: at most 5000 px
  var DOUBLE_TAP_MS = 350;

  function boardParts(el) {
    var wrap = el.closest && el.closest("[data-board-wrap]");
    if (!wrap) return null;
    return {
      wrap: wrap,
      scroll: wrap.querySelector("[data-board-scroll]"),
      svg: wrap.querySelector(".board-svg"),
      panel: wrap.querySelector("[data-territory-panel]")
    };
  }

  // Zoom so that the map is `width` px wide, keeping the point under (ax, ay) (in the scroll
  // box's own pixels) where it is.
  function zoomTo(parts, width, ax, ay) {
    var scroll = parts.scroll, svg = parts.svg;
    var min = scroll.clientWidth, max = MAX_PX_PER_UNIT * 1000;
    width = Math.max(min, Math.min(max, width));
    var old = svg.getBoundingClientRect().width || min;
    if (ax === undefined) { ax = scroll.clientWidth / 2; ay = scroll.clientHeight / 2; }
    var px = scroll.scrollLeft + ax, py = scroll.scrollTop + ay, k = width / old;
    svg.style.minWidth = "0";
    svg.style.width = width + "px";
    scroll.scrollLeft = px * k - ax;
    scroll.scrollTop = py * k - ay;
    scroll.setAttribute("data-zoom-width", Math.round(width));
  }

  function zoomBy(parts, factor, ax, ay) {
    zoomTo(parts, parts.svg.getBoundingClientRect().width * factor, ax, ay);
  }

  // At first the map shows the territory the page is about, else the middle of the world.
  function centreBoard(parts, tries) {
    var scroll = parts.scroll;
    if (scroll.scrollWidth <= scroll.clientWidth && scroll.scrollHeight <= scroll.clientHeight) return;
    var legal = parts.svg.querySelectorAll(".territory.legal");
    var box = scroll.getBoundingClientRect(), target;
    if (legal.length === 1) {
      var r = legal[0].getBoundingClientRect();
      // The outline comes from the board's shapes file: until it has arrived it has no size.
      if (!r.width && (tries || 0) < 30) {
        setTimeout(function () { centreBoard(parts, (tries || 0) + 1); }, 100);
        return;
      }
      target = [r.left + r.width / 2 - box.left + scroll.scrollLeft, r.top + r.height / 2 - box.top + scroll.scrollTop];
    } else {
      target = [scroll.scrollWidth / 2, scroll.scrollHeight * 0.45];
    }
    scroll.scrollLeft = target[0] - scroll.clientWidth / 2;
    scroll.scrollTop = target[1] - scroll.clientHeight / 2;
  }

  /* A map below the first screen comes in a <template> (the game page's): it is drawn, and its
     outlines' file fetched, once the reader scrolls to within a quarter of a screen of it. A map
     swapped in by the live table where the old one was near is drawn at once, before anything is
     painted. */
  function near(el) {
    var r = el.getBoundingClientRect(), margin = window.innerHeight / 4;
    return r.top < window.innerHeight + margin && r.bottom > -margin;
  }
  function draw(scroll, held) {
    held.replaceWith(document.importNode(held.content, true));
    scroll.classList.remove("board-later");
  }
  function later(scroll) {
    var held = scroll.querySelector("template[data-board-later]");
    if (!held) return false;
    if (near(scroll) || !("IntersectionObserver" in window)) {
      draw(scroll, held);
      return false;
    }
    if (scroll.hasAttribute("data-waiting")) return true;
    scroll.setAttribute("data-waiting", "");
    var seen = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      seen.disconnect();
      scroll.removeAttribute("data-waiting");
      draw(scroll, held);
      setUpBoard(scroll);
    }, { rootMargin: "25% 0px" });
    seen.observe(scroll);
    return true;
  }

  function setUpBoard(scroll) {
    if (scroll.hasAttribute("data-ready")) return;
    if (later(scroll)) return;
    scroll.setAttribute("data-ready", "");
    var parts = boardParts(scroll);
    if (!parts || !parts.svg) return;
    var tools = parts.wrap.querySelector("[data-board-tools]");
    if (tools) tools.hidden = false;
    centreBoard(parts);

    // Pinch: two fingers zoom around their middle; one finger scrolls as usual.
    var pinch = null;
    function spread(t) {
      return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    }
    scroll.addEventListener("touchstart", function (e) {
      if (e.touches.length !== 2) return;
      pinch = { d: spread(e.touches), w: parts.svg.getBoundingClientRect().width };
    }, { passive: true });
    scroll.addEventListener("touchmove", function (e) {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      var box = scroll.getBoundingClientRect();
      var mx = (e.touches[0].clientX + e.touches[1].clientX) / 2 - box.left;
      var my = (e.touches[0].clientY + e.touches[1].clientY) / 2 - box.top;
      zoomTo(parts, pinch.w * spread(e.touches) / pinch.d, mx, my);
    }, { passive: false });
    scroll.addEventListener("touchend", function (e) {
      if (e.touches.length < 2) pinch = null;
    });
    // A trackpad's pinch (ctrl + wheel) zooms the map, not the page.
    scroll.addEventListener("wheel", function (e) {
      if (!e.ctrlKey) return;
      e.preventDefault();
      var box = scroll.getBoundingClientRect();
      zoomBy(parts, Math.exp(-e.deltaY / 200), e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
  }

  function setUpBoards(root) {
    (root || document).querySelectorAll("[data-board-scroll]").forEach(setUpBoard);
  }
  document.addEventListener("DOMContentLoaded", function () { setUpBoards(); });
  document.addEventListener("htmx:load", function (e) { setUpBoards(e.target); });
  // The live table swaps parts of a page when another device saved something: set up the
  // boards those parts bring again (their zoom starts over).
  document.addEventListener("earthbook:swapped", function (e) { setUpBoards(e.detail.node); });

  function territoryLink(target) {
    var a = target.closest && target.closest("a");
    return a && a.closest(".board-svg") && a.hasAttribute("data-name") ? a : null;
  }

  // What a territory carries, in its board's panel.
  function showTerritory(a, open) {
    var parts = boardParts(a);
    if (!parts || !parts.panel) return;
    var panel = parts.panel;
    // A panel that fetches the territory's own form (bringing a campaign in) changes only on a
    // tap, never on a hover, and keeps what it holds until the form comes.
    if (panel.hasAttribute("data-panel-fetch")) {
      if (open) fetchTerritory(parts, a);
      return;
    }
    panel.querySelector("[data-panel-name]").textContent = a.getAttribute("data-name");
    panel.querySelector("[data-panel-continent]").textContent = a.getAttribute("data-continent");
    panel.querySelector("[data-panel-summary]").textContent = a.getAttribute("data-marks");
    if (!open) return;
    panel.querySelector("[data-panel-link]").setAttribute("href", a.getAttribute("href"));
    panel.querySelector("[data-panel-actions]").hidden = false;
    parts.svg.querySelectorAll(".territory.open").forEach(function (p) { p.classList.remove("open"); });
    var path = a.querySelector(".territory");
    if (path) path.classList.add("open");
    panel.classList.add("open");
    panel.opener = a;
  }

  function fetchTerritory(parts, a) {
    var panel = parts.panel;
    panel.querySelector("[data-panel-name]").textContent = a.getAttribute("data-name");
    panel.querySelector("[data-panel-continent]").textContent = a.getAttribute("data-continent");
    parts.svg.querySelectorAll(".territory.open").forEach(function (p) { p.classList.remove("open"); });
    var path = a.querySelector(".territory");
    if (path) path.classList.add("open");
    panel.classList.add("open");
    panel.opener = a;
    if (window.htmx) {
      window.htmx.ajax("GET", a.getAttribute("href"), {
        target: panel.querySelector("[data-panel-slot]"), swap: "innerHTML"
      });
    } else {
      window.location.assign(a.getAttribute("href"));
    }
  }

  // A mark saved in place brings the board drawn again: its marks go into the map on the page,
  // which keeps its zoom and where it was scrolled to.
  document.addEventListener("htmx:afterSwap", function (e) {
    var root = e.detail.target;
    if (!root || !root.querySelectorAll) return;
    root.querySelectorAll("template[data-board-update]").forEach(function (t) {
      var wrap = document.getElementById(t.getAttribute("data-board-update"));
      var live = wrap && wrap.querySelector(".board-svg");
      var fresh = t.content.querySelector(".board-svg");
      if (live && fresh) {
        var open = live.querySelector(".territory.open");
        var slug = open && open.getAttribute("data-territory");
        live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
        var again = slug && live.querySelector('.territory[data-territory="' + slug + '"]');
        if (again) again.classList.add("open");
      }
      t.remove();
    });
  });

  function closePanel(panel, refocus) {
    panel.classList.remove("open");
    var actions = panel.querySelector("[data-panel-actions]");
    if (actions) actions.hidden = true;
    var parts = boardParts(panel);
    if (parts && parts.svg) parts.svg.querySelectorAll(".territory.open").forEach(function (p) { p.classList.remove("open"); });
    if (refocus && panel.opener) panel.opener.focus();
  }

  document.addEventListener("mouseover", function (e) {
    var a = territoryLink(e.target);
    if (a) showTerritory(a, false);
  });
  document.addEventListener("focusin", function (e) {
    var a = territoryLink(e.target);
    if (a) showTerritory(a, false);
  });

  var lastTap = null, pendingTap = null;
  document.addEventListener("click", function (e) {
    var zoom = e.target.closest && e.target.closest("[data-zoom]");
    if (zoom) {
      var zp = boardParts(zoom);
      if (!zp) return;
      var how = zoom.getAttribute("data-zoom");
      if (how === "all") zoomTo(zp, 0);
      else zoomBy(zp, how === "in" ? 1.5 : 1 / 1.5);
      return;
    }
    var close = e.target.closest && e.target.closest("[data-panel-close]");
    if (close) { closePanel(close.closest("[data-territory-panel]"), true); return; }
    var scroll = e.target.closest && e.target.closest("[data-board-scroll]");
    if (!scroll) return;
    var parts = boardParts(scroll);
    if (!parts || !parts.svg) return;  // a map not drawn yet
    var a = territoryLink(e.target);
    if (a) e.preventDefault(); // the panel instead of the territory's page; its link is in it
    // From the keyboard (Enter) the panel opens at once and takes the focus; Escape or Close
    // gives it back.
    if (e.detail === 0) {
      if (a) { showTerritory(a, true); if (parts.panel) parts.panel.focus(); }
      return;
    }
    // Two taps close together zoom in there; one tap alone opens the territory's panel.
    var now = Date.now();
    clearTimeout(pendingTap);
    if (lastTap && now - lastTap.t < DOUBLE_TAP_MS &&
        Math.abs(e.clientX - lastTap.x) < 30 && Math.abs(e.clientY - lastTap.y) < 30) {
      lastTap = null;
      var box = scroll.getBoundingClientRect();
      zoomBy(parts, 2, e.clientX - box.left, e.clientY - box.top);
      return;
    }
    lastTap = { t: now, x: e.clientX, y: e.clientY };
    if (a) pendingTap = setTimeout(function () { showTerritory(a, true); }, DOUBLE_TAP_MS);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    var panel = e.target.closest && e.target.closest("[data-board-wrap]") &&
      e.target.closest("[data-board-wrap]").querySelector("[data-territory-panel].open");
    if (panel) closePanel(panel, true);
  });

  // The setup wizard: the server is told which choice changed, and answers with only what that
  // changes; then the map outlines the legal starts and chosen HQs, and the seat to choose next
  // is marked.
  document.addEventListener("htmx:configRequest", function (e) {
    var t = e.detail.triggeringEvent && e.detail.triggeringEvent.target;
    if (t && t.name && e.detail.elt && e.detail.elt.id === "seats") {
      e.detail.parameters["_changed"] = t.name;
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    var info = document.getElementById("legal-info");
    if (!info) return;
    var legal = (info.getAttribute("data-legal") || "").split(" ");
    var chosen = (info.getAttribute("data-chosen") || "").split(" ");
    document.querySelectorAll(".board-svg .territory").forEach(function (p) {
      var slug = p.getAttribute("data-territory");
      p.classList.toggle("legal", legal.indexOf(slug) >= 0);
      p.classList.toggle("chosen", chosen.indexOf(slug) >= 0);
    });
    var focus = info.getAttribute("data-focus-seat");
    document.querySelectorAll("#seats [data-seat]").forEach(function (f) {
      f.classList.toggle("current", f.getAttribute("data-seat") === focus);
    });
  });

  document.addEventListener("change", function (e) {
    var t = e.target;
    // The language menu changes the language at once.
    if (t.matches("[data-autosubmit]")) t.form.submit();
    // The odds calculator: a chosen territory fills in its own marks.
    if (t.matches("[data-autosubmit-get]")) {
      var url = new URL(window.location.href);
      url.search = t.value ? "?territory=" + encodeURIComponent(t.value) : "";
      window.location.assign(url.toString());
    }
    if (t.matches(".coin-input") || t.matches("#id_random_coins")) countCoins();
  });
  document.addEventListener("input", function (e) {
    if (e.target.matches(".coin-input")) countCoins();
  });

  // Before the first game: how many coin stickers are placed so far.
  function countCoins() {
    var box = document.querySelector("[data-coin-count]");
    if (!box) return;
    var stock = parseInt(box.getAttribute("data-stock"), 10) || 12;
    var random = document.getElementById("id_random_coins");
    var inputs = document.querySelectorAll(".coin-input");
    var total = 0;
    inputs.forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) total += n;
      input.disabled = !!(random && random.checked);
    });
    var groups = document.querySelector("[data-coins]");
    if (groups) groups.hidden = !!(random && random.checked);
    box.querySelector("[data-coin-placed]").textContent = random && random.checked ? stock : total;
    box.classList.toggle("over", !(random && random.checked) && total > stock);
    box.classList.toggle("done", (random && random.checked) || total === stock);
  }
  document.addEventListener("DOMContentLoaded", countCoins);

  // The campaign's tabs on a phone: the current one scrolled into view, and an arrow at each
  // edge beyond which there are more.
  function markMore(nav) {
    var wrap = nav.closest("[data-tabs]");
    if (!wrap) return;
    wrap.classList.toggle("more-before", nav.scrollLeft > 2);
    wrap.classList.toggle("more-after", nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 2);
  }
  function setUpTabs() {
    document.querySelectorAll("[data-tabs] > nav").forEach(function (nav) {
      var current = nav.querySelector("[aria-current='page']");
      if (current && nav.scrollWidth > nav.clientWidth) {
        var left = current.offsetLeft - nav.offsetLeft;
        var right = left + current.offsetWidth;
        if (right > nav.scrollLeft + nav.clientWidth || left < nav.scrollLeft) {
          nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
        }
      }
      markMore(nav);
      nav.addEventListener("scroll", function () { markMore(nav); }, { passive: true });
    });
  }
  document.addEventListener("DOMContentLoaded", setUpTabs);
  window.addEventListener("resize", function () {
    document.querySelectorAll("[data-tabs] > nav").forEach(markMore);
  });

  // The quick log: an entry's form opened in place is brought into view down to its button;
  // "Other entries" opened and running under the game's bar is brought up to the top of the
  // screen (a list taller than the screen then scrolls on from there).
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.open && d.matches && d.matches(".quick-log .log-others")) {
      var bar = document.querySelector(".table-bar");
      var room = window.innerHeight - (bar ? bar.offsetHeight : 0);
      if (d.getBoundingClientRect().bottom > room) d.scrollIntoView({ block: "start" });
      return;
    }
    if (!d.open || !d.matches || !d.matches(".quick-log .log-entry")) return;
    var button = d.querySelector("form [type=submit]");
    if (button) button.scrollIntoView({ block: "nearest" });
  }, true);

  // Forms that htmx draws again as they are filled in ([data-keeps-choices]: the setup wizard,
  // the end of a game): a choice made while a redraw is on its way is never lost. What the form
  // held when the request left is kept with it; a field changed since then gets its new value
  // back in the redrawn form (the next request, queued behind, sends it).
  function choicesOf(form) {
    var held = {};
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (f) {
      if (f.type === "hidden" || f.type === "submit") return;
      var list = held[f.name] || (held[f.name] = []);
      if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked) list.push(f.value);
      } else if (f.tagName === "SELECT") {
        Array.prototype.forEach.call(f.options, function (o) { if (o.selected) list.push(o.value); });
      } else {
        list.push(f.value);
      }
    });
    return held;
  }
  function keptForm(elt) {
    var form = elt && elt.closest && elt.closest("form");
    if (!form && elt && elt.getAttribute) {
      var inc = elt.getAttribute("hx-include");
      form = inc ? document.querySelector(inc) : null;
    }
    return form && form.matches("form[data-keeps-choices]") ? form : null;
  }
  function putBack(form, name, values) {
    form.querySelectorAll("[name='" + name + "']").forEach(function (f) {
      if (f.type === "checkbox" || f.type === "radio") {
        f.checked = values.indexOf(f.value) >= 0;
      } else if (f.tagName === "SELECT") {
        Array.prototype.forEach.call(f.options, function (o) {
          o.selected = values.indexOf(o.value) >= 0;
          // A choice another seat took meanwhile stays chosen: the server says what is wrong.
          if (o.selected) o.disabled = false;
        });
      } else {
        f.value = values[0] || "";
      }
    });
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = keptForm(e.detail.elt);
    if (form && e.detail.xhr) e.detail.xhr.earthbookSent = { id: form.id, held: choicesOf(form) };
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    var sent = e.detail.xhr && e.detail.xhr.earthbookSent;
    var form = sent && document.getElementById(sent.id);
    if (!form) return;
    var now = choicesOf(form), touched = {};
    Object.keys(now).forEach(function (name) {
      if (JSON.stringify(now[name]) !== JSON.stringify(sent.held[name] || [])) touched[name] = now[name];
    });
    e.detail.xhr.earthbookTouched = touched;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var sent = e.detail.xhr && e.detail.xhr.earthbookSent;
    var touched = e.detail.xhr && e.detail.xhr.earthbookTouched;
    var form = sent && document.getElementById(sent.id);
    if (!form || !touched) return;
    Object.keys(touched).forEach(function (name) { putBack(form, name, touched[name]); });
  });

  // Invitation and share links: one tap selects the whole link for copying.
  document.addEventListener("focusin", function (e) {
    if (e.target.matches("[data-copy]")) e.target.select();
  });
})();
