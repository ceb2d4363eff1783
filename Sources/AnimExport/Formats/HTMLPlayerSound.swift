/// The sound of the HTML player (SPEC §22): the mix embedded in the page as
/// a base64 WAV (the page stays one self-contained file) and code, added
/// after the player's own in its script and only to pages with sound, that
/// plays it in sync with the picture.
///
/// The audio is the master clock while it plays: headless Chromium starts
/// an `<audio>` 70–80 ms after `play()` (TOOLS.md), so a picture run from
/// the wall clock would drift from its sound. The picture holds at its time
/// until the audio has started, then takes the audio's time, and whenever
/// the two part by more than `resync` seconds (the audio's clock and the
/// page's run at slightly different rates; a stall; a loop) the animations
/// are set to the audio's time again. Seeking, pausing, a new
/// speed (`playbackRate`, the pitch following as on a tape) and looping act
/// on both. Browsers refuse sound before a user's gesture: the picture
/// then plays alone and a note asks for a click on Play.
///
/// `#anim-state` gains `audioTime`, the mix's position in seconds from A,
/// `time`, the picture's, and `playing`, rewritten every frame (beside
/// the `t` and `views` a `#t=T` hash writes).
enum HTMLPlayerSound {
  /// Seconds the picture may drift from the audio (the mean of the last
  /// `driftSamples` frames, so one late reading of the audio's clock does
  /// not move it) before it is set again.
  static let resync = 0.004
  static let driftSamples = 4

  /// Writes the embedded mix: `<script id="anim-sound">` holding the WAV's
  /// base64, which `mix` gives piece by piece (nil after the last).
  static func write(_ mix: () -> String?, to output: (String) -> Void) {
    output("<script id=\"anim-sound\" type=\"application/octet-stream\">")
    while let piece = mix() { output(piece) }
    output("</script>\n")
  }

  static let script = #"""
    // The sound (SPEC §22): the player's functions above are replaced by
    // ones that keep the picture on the audio's clock.
    (() => {
      const text = document.getElementById("anim-sound").textContent.replace(/\s+/g, "");
      const raw = atob(text);
      const bytes = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      const audio = new Audio(URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })));
      audio.id = "anim-audio";
      // Among the controls: a page that takes the player out of the
      // document (the live preview swapping in a new one) silences it.
      document.getElementById("controls").appendChild(audio);
      audio.preload = "auto";
      audio.preservesPitch = false;
      audio.loop = loop.checked;
      window.animAudio = audio;
      const controls = document.getElementById("controls");
      const soundBox = document.createElement("label");
      soundBox.innerHTML = '<input id="sound" type="checkbox" checked> sound';
      controls.insertBefore(soundBox, controls.children[4]);
      const soundOn = document.getElementById("sound");
      const note = document.createElement("span");
      note.id = "sound-note";
      controls.appendChild(note);
      const RESYNC = \#(resync);
      const SAMPLES = \#(driftSamples);
      let drifts = [];
      // Whether the audio is playing and the picture follows it; whether a
      // play() is on its way (the picture holds meanwhile).
      let driving = false;
      let pending = false;
      let attempt = 0;
      // The browser refused to play before a gesture: the next click on Play
      // (or space) starts the sound instead of pausing the picture.
      let blocked = false;
      function unblock(e) {
        if (!blocked || !playing || !soundOn.checked) return;
        if (e.type === "keydown" && e.key !== " ") return;
        blocked = false;
        e.preventDefault();
        e.stopImmediatePropagation();
        offset = current();
        startAudio();
      }
      play.addEventListener("click", unblock, true);
      document.addEventListener("keydown", unblock, true);
      const baseSetPlaying = setPlaying;
      const baseSeek = seek;
      const baseCurrent = current;
      function wall() { return baseCurrent(); }
      function holdPicture() {
        for (const a of animations) { a.pause(); a.currentTime = offset * 1000; }
      }
      // Where the audio was at this frame's time: the animations show the
      // document timeline's time of the frame, read here a little later.
      function audioAtFrame() {
        const late = Math.max(performance.now() - document.timeline.currentTime, 0);
        return audio.currentTime - late * rate / 1000;
      }
      // What the animations show now, in seconds from A.
      function shown() {
        return animations.length ? animations[0].currentTime / 1000 : wall();
      }
      // The picture set to the audio's time, playing on from there.
      function follow() {
        drifts = [];
        offset = Math.min(Math.max(audioAtFrame(), 0), span);
        start();
      }
      function startAudio() {
        driving = false;
        if (!soundOn.checked) { audio.pause(); return; }
        const mine = ++attempt;
        pending = true;
        holdPicture();
        clockStart = performance.now();
        audio.loop = loop.checked;
        audio.playbackRate = rate;
        audio.currentTime = Math.min(offset, audio.duration || offset);
        audio.play().then(() => {
          if (mine !== attempt || !playing) return;
          pending = false;
          driving = true;
          blocked = false;
          note.textContent = "";
          follow();
        }, () => {
          if (mine !== attempt) return;
          // Refused (no gesture yet) or not playable: the picture plays alone.
          pending = false;
          driving = false;
          blocked = true;
          note.textContent = "click Play for sound";
          clockStart = performance.now();
          if (playing) start();
        });
      }
      function stopAudio() {
        attempt++;
        pending = false;
        driving = false;
        audio.pause();
      }
      current = function () {
        if (!playing) return offset;
        if (pending) return offset;
        if (driving) return Math.min(Math.max(audio.currentTime, 0), span);
        return wall();
      };
      setPlaying = function (p) {
        baseSetPlaying(p);
        if (p) startAudio(); else { stopAudio(); audio.currentTime = offset; }
        writeState();
      };
      seek = function (t) {
        baseSeek(t);
        if (playing) startAudio(); else audio.currentTime = offset;
        writeState();
      };
      audio.addEventListener("ended", () => {
        if (!playing || audio.loop) return;
        stopAudio();
        baseSetPlaying(false);
        baseSeek(span);
        writeState();
      });
      loop.addEventListener("change", () => { audio.loop = loop.checked; writeState(); });
      soundOn.addEventListener("change", () => {
        if (!playing) return;
        if (soundOn.checked) { offset = current(); startAudio(); }
        else { offset = current(); stopAudio(); start(); }
      });
      const stateElement = document.getElementById("anim-state");
      let written = null;
      let base = "";
      function writeState() {
        // A `#t=T` readout written by the player keeps its keys.
        if (stateElement.textContent !== written) {
          const text = stateElement.textContent.trim();
          base = text.startsWith("{") && text.length > 2 ? text.slice(1, -1) + "," : "";
        }
        // While it plays, where the audio was at this frame's time.
        const heard = driving && !audio.paused ? audioAtFrame() : audio.currentTime;
        const audioTime = Math.min(Math.max(heard, 0), span);
        written = "{" + base + '"audioTime":' + JSON.stringify(audioTime) + ',"time":'
          + JSON.stringify(data.start + current()) + ',"playing":' + playing + "}";
        stateElement.textContent = written;
      }
      tick = function () {
        if (playing) {
          let t = current();
          if (driving && !audio.paused) {
            const drift = shown() - audioAtFrame();
            // A start, a loop or a jump: at once; a slow drift: once it is steady.
            if (Math.abs(drift) > 3 * RESYNC) follow();
            else {
              drifts.push(drift);
              if (drifts.length > SAMPLES) drifts.shift();
              const mean = drifts.reduce((a, b) => a + b, 0) / drifts.length;
              if (drifts.length === SAMPLES && Math.abs(mean) > RESYNC) follow();
            }
          }
          if (!driving && !pending && t >= span) {
            if (loop.checked && span > 0) { t = t % span; offset = t; start(); }
            else { setPlaying(false); seek(span); t = span; }
          }
          showTime(t);
        }
        writeState();
        requestAnimationFrame(tick);
      };
      if (playing) { offset = baseCurrent(); startAudio(); }
      writeState();
    })();

    """#
}
