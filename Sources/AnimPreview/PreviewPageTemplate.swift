/// The preview's fixed parts: its style, its panel (error overlay, status,
/// timeline, output) and its script.
enum PreviewPageTemplate {
  static let style = #"""
    <style id="preview-style">
    #anim-player { position: relative; width: fit-content; }
    #preview-error { position: absolute; left: 0; top: 0; z-index: 10; box-sizing: border-box; margin: 0;
      padding: 12px; overflow: auto; background: rgb(90 0 0 / 0.92); color: #fff;
      font: 13px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre; }
    #preview-error[hidden] { display: none; }
    #preview-error.alone { position: static; min-width: 480px; min-height: 120px; }
    #preview-status { margin-top: 10px; color: #aaa; font-size: 12px; }
    #preview-status.offline { color: #f88; }
    #timeline { position: relative; margin-top: 10px; max-height: 40vh; overflow-y: auto; background: #222; border: 1px solid #444; }
    #timeline .lane { display: flex; align-items: center; height: 22px; cursor: pointer; border-bottom: 1px solid #2e2e2e; }
    #timeline .lane:hover { background: #303030; }
    #timeline .lane-label { flex: 0 0 260px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; padding: 0 6px;
      font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: #ccc; }
    #timeline .lane-track { position: relative; flex: 1; height: 100%; }
    #timeline .lane-bar { position: absolute; top: 6px; height: 10px; background: #4a8fd8; border-radius: 2px; min-width: 2px; }
    #timeline .lane-bar.open { border-radius: 2px 0 0 2px; background: linear-gradient(90deg, #4a8fd8 85%, #4a8fd800); }
    #timeline .lane-bar.stopped { background: #a66; }
    #timeline .mark { position: absolute; top: 3px; width: 2px; height: 16px; margin-left: -1px; background: #fc6; }
    #timeline .mark.repeat { background: #8d8; height: 12px; top: 5px; }
    #timeline .mark.done { background: #fff; }
    #timeline .empty { padding: 6px; color: #888; font-size: 12px; }
    #playhead { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #f44; pointer-events: none; }
    #preview-output { margin-top: 10px; max-height: 30vh; overflow: auto; padding: 8px; background: #1c1c1c; border: 1px solid #444;
      font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
    #preview-output .failures { color: #f99; }
    #preview-output .notes { color: #fc6; }
    </style>

    """#

  static let panel = #"""
    <pre id="preview-error" hidden></pre>
    <div id="preview-status">connecting…</div>
    <div id="timeline"><div id="playhead"></div></div>
    <pre id="preview-output"></pre>

    """#

  static let script = #"""
    "use strict";
    (() => {
      const overlay = document.getElementById("preview-error");
      const status = document.getElementById("preview-status");
      const timeline = document.getElementById("timeline");
      const playhead = document.getElementById("playhead");
      const outputBox = document.getElementById("preview-output");
      let shown = 0;          // the version this page shows
      let current = null;     // the last message (without its player)
      let player = null;      // the running player: { alive, cleanup }
      const preview = window.animPreview = { version: 0, shownAt: 0, reloads: 0, errorShown: false };

      // The player's code, run so that everything it hooks can be unhooked.
      function runPlayer() {
        const code = document.getElementById("anim-player-code");
        if (!code) return;
        if (player) player.stop();
        const hooks = [], timers = [];
        const self = { alive: true };
        self.stop = () => {
          self.alive = false;
          for (const [target, type, fn, options] of hooks) target.removeEventListener(type, fn, options);
          for (const id of timers) { clearTimeout(id); clearInterval(id); }
        };
        const wrap = (target) => new Proxy(target, {
          get(t, name) {
            if (name === "addEventListener") {
              return (type, fn, options) => { hooks.push([t, type, fn, options]); t.addEventListener(type, fn, options); };
            }
            const value = Reflect.get(t, name);
            return typeof value === "function" ? value.bind(t) : value;
          },
        });
        const raf = (fn) => requestAnimationFrame((ts) => { if (self.alive) fn(ts); });
        const later = (fn, ms, ...rest) => { const id = setTimeout(() => { if (self.alive) fn(...rest); }, ms); timers.push(id); return id; };
        const every = (fn, ms, ...rest) => { const id = setInterval(() => { if (self.alive) fn(...rest); }, ms); timers.push(id); return id; };
        player = self;
        new Function("document", "window", "requestAnimationFrame", "setTimeout", "setInterval", code.textContent)(
          wrap(document), wrap(window), raf, later, every);
      }

      const $ = (id) => document.getElementById(id);
      // The player's range, read once per player (its data can be megabytes).
      let range = undefined;
      function playerData() {
        if (range !== undefined) return range;
        const el = $("anim-data");
        try {
          const data = el ? JSON.parse(el.textContent) : null;
          range = data ? { start: data.start, duration: data.duration } : null;
        } catch (e) { range = null; }
        return range;
      }
      function isPlaying() {
        const play = $("play");
        return !!play && /pause|⏸/i.test(play.textContent);
      }
      // The time shown, in clock seconds: read from the drawn animations
      // (exact), else from the scrubber (a frame's precision).
      function shownTime(data, exact = true) {
        const scrub = $("scrub");
        if (!data || !scrub) return null;
        if (exact) {
          const animations = $("anim-player").getAnimations({ subtree: true });
          if (animations.length > 0 && animations[0].currentTime !== null) return data.start + animations[0].currentTime / 1000;
        }
        return data.start + Number(scrub.value);
      }
      function capture() {
        const data = playerData();
        if (!data) return null;
        const speed = $("speed"), loop = $("loop");
        return { t: shownTime(data), playing: isPlaying(), speed: speed ? speed.value : null, loop: loop ? loop.checked : null };
      }
      // Seeks the player through its scrubber (any step, so the time is exact).
      function seekTo(T) {
        const data = playerData(), scrub = $("scrub");
        if (!data || !scrub) return;
        const t = Math.min(Math.max(T - data.start, 0), Math.max(data.duration, 0));
        const step = scrub.step;
        scrub.step = "any";
        scrub.value = String(t);
        scrub.dispatchEvent(new Event("input", { bubbles: true }));
        scrub.step = step;
      }
      function setPlaying(playing) {
        const play = $("play");
        if (play && isPlaying() !== playing) play.click();
      }
      function restore(state, pausedAt) {
        if (pausedAt !== null && pausedAt !== undefined) { seekTo(pausedAt); setPlaying(false); return; }
        if (!state || state.t === null) return;
        const speed = $("speed"), loop = $("loop");
        if (speed && state.speed !== null && speed.value !== state.speed) {
          speed.value = state.speed;
          speed.dispatchEvent(new Event("change", { bubbles: true }));
        }
        if (loop && state.loop !== null) loop.checked = state.loop;
        const hash = /(?:^#|&)t=([-+0-9.eE]+)/.exec(location.hash);
        // The new player already paused at #t=T: keep its state readout.
        if (!(hash && !state.playing && Math.abs(Number(hash[1]) - state.t) < 1e-9)) seekTo(state.t);
        setPlaying(state.playing);
      }

      // Swaps in a new player page without navigating.
      function swapPlayer(html, pausedAt) {
        const state = capture();
        const doc = new DOMParser().parseFromString(html, "text/html");
        const fresh = doc.getElementById("anim-player");
        const code = doc.getElementById("anim-player-code");
        const style = doc.getElementById("anim-player-style");
        if (!fresh || !code) return;
        if (style) $("anim-player-style").textContent = style.textContent;
        if (player) player.stop();
        range = undefined;
        const old = $("anim-player");
        const adopted = document.adoptNode(fresh);
        old.replaceWith(adopted);
        adopted.appendChild(overlay);
        let codeEl = $("anim-player-code");
        if (!codeEl) {
          codeEl = document.createElement("script");
          codeEl.type = "text/plain";
          codeEl.id = "anim-player-code";
          adopted.after(codeEl);
        }
        codeEl.textContent = code.textContent;
        runPlayer();
        restore(state, pausedAt);
      }

      function placeOverlay() {
        const stage = $("stage");
        if (stage) {
          $("anim-player").appendChild(overlay);
          overlay.classList.remove("alone");
          overlay.style.width = stage.getBoundingClientRect().width + "px";
          overlay.style.height = stage.getBoundingClientRect().height + "px";
        } else {
          $("anim-player").appendChild(overlay);
          overlay.classList.add("alone");
          overlay.style.width = overlay.style.height = "";
        }
      }
      function showError(text) {
        preview.errorShown = !!text;
        if (text) { overlay.textContent = text; overlay.hidden = false; placeOverlay(); }
        else { overlay.hidden = true; overlay.textContent = ""; }
      }

      function showOutput(m) {
        outputBox.textContent = "";
        const add = (text, cls) => {
          if (!text) return;
          const span = document.createElement("span");
          if (cls) span.className = cls;
          span.textContent = text.endsWith("\n") ? text : text + "\n";
          outputBox.appendChild(span);
        };
        add(m.output.join("\n"));
        add(m.failures, "failures");
        add(m.notes.join("\n"), "notes");
        if (!outputBox.textContent) outputBox.textContent = "(no output)";
      }

      // One lane per run: #id, target, its span, its events; a click seeks to its start.
      function showLanes(m) {
        for (const el of Array.from(timeline.querySelectorAll(".lane, .empty"))) el.remove();
        const span = Math.max(m.end - m.start, 1e-9);
        const at = (t) => Math.min(Math.max((t - m.start) / span, 0), 1) * 100;
        if (m.lanes.length === 0) {
          const empty = document.createElement("div");
          empty.className = "empty";
          empty.textContent = "no runs";
          timeline.appendChild(empty);
        }
        for (const lane of m.lanes) {
          const row = document.createElement("div");
          row.className = "lane";
          row.dataset.run = String(lane.id);
          row.dataset.target = lane.target;
          row.dataset.start = String(lane.start);
          row.dataset.end = lane.end === null ? "" : String(lane.end);
          row.dataset.ended = lane.ended || "";
          const end = lane.end === null ? "…" : lane.end + " s" + (lane.ended && lane.ended !== "done" ? " (" + lane.ended + ")" : "");
          row.title = "#" + lane.id + " " + lane.label + "\ntarget: " + (lane.target || "—") + "\n" + lane.start + " s → " + end;
          const label = document.createElement("span");
          label.className = "lane-label";
          label.textContent = "#" + lane.id + " " + (lane.target || lane.label);
          const track = document.createElement("span");
          track.className = "lane-track";
          const bar = document.createElement("span");
          bar.className = "lane-bar" + (lane.end === null ? " open" : "") + (lane.ended === "cancelled" || lane.ended === "cleared" ? " stopped" : "");
          const a = at(lane.start), b = lane.end === null ? 100 : at(lane.end);
          bar.style.left = a + "%";
          bar.style.width = Math.max(b - a, 0) + "%";
          track.appendChild(bar);
          for (const mark of lane.marks) {
            const tick = document.createElement("span");
            tick.className = "mark " + mark.kind;
            tick.dataset.kind = mark.kind;
            tick.dataset.t = String(mark.t);
            tick.title = mark.label + " at " + mark.t + " s";
            tick.style.left = at(mark.t) + "%";
            track.appendChild(tick);
          }
          row.append(label, track);
          row.addEventListener("click", () => {
            const playing = isPlaying();
            seekTo(lane.start);
            setPlaying(playing);
          });
          timeline.appendChild(row);
        }
      }
      // The playhead follows the player's time (the scrubber's: a frame's
      // precision, without asking for every animation each frame).
      function movePlayhead() {
        const data = playerData();
        const first = timeline.querySelector(".lane-track");
        if (data && first && current) {
          const T = shownTime(data, false);
          const span = Math.max(current.end - current.start, 1e-9);
          const p = Math.min(Math.max((T - current.start) / span, 0), 1);
          const box = timeline.getBoundingClientRect(), track = first.getBoundingClientRect();
          playhead.style.display = "";
          playhead.style.left = (track.left - box.left + p * track.width) + "px";
        } else {
          playhead.style.display = "none";
        }
        requestAnimationFrame(movePlayhead);
      }

      function apply(m) {
        if (m.version <= shown) return;
        shown = m.version;
        if (m.player) swapPlayer(m.player, m.pausedAt);
        else if (m.pausedAt !== null && m.pausedAt !== undefined && m.error === null) { seekTo(m.pausedAt); setPlaying(false); }
        current = m;
        showError(m.error);
        showOutput(m);
        showLanes(m);
        // Drawn: two frames after the swap the new frame is on screen; only
        // then does the page say which version it shows, and since when.
        requestAnimationFrame(() => requestAnimationFrame(() => {
          if (shown !== m.version) return;
          preview.shownAt = Date.now();
          preview.reloads += 1;
          preview.version = m.version;
          document.documentElement.dataset.previewVersion = String(m.version);
        }));
      }

      let socket = null;
      function connect() {
        socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/stream");
        socket.onopen = () => {
          status.textContent = "live: reloads when the script is saved";
          status.classList.remove("offline");
          socket.send(JSON.stringify({ shown }));
        };
        socket.onmessage = (event) => { try { apply(JSON.parse(event.data)); } catch (e) { console.error(e); } };
        socket.onclose = () => {
          status.textContent = "disconnected: the preview server stopped (retrying)";
          status.classList.add("offline");
          setTimeout(connect, 1000);
        };
      }

      const embedded = JSON.parse(document.getElementById("preview-data").textContent);
      runPlayer();
      apply(Object.assign(embedded, { player: null }));
      requestAnimationFrame(movePlayhead);
      window.addEventListener("resize", () => { if (!overlay.hidden) placeOverlay(); });
      connect();
    })();

    """#
}
