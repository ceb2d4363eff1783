/// The fixed parts of the HTML player: style, controls and script.
enum HTMLPlayerTemplate {
  static let head = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>anim export</title>
    <style>
    body { margin: 0; padding: 16px; background: #2a2a2a; color: #ddd; font: 14px system-ui, sans-serif; }
    #stage { display: block; background: repeating-conic-gradient(#3a3a3a 0 25%, #444 0 50%) 0 0 / 16px 16px; }
    #stage rect[id] {
      transform: translate(calc(var(--x) * 1px), calc(var(--y) * 1px)) rotate(calc(var(--r) * 1deg)) scale(var(--sx), var(--sy));
      x: calc(var(--w) * -0.5px); y: calc(var(--h) * -0.5px);
      width: calc(max(var(--w), 0) * 1px); height: calc(max(var(--h), 0) * 1px);
      rx: calc(max(min(var(--k), var(--w) / 2, var(--h) / 2), 0) * 1px);
      ry: calc(max(min(var(--k), var(--w) / 2, var(--h) / 2), 0) * 1px);
      fill: rgb(calc(var(--cr) * 255) calc(var(--cg) * 255) calc(var(--cb) * 255));
      fill-opacity: var(--ca); opacity: var(--a);
    }
    #stage g.text {
      transform: translate(calc(var(--x) * 1px), calc(var(--y) * 1px)) rotate(calc(var(--r) * 1deg)) scale(var(--sx), var(--sy));
      fill: rgb(calc(var(--cr) * 255) calc(var(--cg) * 255) calc(var(--cb) * 255));
      fill-opacity: var(--ca); opacity: var(--a);
    }
    #controls { display: flex; gap: 10px; align-items: center; margin-top: 10px; flex-wrap: wrap; }
    #controls button { min-width: 4.5em; }
    #scrub { flex: 1; min-width: 200px; }
    #time { font-variant-numeric: tabular-nums; min-width: 7em; }
    #anim-state { display: none; }
    </style>
    </head>
    <body>

    """#

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
    for (const name of data.channels) {
      try { CSS.registerProperty({ name, syntax: "<number>", inherits: false, initialValue: "0" }); } catch (e) {}
    }
    // One animation per channel of each view: keyframe offsets and per-keyframe easing.
    const animations = [];
    data.views.forEach((view, i) => {
      const el = document.getElementById("v" + i);
      for (const name of data.channels) {
        const keys = view.tracks[name];
        if (!keys || keys.length < 2) continue;
        const frames = keys.map(([t, v, easing]) => ({ offset: span > 0 ? Math.min(Math.max(t / span, 0), 1) : 0, [name]: String(v), easing }));
        animations.push(el.animate(frames, { duration: total, fill: "both" }));
      }
    });
    const play = document.getElementById("play");
    const scrub = document.getElementById("scrub");
    const time = document.getElementById("time");
    const speed = document.getElementById("speed");
    const loop = document.getElementById("loop");
    scrub.max = String(span);
    scrub.step = data.fps > 0 ? String(1 / data.fps) : "any";
    let playing = true;
    let clockStart = performance.now();
    let offset = 0;
    let rate = 1;
    function current() { return playing ? offset + (performance.now() - clockStart) * rate / 1000 : offset; }
    // Texts: the drawing shown at each frame (a counting number's strings).
    const texts = [];
    data.views.forEach((view, i) => {
      if (view.texts) texts.push([document.getElementById("v" + i).children, view.texts]);
    });
    function show(t) {
      for (const a of animations) a.currentTime = Math.min(Math.max(t, 0), span) * 1000;
      const frame = Math.floor(Math.min(Math.max(t, 0), span) * data.fps + 1e-6);
      for (const [paths, runs] of texts) {
        let shown = runs.length ? runs[0][1] : 0;
        for (const [f, j] of runs) if (f <= frame) shown = j;
        for (let j = 0; j < paths.length; j++) paths[j].style.display = j === shown ? "" : "none";
      }
      scrub.value = String(t);
      time.textContent = "t = " + (data.start + t).toFixed(3) + " s";
    }
    function seek(t) { offset = Math.min(Math.max(t, 0), span); clockStart = performance.now(); show(offset); }
    function setPlaying(p) {
      offset = current();
      if (offset >= span && p) offset = 0;
      playing = p; clockStart = performance.now();
      play.textContent = p ? "Pause" : "Play";
    }
    for (const a of animations) a.pause();
    function tick() {
      if (playing) {
        let t = current();
        if (t >= span) {
          if (loop.checked && span > 0) { t = t % span; offset = t; clockStart = performance.now(); }
          else { t = span; setPlaying(false); offset = span; }
        }
        show(t);
      }
      requestAnimationFrame(tick);
    }
    play.addEventListener("click", () => setPlaying(!playing));
    scrub.addEventListener("input", () => { setPlaying(false); seek(Number(scrub.value)); });
    speed.addEventListener("change", () => { offset = current(); clockStart = performance.now(); rate = Number(speed.value); });
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
    // The value the browser computes for one channel at t (seconds since A):
    // the interval's easing evaluated by the browser's own timing functions.
    function channelValue(keys, t) {
      if (!keys || keys.length === 0) return 0;
      if (t <= keys[0][0]) return keys[0][1];
      let i = keys.length - 1;
      if (t >= keys[i][0]) return keys[i][1];
      let lo = 0, hi = i;
      while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (keys[mid][0] <= t) lo = mid; else hi = mid; }
      const [t0, v0, easing] = keys[lo];
      const [t1, v1] = keys[hi];
      const probe = new Animation(new KeyframeEffect(null, null, { duration: (t1 - t0) * 1000, easing, fill: "both" }), document.timeline);
      probe.pause();
      probe.currentTime = (t - t0) * 1000;
      const p = probe.effect.getComputedTiming().progress;
      return v0 + (v1 - v0) * p;
    }
    function hex(v) { const b = Math.round(Math.min(Math.max(v, 0), 1) * 255); return b.toString(16).padStart(2, "0"); }
    function state(T) {
      const t = T - data.start;
      const views = {};
      for (const view of data.views) {
        const v = (name) => channelValue(view.tracks[name], t);
        // Keys and channels from anim's property table: a colour's four
        // channels join into #rrggbbaa.
        const s = {};
        for (const [key, css] of data.state) {
          s[key] = css.length === 4 ? "#" + css.map((c) => hex(v(c))).join("") : v(css[0]);
        }
        views[view.name] = s;
      }
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
