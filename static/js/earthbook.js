/* Earthbook's own little script: everything here is a nicety; every page works without it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function territoryData() {
    var node = document.getElementById("territory-data");
    if (!node) return {};
    try { return JSON.parse(node.textContent); } catch (e) { return {}; }
  }

  // The side panel: what a territory carries, on hover or keyboard focus.
  function showTerritory(target) {
    var el = target.closest && target.closest("[data-territory]");
    if (!el) {
      var link = target.closest && target.closest("a");
      el = link && link.querySelector("[data-territory]");
    }
    if (!el) return;
    var panel = document.querySelector("[data-territory-panel]");
    if (!panel) return;
    var info = territoryData()[el.getAttribute("data-territory")];
    if (!info) return;
    panel.querySelector("[data-panel-name]").textContent = info.name;
    panel.querySelector("[data-panel-continent]").textContent = info.continent;
    panel.querySelector("[data-panel-summary]").textContent = info.summary;
  }
  document.addEventListener("mouseover", function (e) {
    if (e.target.closest && e.target.closest("[data-board]")) showTerritory(e.target);
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.closest && e.target.closest("[data-board]")) showTerritory(e.target);
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

  // Invitation and share links: one tap selects the whole link for copying.
  document.addEventListener("focusin", function (e) {
    if (e.target.matches("[data-copy]")) e.target.select();
  });
})();
