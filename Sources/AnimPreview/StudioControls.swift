/// The rest of the studio's script (SPEC §24): the stage fitted to its box
/// (or at 1:1), the keys, the render buttons, `#anim-state` kept at the
/// playhead while paused, the stream, and the start.
enum StudioControls {
  static let code = #"""
    // The stage scaled to fit its box (a vector stage stays sharp), or at
    // its own size with scroll bars (1:1).
    let actualSize = false;
    function fit() {
      const svg = $("stage");
      if (!svg) return;
      const w = Number(svg.getAttribute("width")) || 1, h = Number(svg.getAttribute("height")) || 1;
      viewport.classList.toggle("actual", actualSize);
      let s = 1;
      if (!actualSize) {
        const room = 24;
        s = Math.max(Math.min((viewport.clientWidth - room) / w, (viewport.clientHeight - room) / h), 0.01);
      }
      for (const shown of [svg, $("still")]) {
        if (!shown) continue;
        shown.style.width = w * s + "px";
        shown.style.height = h * s + "px";
      }
      preview.scale = s;
      const toggle = $("fit-toggle");
      toggle.textContent = actualSize ? "fit" : "1:1";
      toggle.setAttribute("aria-pressed", String(actualSize));
    }
    $("fit-toggle").addEventListener("click", () => { actualSize = !actualSize; fit(); });
    new ResizeObserver(() => fit()).observe(viewport);

    // Keys: space plays or pauses; ←/→ go to the previous/next frame time
    // A + k/N, shift+←/→ one second; Home/End to A/B. They are the page's,
    // ahead of the player's own (which knows only space and one frame).
    function frameStep(direction) {
      const fps = data.fps > 0 ? data.fps : 60;
      const k = (shownTime() - range.start) * fps;
      const nearest = Math.round(k);
      const next = Math.abs(k - nearest) < 1e-6 ? nearest + direction
        : direction > 0 ? Math.ceil(k) : Math.floor(k);
      return range.start + next / fps;
    }
    function typing(target) {
      if (!target || !target.tagName) return false;
      const tag = target.tagName;
      return tag === "SELECT" || tag === "TEXTAREA" || target.isContentEditable
        || (tag === "INPUT" && !["range", "checkbox", "button"].includes(target.type));
    }
    window.addEventListener("keydown", (e) => {
      if (!data || typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      let T;
      switch (e.key) {
        case " ":
          e.preventDefault();
          e.stopImmediatePropagation();
          if (!e.repeat) setPlaying(!isPlaying());
          return;
        case "ArrowLeft": T = e.shiftKey ? shownTime() - 1 : frameStep(-1); break;
        case "ArrowRight": T = e.shiftKey ? shownTime() + 1 : frameStep(1); break;
        case "Home": T = range.start; break;
        case "End": T = range.end; break;
        default: return;
      }
      e.preventDefault();
      e.stopImmediatePropagation();
      setPlaying(false);
      seekTo(Math.min(Math.max(T, range.start), range.end));
    }, true);
    // A focused button would take a space as a click when it is let go.
    window.addEventListener("keyup", (e) => {
      if (e.key === " " && !typing(e.target)) { e.preventDefault(); e.stopImmediatePropagation(); }
    }, true);

    // `#anim-state` follows the playhead whenever the player is paused: the
    // player writes it for `#t=T` (SPEC §13), so the page puts the time in
    // the address (without a history entry) and tells the player, once the
    // time has stayed for a moment (longer when reading every view takes
    // long), and never before a new build's frame is on the screen.
    let stateDue = null, stateCost = 0;
    function stateChanged() {
      if (stateDue === null) stateDue = performance.now() + Math.min(500, Math.max(30, stateCost * 2));
    }
    function stateTick() {
      if (stateDue === null || performance.now() < stateDue || dragging || pendingSeek !== null
        || drawing > 0) return;
      stateDue = null;
      if (!data || isPlaying()) return;
      const T = shownTime();
      if (T === null) return;
      const started = performance.now();
      history.replaceState(history.state, "", "#t=" + T);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
      stateCost = performance.now() - started;
      tellTime();
    }
    $("scrub").addEventListener("input", stateChanged);
    $("play").addEventListener("click", stateChanged);

    // Render buttons (SPEC §24): the server runs `anim render` or `anim
    // export` on the range the page plays; its progress comes over the
    // stream and the file is downloaded when it is done. One at a time.
    const progressBar = $("render-progress");
    const renderStatus = $("render-status");
    let rendering = null;           // { format, id } while one runs
    const renderNews = new Map();   // the last message of each render, by id
    function setRenderButtons(busy) {
      for (const b of document.querySelectorAll("[data-anim=render]")) b.disabled = busy;
    }
    function renderSays(text, failed) {
      renderStatus.textContent = text;
      renderStatus.title = text;
      renderStatus.classList.toggle("failed", !!failed);
    }
    async function startRender(format) {
      if (rendering) return;
      rendering = { format, id: null };
      setRenderButtons(true);
      progressBar.hidden = false;
      progressBar.removeAttribute("value");
      renderSays("rendering " + format + "…");
      preview.render = { format, state: "asked" };
      let answer;
      try {
        answer = await fetch("/render?format=" + format, { method: "POST", headers: { "X-Anim-Token": token } });
      } catch (error) {
        renderEnded("render: " + error, true);
        return;
      }
      if (answer.status !== 202) { renderEnded((await answer.text()).trim(), true); return; }
      rendering.id = (await answer.json()).id;
      const news = renderNews.get(rendering.id);
      if (news) renderReceive(news);
    }
    function renderEnded(text, failed) {
      renderSays(text, failed);
      preview.render = Object.assign(preview.render || {}, { state: failed ? "failed" : "done", message: text });
      rendering = null;
      setRenderButtons(false);
      progressBar.hidden = !!failed;
    }
    function renderReceive(m) {
      renderNews.set(m.id, m);
      if (!rendering || rendering.id !== m.id) return;
      if (m.state === "running") {
        if (m.progress > 0) progressBar.value = m.progress;
        preview.render.state = "running";
        preview.render.progress = m.progress;
      } else if (m.state === "failed") {
        renderEnded(m.error.trim(), true);
      } else if (m.state === "done") {
        progressBar.value = 1;
        download(m);
      }
    }
    async function download(m) {
      let blob;
      try {
        const answer = await fetch("/render/" + m.id, { headers: { "X-Anim-Token": token } });
        if (!answer.ok) { renderEnded((await answer.text()).trim(), true); return; }
        blob = await answer.blob();
      } catch (error) {
        renderEnded("download: " + error, true);
        return;
      }
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = m.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      preview.render = { format: m.format, state: "done", name: m.name, bytes: blob.size };
      renderEnded("downloaded " + m.name + " (" + formatG(blob.size / 1024) + " KiB)", false);
    }
    for (const button of document.querySelectorAll("[data-anim=render]")) {
      button.addEventListener("click", () => startRender(button.dataset.format));
    }

    // Every frame: the playhead, the inspector's values, the selection's
    // outline and the state readout.
    let wasPlaying = false;
    function frame() {
      movePlayhead();
      inspectorTick(false);
      placeSelection();
      // The player paused by itself (at the end, without loop).
      const playing = isPlaying();
      if (wasPlaying && !playing) stateChanged();
      wasPlaying = playing;
      stateTick();
      requestAnimationFrame(frame);
    }

    let socket = null;
    function connect() {
      socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/stream");
      socket.onopen = () => {
        statusLine.textContent = "live";
        statusLine.title = "reloads when the script is saved";
        statusLine.classList.remove("offline");
        socket.send(JSON.stringify({ shown, player: playerVersion, sound: soundVersion }));
        if (inspected) send({ inspect: inspected.index, player: playerVersion });
      };
      socket.onmessage = (event) => { try { apply(JSON.parse(event.data)); } catch (e) { console.error(e); } };
      socket.onclose = () => {
        statusLine.textContent = "disconnected (retrying)";
        statusLine.title = "the preview server stopped; the page tries again every second";
        statusLine.classList.add("offline");
        setTimeout(connect, 1000);
      };
    }

    apply(JSON.parse($("preview-data").textContent));
    requestAnimationFrame(frame);
    connect();

    """#
}
