/// The studio page's script (SPEC §19, §24), in parts that share one scope:
/// the player host here (runs the player's code on the data the stream
/// sends, keeping what did not change), then `StudioTimeline` (ruler, lanes,
/// zoom, pan, playhead), `StudioInspector` (what a clicked view is and its
/// values at the playhead), and `StudioControls` (keys, fit, render
/// buttons, the state readout, the stream).
enum StudioScript {
  static var code: String {
    "\"use strict\";\n(() => {\n" + host + StudioTimeline.code + StudioInspector.code
      + StudioControls.code + "})();\n"
  }

  static let host = #"""
    const $ = (id) => document.getElementById(id);
    const preview = window.animPreview = {
      version: 0, shownAt: 0, reloads: 0, errorShown: false, playerVersion: 0, building: false };
    const token = JSON.parse($("preview-token").textContent);
    const playerCode = $("anim-player-code").textContent;
    const soundCode = $("anim-sound-code").textContent;
    const overlay = $("preview-error");
    const statusLine = $("preview-status");
    const outputBox = $("preview-output");
    const viewport = $("viewport");
    let shown = 0;          // the version of the last build message shown
    let playerVersion = 0;  // the version whose player the page plays
    let current = null;     // the last build message (without its player)
    let data = null;        // the player's data: { start, duration, fps, readout, views }
    let player = null;      // the running player: { stop, made: Map(element → animations) }
    let soundVersion = 0;   // which mix #anim-sound holds (PreviewMessage.soundVersion)

    // The mix of the player to run next (SPEC §22), as the exported page
    // holds it: the base64 of a WAV in <script id="anim-sound">; none: null.
    function holdSound(text) {
      let el = $("anim-sound");
      if (text === null) { if (el) el.remove(); return; }
      if (!el) {
        el = document.createElement("script");
        el.id = "anim-sound";
        el.type = "application/octet-stream";
        document.body.appendChild(el);
      }
      el.textContent = text;
    }
    // What the sound code added goes with its player: the audio (paused,
    // its blob let go), the `sound` checkbox, the note, and what it wrote
    // in #anim-state (the next player writes it afresh, from `#t=T`).
    function dropSound() {
      const audio = $("anim-audio");
      if (audio) {
        audio.pause();
        if (audio.src.startsWith("blob:")) URL.revokeObjectURL(audio.src);
        audio.removeAttribute("src");
        audio.remove();
        $("anim-state").textContent = "";
      }
      const box = $("sound");
      if (box) (box.closest("label") || box).remove();
      const note = $("sound-note");
      if (note) note.remove();
    }

    // The player's code, run so that everything it hooks can be unhooked
    // (its listeners, timers, animation frames and its audio's promises),
    // with the sound's code after it when #anim-sound holds a mix,
    // on `data` (handed to it without a string: JSON.parse of its mark),
    // and, with `reuse`, keeping the animations of every element the last
    // run made that is still in the document: an element the stream did
    // not replace has the same data, so its animations are the same.
    const DATA_MARK = "\u0000anim-data";
    function runPlayer(reuse) {
      const previous = reuse && player ? player.made : new Map();
      if (player) player.stop();
      const hooks = [], timers = [];
      const self = { alive: true, made: new Map() };
      const kept = new Set();
      self.stop = () => {
        self.alive = false;
        for (const [target, type, fn, options] of hooks) target.removeEventListener(type, fn, options);
        for (const id of timers) { clearTimeout(id); clearInterval(id); }
        dropSound();
      };
      const dataElement = { textContent: DATA_MARK };
      const doc = new Proxy(document, {
        get(t, name) {
          if (name === "getElementById") return (id) => id === "anim-data" ? dataElement : t.getElementById(id);
          const value = Reflect.get(t, name);
          return typeof value === "function" ? value.bind(t) : value;
        },
      });
      const json = { parse: (text, reviver) => text === DATA_MARK ? data : JSON.parse(text, reviver), stringify: JSON.stringify };
      function Effect(target, keyframes, options) { return { target, keyframes, options }; }
      function Playing(effect, timeline) {
        const list = self.made.get(effect.target) || [];
        const old = previous.get(effect.target);
        let animation = old && old[list.length];
        if (animation && animation.effect && animation.effect.target === effect.target) {
          kept.add(animation);
        } else {
          animation = new Animation(new KeyframeEffect(effect.target, effect.keyframes, effect.options), timeline);
        }
        list.push(animation);
        self.made.set(effect.target, list);
        return animation;
      }
      const raf = (fn) => requestAnimationFrame((ts) => { if (self.alive) fn(ts); });
      const later = (fn, ms, ...rest) => { const id = setTimeout(() => { if (self.alive) fn(...rest); }, ms); timers.push(id); return id; };
      const every = (fn, ms, ...rest) => { const id = setInterval(() => { if (self.alive) fn(...rest); }, ms); timers.push(id); return id; };
      // An audio whose play() settles only while its player runs: a
      // stopped player's pending start must not move the animations the
      // next one kept.
      function Sound(src) {
        const audio = new Audio(src);
        const play = audio.play.bind(audio);
        audio.play = () => new Promise((done, fail) => play().then(
          (v) => { if (self.alive) done(v); }, (e) => { if (self.alive) fail(e); }));
        return audio;
      }
      player = self;
      // Every listener the player adds while it starts (on the document,
      // the window, its controls, which outlive it) is noted to be removed.
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (type, fn, options) {
        hooks.push([this, type, fn, options]);
        return add.call(this, type, fn, options);
      };
      try {
        new Function("document", "window", "requestAnimationFrame", "setTimeout", "setInterval", "JSON",
          "KeyframeEffect", "Animation", "Audio", $("anim-sound") ? playerCode + soundCode : playerCode)(
          doc, window, raf, later, every, json, Effect, Playing, Sound);
      } finally {
        EventTarget.prototype.addEventListener = add;
      }
      for (const list of previous.values()) for (const a of list) if (!kept.has(a)) a.cancel();
    }

    function isPlaying() {
      const play = $("play");
      return !!play && /pause|⏸/i.test(play.textContent);
    }
    // The time shown, in clock seconds: read from the drawn animations
    // (exact), else from the scrubber (a frame's precision).
    function shownTime(exact = true) {
      const scrub = $("scrub");
      if (!data || !scrub) return null;
      if (exact && player) {
        for (const list of player.made.values()) {
          if (list.length && list[0].currentTime !== null) return data.start + list[0].currentTime / 1000;
          break;
        }
      }
      return data.start + Number(scrub.value);
    }
    function capture() {
      if (!data) return null;
      const speed = $("speed"), loop = $("loop"), sound = $("sound");
      return { t: shownTime(), playing: isPlaying(), speed: speed ? speed.value : null, loop: loop ? loop.checked : null,
        sound: sound ? sound.checked : null };
    }
    // Seeks the player through its scrubber (any step, so the time is exact).
    function seekTo(T) {
      const scrub = $("scrub");
      if (!data || !scrub) return;
      const t = Math.min(Math.max(T - data.start, 0), Math.max(data.duration, 0));
      const step = scrub.step;
      scrub.step = "any";
      scrub.value = String(t);
      scrub.dispatchEvent(new Event("input", { bubbles: true }));
      scrub.step = step;
      stateChanged();
    }
    function setPlaying(playing) {
      const play = $("play");
      if (play && isPlaying() !== playing) play.click();
      stateChanged();
    }
    function restore(state, pausedAt) {
      // Sound turned off stays off in the next build.
      const sound = $("sound");
      if (sound && state && state.sound === false && sound.checked) {
        sound.checked = false;
        sound.dispatchEvent(new Event("change", { bubbles: true }));
      }
      if (pausedAt !== null && pausedAt !== undefined) { seekTo(pausedAt); setPlaying(false); return; }
      if (!state || state.t === null) return;
      const speed = $("speed"), loop = $("loop");
      if (speed && state.speed !== null && speed.value !== state.speed) {
        speed.value = state.speed;
        speed.dispatchEvent(new Event("change", { bubbles: true }));
      }
      if (loop && state.loop !== null) loop.checked = state.loop;
      seekTo(state.t);
      setPlaying(state.playing);
    }

    // Takes a player update (PlayerUpdate.swift): the whole player, or the
    // views that changed since the player of version `base`; and its sound
    // (a mix, null for none, undefined: the one held). False when the page
    // does not play that base (it then asks for the whole player).
    const SVG_NS = "http://www.w3.org/2000/svg";
    function applyPlayer(update, pausedAt, sound) {
      const state = capture();
      const host = $("anim-player");
      if (update.full) {
        host.innerHTML = update.stage;
        data = update.data;
        if (sound !== undefined) holdSound(sound);
        runPlayer(false);
      } else {
        const svg = $("stage");
        if (update.base !== playerVersion || !data || !svg) return false;
        let group = svg.querySelector(":scope > g");
        if (update.stage) {
          const holder = document.createElement("div");
          holder.innerHTML = update.stage;
          const fresh = holder.firstElementChild;
          const freshGroup = fresh.querySelector(":scope > g");
          while (group.firstChild) freshGroup.appendChild(group.firstChild);
          svg.replaceWith(fresh);
          group = freshGroup;
        }
        for (let i = update.count; i < data.views.length; i++) { const el = $("v" + i); if (el) el.remove(); }
        data.views.length = Math.min(data.views.length, update.count);
        if (update.changed.length) {
          const holder = document.createElementNS(SVG_NS, "g");
          holder.innerHTML = update.changed.map((c) => c[1]).join("");
          const made = Array.from(holder.children);
          update.changed.forEach(([i, , view], k) => {
            const old = $("v" + i);
            if (old) old.replaceWith(made[k]); else group.appendChild(made[k]);
            data.views[i] = view;
          });
        }
        if (sound !== undefined) holdSound(sound);
        runPlayer(true);
      }
      restore(state, pausedAt);
      fit();
      return true;
    }

    function showError(text) {
      preview.errorShown = !!text;
      if (text) { overlay.textContent = text; overlay.hidden = false; }
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

    // "building…": present from a save seen until the new frame is drawn
    // (or its error shown); `buildingAgain` when a newer save was seen
    // meanwhile.
    let buildingAgain = false;
    // Builds swapped in whose new frame is not yet on the screen.
    let drawing = 0;
    function showBuilding(on) {
      preview.building = on;
      const slot = $("building-slot");
      const sign = slot.querySelector("[data-anim=building]");
      if (on && !sign) {
        const el = document.createElement("span");
        el.dataset.anim = "building";
        el.textContent = "building…";
        slot.appendChild(el);
      } else if (!on && sign) {
        sign.remove();
      }
    }

    // A long build's first frame (SPEC §24): the new script's stage at the
    // time the page showed, drawn over the player (hidden meanwhile) until
    // the build itself arrives.
    let still = null;
    function tellTime() {
      const T = shownTime(false);
      if (T !== null && Number.isFinite(T)) send({ at: Math.round(T * 1000) });
    }
    function showStill(m) {
      const stage = $("stage");
      if (!stage || typeof m.svg !== "string") return;
      const holder = document.createElement("div");
      holder.innerHTML = m.svg;
      const fresh = holder.querySelector("svg");
      if (!fresh) return;
      hideStill();
      fresh.id = "still";
      fresh.setAttribute("aria-label", "the new frame at " + m.at + " s (the animation is building)");
      stage.style.display = "none";
      stage.after(fresh);
      still = fresh;
      fit();
      drawing += 1;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        drawing -= 1;
        if (still !== fresh) return;
        preview.stillShownAt = Date.now();
        preview.stills = (preview.stills || 0) + 1;
      }));
    }
    function hideStill() {
      if (!still) return;
      still.remove();
      still = null;
      const stage = $("stage");
      if (stage) stage.style.display = "";
    }

    function apply(m) {
      if (m.type === "building") { buildingAgain = true; showBuilding(true); tellTime(); return; }
      if (m.type === "still") { showStill(m); return; }
      if (m.type === "inspect") { inspectorReceive(m); return; }
      if (m.type === "render") { renderReceive(m); return; }
      if (m.version <= shown) return;
      hideStill();
      if (m.player) {
        // Without its mix, the message's player plays the one held, which
        // must be the right one.
        const hasSound = Object.prototype.hasOwnProperty.call(m, "sound");
        if (!hasSound && m.soundVersion !== soundVersion) { send({ resync: true }); return; }
        if (!applyPlayer(m.player, m.pausedAt, hasSound ? m.sound : undefined)) { send({ resync: true }); return; }
        soundVersion = m.soundVersion;
        delete m.sound;  // #anim-sound holds it
        playerVersion = m.playerVersion;
        preview.playerVersion = playerVersion;
      } else if (m.pausedAt !== null && m.pausedAt !== undefined && !m.error) {
        seekTo(m.pausedAt);
        setPlaying(false);
      }
      shown = m.version;
      current = m;
      showError(m.error);
      showOutput(m);
      showLanes(m);
      inspectorRefresh();
      buildingAgain = !!m.building;
      // Drawn: two frames after the swap the new frame is on screen; only
      // then does the page say which version it shows, and since when.
      drawing += 1;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        drawing -= 1;
        if (shown !== m.version) return;
        preview.shownAt = Date.now();
        preview.reloads += 1;
        preview.version = m.version;
        document.documentElement.dataset.previewVersion = String(m.version);
        showBuilding(buildingAgain);
        // The server knows the page's time before the next save (a still
        // is drawn there) without waiting for the answer to "building".
        tellTime();
      }));
    }

    """#
}
