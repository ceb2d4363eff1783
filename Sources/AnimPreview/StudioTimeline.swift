/// The studio's timeline (SPEC §24): a ruler with labelled ticks (drag on
/// it to scrub; ctrl+wheel or a pinch zooms around the pointer, shift+wheel
/// or a sideways wheel pans), one lane per run from its start to its end (a
/// run still going at the range's end reaches the end), its marks, and the
/// playhead. A click on a lane selects it (the inspector shows its view); a
/// double click seeks to its start.
///
/// Every lane's bar and marks are placed once, in per cent of the whole
/// range, inside a `.lane-inner` that two CSS variables on `#timeline`
/// stretch (`--zoom`) and shift (`--pan`): zooming and panning a thousand
/// lanes writes two numbers.
enum StudioTimeline {
  static let code = #"""
    const timelineBox = $("timeline");
    const ruler = $("ruler");
    const rulerInner = $("ruler-inner");
    const playhead = $("playhead");
    let range = { start: 0, end: 0 };   // the range the page plays, clock seconds
    let shownSpan = { from: 0, to: 1 }; // the part of it the timeline shows
    let selectedRun = null;
    let dragging = false;

    // Numbers as anim prints them (SPEC §3: C's %g, 6 significant digits,
    // a tie rounded to even as C rounds it): from the double's exact
    // decimal value (its mantissa times a power of two, in BigInt).
    function formatG(v) {
      if (v === 0) return "0";
      if (Number.isNaN(v)) return "nan";
      if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
      const bits = new DataView(new ArrayBuffer(8));
      bits.setFloat64(0, Math.abs(v));
      const high = bits.getUint32(0), biased = high >>> 20;
      let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(bits.getUint32(4));
      let power = -1074;
      if (biased !== 0) { mantissa |= 1n << 52n; power = biased - 1075; }
      // |v| = digits × 10^-scale exactly.
      const digits = power >= 0 ? (mantissa << BigInt(power)).toString()
        : (mantissa * 5n ** BigInt(-power)).toString();
      const scale = power >= 0 ? 0 : -power;
      let exponent = digits.length - 1 - scale;
      let kept = digits.slice(0, 6).padEnd(6, "0");
      if (digits.length > 6) {
        const next = digits.charCodeAt(6) - 48;
        const beyond = /[1-9]/.test(digits.slice(7));
        let head = BigInt(kept);
        if (next > 5 || (next === 5 && (beyond || (head & 1n) === 1n))) head += 1n;
        kept = head.toString();
        if (kept.length > 6) { kept = kept.slice(0, 6); exponent += 1; }
      }
      const sign = v < 0 ? "-" : "";
      if (exponent < -4 || exponent >= 6) {
        const fraction = kept.slice(1).replace(/0+$/, "");
        const e = Math.abs(exponent);
        return sign + kept[0] + (fraction ? "." + fraction : "") + "e" + (exponent < 0 ? "-" : "+")
          + (e < 10 ? "0" + e : String(e));
      }
      let whole, fraction;
      if (exponent >= 0) { whole = kept.slice(0, exponent + 1); fraction = kept.slice(exponent + 1); }
      else { whole = "0"; fraction = "0".repeat(-exponent - 1) + kept; }
      fraction = fraction.replace(/0+$/, "");
      return sign + whole + (fraction ? "." + fraction : "");
    }

    // The whole range, at least a tiny one (a range of one frame).
    function fullSpan() { return Math.max(range.end - range.start, 1e-9); }
    function setRange(start, end) {
      if (start === range.start && end === range.end) { clampView(); return; }
      range = { start, end };
      shownSpan = { from: start, to: Math.max(end, start + 1e-9) };
      applyView();
    }
    function clampView() {
      const full = fullSpan();
      const width = Math.min(Math.max(shownSpan.to - shownSpan.from, minimumWidth()), full);
      let from = Math.min(Math.max(shownSpan.from, range.start), range.start + full - width);
      shownSpan = { from, to: from + width };
      applyView();
    }
    function minimumWidth() {
      const frame = data && data.fps > 0 ? 1 / data.fps : 1e-3;
      return Math.min(fullSpan(), Math.max(fullSpan() / 1e4, frame * 2));
    }
    function applyView() {
      const full = fullSpan();
      const width = Math.max(shownSpan.to - shownSpan.from, 1e-12);
      timelineBox.style.setProperty("--zoom", String(full / width));
      timelineBox.style.setProperty("--pan", String((shownSpan.from - range.start) / full));
      playheadAt = null;
      drawTicks();
    }
    // The clock time under a pointer's x, and the x of a time.
    function timeAt(clientX) {
      const r = ruler.getBoundingClientRect();
      const p = (clientX - r.left) / Math.max(r.width, 1);
      return shownSpan.from + p * (shownSpan.to - shownSpan.from);
    }
    function xOf(T) {
      const r = ruler.getBoundingClientRect();
      return r.left + (T - shownSpan.from) / Math.max(shownSpan.to - shownSpan.from, 1e-12) * r.width;
    }
    // Where a time sits on the whole range, in per cent (inside .lane-inner).
    function percentOf(T) { return Math.min(Math.max((T - range.start) / fullSpan(), 0), 1) * 100; }

    // Ticks every 1, 2 or 5 × 10^k seconds, at least 70 px apart, labelled.
    function drawTicks() {
      for (const tick of Array.from(rulerInner.children)) tick.remove();
      const width = ruler.getBoundingClientRect().width || 600;
      const seconds = Math.max(shownSpan.to - shownSpan.from, 1e-9);
      const wanted = 70 * seconds / width;
      let step = Math.pow(10, Math.floor(Math.log10(wanted)));
      for (const m of [1, 2, 5, 10]) { if (step * m >= wanted) { step *= m; break; } }
      const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
      const first = Math.ceil((Math.max(shownSpan.from, range.start) - 1e-9) / step);
      const last = Math.floor((Math.min(shownSpan.to, range.end) + 1e-9) / step);
      for (let k = first; k <= last && k - first < 500; k++) {
        const t = Number((k * step).toFixed(decimals));
        const tick = document.createElement("div");
        tick.className = "tick";
        tick.dataset.anim = "tick";
        tick.dataset.t = String(t);
        tick.style.left = percentOf(t) + "%";
        const label = document.createElement("span");
        label.textContent = formatG(t) + " s";
        tick.appendChild(label);
        rulerInner.appendChild(tick);
      }
    }

    // One lane per run: its id and target on the left, a bar from its start
    // to its end, a mark for each event; its motion's summary on hover.
    function showLanes(m) {
      setRange(m.start, m.end);
      const box = $("lanes");
      for (const el of Array.from(box.querySelectorAll(".lane, .empty"))) el.remove();
      if (m.lanes.length === 0) {
        const empty = document.createElement("div");
        empty.className = "empty";
        empty.textContent = "no runs";
        box.appendChild(empty);
      }
      const rows = document.createDocumentFragment();
      for (const lane of m.lanes) {
        const row = document.createElement("div");
        row.className = "lane lane-row" + (lane.id === selectedRun ? " selected" : "");
        row.dataset.anim = "lane";
        row.dataset.run = String(lane.id);
        row.dataset.target = lane.target;
        row.dataset.start = String(lane.start);
        row.dataset.end = String(lane.end);
        row.dataset.ended = lane.ended || "";
        const how = lane.ended == null ? " (still running at the range's end)"
          : lane.ended !== "done" ? " (" + lane.ended + ")" : "";
        row.title = "#" + lane.id + " " + lane.label + "\ntarget: " + (lane.target || "—") + "\n"
          + formatG(lane.start) + " s → " + formatG(lane.end) + " s" + how;
        const label = document.createElement("div");
        label.className = "lane-label";
        label.textContent = "#" + lane.id + " " + (lane.target || lane.label);
        const track = document.createElement("div");
        track.className = "lane-track";
        const inner = document.createElement("div");
        inner.className = "lane-inner";
        const bar = document.createElement("div");
        bar.className = "lane-bar" + (lane.ended == null ? " running" : "")
          + (lane.ended === "cancelled" || lane.ended === "cleared" ? " stopped" : "");
        const a = percentOf(lane.start), b = percentOf(lane.end);
        bar.style.left = a + "%";
        bar.style.width = Math.max(b - a, 0) + "%";
        inner.appendChild(bar);
        for (const mark of lane.marks) {
          const tick = document.createElement("div");
          tick.className = "mark " + mark.kind;
          tick.dataset.kind = mark.kind;
          tick.dataset.t = String(mark.t);
          tick.title = mark.label + " at " + formatG(mark.t) + " s";
          tick.style.left = percentOf(mark.t) + "%";
          inner.appendChild(tick);
        }
        track.appendChild(inner);
        row.append(label, track);
        row.addEventListener("click", () => selectLane(lane));
        row.addEventListener("dblclick", () => {
          const playing = isPlaying();
          seekTo(lane.start);
          setPlaying(playing);
        });
        rows.appendChild(row);
      }
      box.appendChild(rows);
    }

    function selectLane(lane) {
      selectedRun = lane.id;
      for (const row of document.querySelectorAll("#lanes .lane")) {
        row.classList.toggle("selected", row.dataset.run === String(lane.id));
      }
      if (lane.view !== undefined && lane.view !== null) inspect(lane.view, true);
    }

    // The playhead follows the player's time (the scrubber's: a frame's
    // precision, without asking every animation each frame). Where the ruler
    // is in the timeline is measured when either changes size, not at each
    // frame: reading it would make the browser lay out (and restyle every
    // animated view) twice a frame.
    let rulerPlace = null;   // { left, width } of the ruler in the timeline
    function measureRuler() {
      const r = ruler.getBoundingClientRect(), box = timelineBox.getBoundingClientRect();
      rulerPlace = { left: r.left - box.left, width: r.width };
    }
    new ResizeObserver(measureRuler).observe(timelineBox);
    let playheadAt = null;   // the x drawn, or "hidden"
    function movePlayhead() {
      const T = data ? shownTime(false) : null;
      if (T === null || T < shownSpan.from - 1e-9 || T > shownSpan.to + 1e-9 || !rulerPlace) {
        if (playheadAt !== "hidden") { playhead.style.display = "none"; playheadAt = "hidden"; }
        return;
      }
      const x = rulerPlace.left
        + (T - shownSpan.from) / Math.max(shownSpan.to - shownSpan.from, 1e-12) * rulerPlace.width;
      if (x === playheadAt) return;
      playheadAt = x;
      playhead.style.display = "";
      playhead.style.left = x + "px";
    }

    // Dragging on the ruler scrubs: the player pauses and follows the
    // pointer (one seek per frame, the last one when the button is let go).
    let pendingSeek = null;
    function scrubTo(T) {
      const clamped = Math.min(Math.max(T, range.start), range.end);
      if (pendingSeek === null) {
        requestAnimationFrame(() => {
          if (pendingSeek === null) return;
          const at = pendingSeek;
          pendingSeek = null;
          seekTo(at);
        });
      }
      pendingSeek = clamped;
    }
    ruler.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || !data) return;
      e.preventDefault();
      ruler.setPointerCapture(e.pointerId);
      dragging = true;
      setPlaying(false);
      scrubTo(timeAt(e.clientX));
    });
    ruler.addEventListener("pointermove", (e) => { if (dragging) scrubTo(timeAt(e.clientX)); });
    const endDrag = (e) => {
      if (!dragging) return;
      dragging = false;
      scrubTo(timeAt(e.clientX));
      const at = pendingSeek;
      pendingSeek = null;
      if (at !== null) seekTo(at);
    };
    ruler.addEventListener("pointerup", endDrag);
    ruler.addEventListener("pointercancel", endDrag);
    ruler.addEventListener("dblclick", () => { shownSpan = { from: range.start, to: range.end }; clampView(); });

    // ctrl+wheel (a pinch on a touchpad) zooms around the pointer's time;
    // shift+wheel or a sideways wheel pans; a plain wheel scrolls the lanes.
    timelineBox.addEventListener("wheel", (e) => {
      const width = shownSpan.to - shownSpan.from;
      if (e.ctrlKey) {
        e.preventDefault();
        const at = Math.min(Math.max(timeAt(e.clientX), shownSpan.from), shownSpan.to);
        const scaled = Math.min(Math.max(width * Math.exp(e.deltaY * 0.002), minimumWidth()), fullSpan());
        const from = at - (at - shownSpan.from) * scaled / width;
        shownSpan = { from, to: from + scaled };
        clampView();
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const r = ruler.getBoundingClientRect();
        const delta = (Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY) / Math.max(r.width, 1) * width;
        shownSpan = { from: shownSpan.from + delta, to: shownSpan.to + delta };
        clampView();
      }
    }, { passive: false });
    new ResizeObserver(() => { measureRuler(); drawTicks(); }).observe(ruler);

    """#
}
