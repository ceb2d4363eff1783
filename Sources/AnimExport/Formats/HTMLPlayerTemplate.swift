/// The fixed parts of the HTML player: style, controls and script.
enum HTMLPlayerTemplate {
  /// The player's style sheet (the text of its `<style>`).
  static let style = #"""
    body { margin: 0; padding: 16px; background: #2a2a2a; color: #ddd; font: 14px system-ui, sans-serif; }
    #stage { display: block; background: repeating-conic-gradient(#3a3a3a 0 25%, #444 0 50%) 0 0 / 16px 16px; }
    #controls { display: flex; gap: 10px; align-items: center; margin-top: 10px; flex-wrap: wrap; }
    #controls button { min-width: 4.5em; }
    #scrub { flex: 1; min-width: 200px; }
    #time { font-variant-numeric: tabular-nums; min-width: 7em; }
    #anim-state { display: none; }

    """#

  static let head =
    "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>anim export</title>\n"
    + "<style>\n" + style + "</style>\n</head>\n<body>\n"

  static let controls = #"""
    <div id="controls">
    <button id="play" title="Play or pause (space)">Pause</button>
    <input id="scrub" type="range" min="0" max="1" step="any" value="0" aria-label="Time">
    <span id="time">t = 0 s</span>
    <label>speed <select id="speed">
    <option value="0.25">0.25×</option><option value="0.5">0.5×</option>
    <option value="1" selected>1×</option><option value="1.5">1.5×</option><option value="2">2×</option>
    </select></label>
    <label><input id="loop" type="checkbox" checked> loop</label>
    <span>space: play/pause · ←/→: one frame</span>
    </div>
    <pre id="anim-state"></pre>

    """#

  static let script = #"""
    "use strict";
    const data = JSON.parse(document.getElementById("anim-data").textContent);
    const span = Math.max(data.duration, 0);
    const total = Math.max(span * 1000, 1);
    // The views' animations, each over the whole range [A, B] with keyframes
    // from offset 0 to 1. They play on the document timeline by themselves
    // (the compositor and the style engine sample them); the page only starts,
    // pauses and seeks them together.
    const animations = [];
    const elements = [];
    data.views.forEach((view, i) => {
      const el = document.getElementById("v" + i);
      elements.push(el);
      // In a tree (SPEC §17): the group holding a view's children moves as
      // the view does; an animation marked "e" moves another element of the
      // view's (its box corner's group "o", its clip's path "c", its clipped
      // group "k", whose clip-path switches as `clip` is set on and off, and
      // a text's glyph group "a", moved as its anchor moves).
      const group = document.getElementById("t" + i);
      for (const a of view.animations) {
        // Keyframes name properties in camel case (fill-opacity: fillOpacity).
        const name = a.p.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
        const frames = a.k.map(([offset, value, easing]) => ({ offset, [name]: value, easing }));
        const targets = a.e ? [document.getElementById(a.e + i)] : [el];
        if (!a.e && group && (name === "translate" || name === "rotate" || name === "scale")) targets.push(group);
        const effects = targets.map((target) => [target, frames]);
        // A trimmed outline of several subpaths, a text's contours (SPEC
        // §16.3, §18): each its own path, its dash offset the group's plus
        // where it starts along the whole (data-at).
        if (name === "strokeDashoffset" && el.tagName === "g") {
          for (const path of el.querySelectorAll("path[data-at]")) {
            const at = Number(path.dataset.at);
            effects.push([path, a.k.map(([offset, value, easing]) =>
              ({ offset, strokeDashoffset: String(Number(value) + at), easing }))]);
          }
        }
        for (const [target, keyframes] of effects) {
          const effect = new KeyframeEffect(target, keyframes, {
            duration: total, fill: "both", composite: a.add ? "add" : "replace" });
          const animation = new Animation(effect, document.timeline);
          animation.pause();
          animations.push(animation);
        }
      }
    });
    const play = document.getElementById("play");
    const scrub = document.getElementById("scrub");
    const time = document.getElementById("time");
    const speed = document.getElementById("speed");
    const loop = document.getElementById("loop");
    scrub.max = String(span);
    scrub.step = data.fps > 0 ? String(1 / data.fps) : "any";
    let playing = false;
    let clockStart = performance.now();
    let offset = 0;
    let rate = 1;
    function current() { return playing ? offset + (performance.now() - clockStart) * rate / 1000 : offset; }
    // Texts: the drawing shown at each frame (a counting number's strings).
    const texts = [];
    data.views.forEach((view, i) => {
      // A text whose anchor moves has its drawings in its group `a{i}`.
      if (view.texts) texts.push([(document.getElementById("a" + i) || document.getElementById("v" + i)).children, view.texts]);
    });
    function showTime(t) {
      const frame = Math.floor(Math.min(Math.max(t, 0), span) * data.fps + 1e-6);
      for (const [paths, runs] of texts) {
        let shown = runs.length ? runs[0][1] : 0;
        for (const [f, j] of runs) if (f <= frame) shown = j;
        for (let j = 0; j < paths.length; j++) paths[j].style.display = j === shown ? "" : "none";
      }
      scrub.value = String(t);
      time.textContent = "t = " + (data.start + t).toFixed(3) + " s";
    }
    function seek(t) {
      offset = Math.min(Math.max(t, 0), span);
      clockStart = performance.now();
      for (const a of animations) a.currentTime = offset * 1000;
      showTime(offset);
    }
    // Plays every animation from `offset`, with one start time for all so
    // that each shows the same instant.
    function start() {
      clockStart = performance.now();
      const startTime = document.timeline.currentTime - offset * 1000 / rate;
      for (const a of animations) { a.playbackRate = rate; a.startTime = startTime; }
    }
    function setPlaying(p) {
      offset = Math.min(current(), span);
      if (p && offset >= span) offset = 0;
      playing = p;
      clockStart = performance.now();
      if (p) {
        start();
      } else {
        for (const a of animations) { a.pause(); a.currentTime = offset * 1000; }
      }
      play.textContent = p ? "Pause" : "Play";
    }
    function tick() {
      if (playing) {
        let t = current();
        if (t >= span) {
          // Looping starts the animations again (each plays [A, B] once).
          if (loop.checked && span > 0) { t = t % span; offset = t; start(); }
          else { setPlaying(false); seek(span); t = span; }
        }
        showTime(t);
      }
      requestAnimationFrame(tick);
    }
    play.addEventListener("click", () => setPlaying(!playing));
    scrub.addEventListener("input", () => { setPlaying(false); seek(Number(scrub.value)); });
    speed.addEventListener("change", () => {
      const was = playing;
      setPlaying(false);
      rate = Number(speed.value);
      if (was) setPlaying(true);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === " ") { e.preventDefault(); setPlaying(!playing); }
      else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        setPlaying(false);
        const frame = 1 / data.fps;
        const k = Math.round(offset / frame) + (e.key === "ArrowRight" ? 1 : -1);
        seek(k * frame);
      }
    });
    // What is drawn, read back from the browser: each view's computed style
    // (the animations' values on the drawn elements), property by property
    // as data.readout lists them (PlayerReadout.swift: made from the channel
    // table). A rect marked data-alpha="opacity" uses the second list.
    // Opacities are drawn clamped to 0…1, and so are read.
    function numbers(text) { return (text.match(/[-+0-9.eE]+/g) || []).map(Number); }
    function hex(v) { const b = Math.round(Math.min(Math.max(v, 0), 1) * 255); return b.toString(16).padStart(2, "0"); }
    function viewState(el) {
      const s = getComputedStyle(el);
      const read = {};
      for (const r of data.readout[el.dataset.alpha === "opacity" ? 1 : 0]) {
        const lanes = r.lanes.map(([css, index, fallback, uniform, scale]) => {
          const n = numbers(s.getPropertyValue(css));
          return (index < n.length ? n[index] : uniform && n.length ? n[0] : fallback) * scale;
        });
        read[r.key] = r.color ? "#" + lanes.map(hex).join("") : lanes[0];
      }
      // A view drawn as a path or a group of paths (SPEC §16, §18) adds its
      // stroke as drawn: the colour with its alpha, width, cap and join.
      if (el.tagName === "path" || el.tagName === "g") {
        const stroke = numbers(s.stroke);
        const strokeAlpha = stroke.length > 3 ? stroke[3] : (stroke.length ? 1 : 0);
        read.stroke = "#" + hex((stroke[0] || 0) / 255) + hex((stroke[1] || 0) / 255) + hex((stroke[2] || 0) / 255) + hex(strokeAlpha);
        read.strokeWidth = numbers(s.strokeWidth)[0];
        read.lineCap = s.strokeLinecap;
        read.lineJoin = s.strokeLinejoin;
      }
      return read;
    }
    function state(T) {
      const views = {};
      data.views.forEach((view, i) => { views[view.name] = viewState(elements[i]); });
      return { t: T, views };
    }
    function fromHash() {
      const m = /(?:^#|&)t=([-+0-9.eE]+)/.exec(location.hash);
      if (!m) return false;
      const T = Number(m[1]);
      setPlaying(false);
      seek(T - data.start);
      document.getElementById("anim-state").textContent = JSON.stringify(state(T));
      return true;
    }
    window.addEventListener("hashchange", fromHash);
    if (!fromHash()) { seek(0); setPlaying(true); }
    requestAnimationFrame(tick);

    """#
}
