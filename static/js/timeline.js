/* The timeline's player: one frame (the board after one game) at a time, with play, pause, a
   step back and forward and a slider. Without this script every frame is listed. */
(function () {
  "use strict";
  var EVERY_MS = 1500;

  function player(root) {
    if (root.hasAttribute("data-player-ready")) return;
    root.setAttribute("data-player-ready", "");
    var frames = Array.prototype.slice.call(root.querySelectorAll("[data-frame]"));
    var controls = root.querySelector("[data-player-controls]");
    if (!frames.length || !controls) return;
    var slider = root.querySelector("[data-player-slider]");
    var number = root.querySelector("[data-player-number]");
    var play = root.querySelector("[data-player-play]");
    var playGlyph = root.querySelector("[data-player-glyph=play]");
    var pauseGlyph = root.querySelector("[data-player-glyph=pause]");
    var timer = null;
    var at = frames.length - 1;

    function load(i) {
      var img = frames[i] && frames[i].querySelector("img");
      if (img) img.loading = "eager";
    }
    function show(i) {
      at = (i + frames.length) % frames.length;
      frames.forEach(function (f, n) { f.hidden = n !== at; });
      slider.value = String(at + 1);
      var label = frames[at].getAttribute("data-label");
      number.textContent = label;
      slider.setAttribute("aria-valuetext", label);
      load(at);
      load((at + 1) % frames.length); // the next frame is ready when it is shown
    }
    function playing(on) {
      clearInterval(timer);
      timer = on ? setInterval(function () { show(at + 1); }, EVERY_MS) : null;
      play.setAttribute("aria-label", play.getAttribute(on ? "data-label-pause" : "data-label-play"));
      play.setAttribute("aria-pressed", on ? "true" : "false");
      if (playGlyph) playGlyph.toggleAttribute("hidden", on);
      if (pauseGlyph) pauseGlyph.toggleAttribute("hidden", !on);
    }

    root.classList.add("playing-one");
    controls.hidden = false;
    root.querySelector("[data-player-prev]").addEventListener("click", function () {
      playing(false);
      show(at - 1);
    });
    root.querySelector("[data-player-next]").addEventListener("click", function () {
      playing(false);
      show(at + 1);
    });
    play.addEventListener("click", function () {
      if (!timer && at === frames.length - 1) show(0); // from the first game again
      playing(!timer);
    });
    slider.addEventListener("input", function () {
      playing(false);
      show(parseInt(slider.value, 10) - 1);
    });
    playing(false);
    show(at);
  }

  function start(scope) { scope.querySelectorAll("[data-player]").forEach(player); }
  start(document);
  // The live table may draw the page again (a game finished elsewhere): start the new player.
  document.addEventListener("earthbook:swapped", function (e) { start(e.detail.node); });
})();
