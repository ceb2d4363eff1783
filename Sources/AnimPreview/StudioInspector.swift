/// The studio's inspector (SPEC §24): a click on a view on the stage (or a
/// lane) shows its name, kind, the `file:line` of its declaration, the runs
/// that animate it and every property of its kind with its value at the
/// playhead, as `print` writes it (SPEC §3: numbers to 6 significant
/// digits, colours as `#rrggbb[aa]`, choices as their word).
///
/// The server sends a view's keyframes once (`ViewBook`); the page
/// evaluates them at the playhead as `PropertyTrack.value(at:)` does (the
/// same arithmetic, so the same doubles): holds, straight lines and cubic
/// Béziers solved by Newton's method safeguarded with bisection.
enum StudioInspector {
  static let code = #"""
    const inspectorBox = $("inspector");
    const selectionBox = $("selection-box");
    let inspected = null;   // { index, entry, player, cells: [[td, property]], lastT }

    function send(message) {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
    }

    function inspect(index, fromLane) {
      if (!data || index < 0 || index >= data.views.length) { clearInspector(); return; }
      inspected = { index, entry: null, player: playerVersion, cells: [], lastT: null };
      if (!fromLane) {
        selectedRun = null;
        for (const row of document.querySelectorAll("#lanes .lane.selected")) row.classList.remove("selected");
      }
      inspectorBox.dataset.view = data.views[index].name;
      inspectorBox.dataset.index = String(index);
      inspectorBox.textContent = "";
      const title = document.createElement("h2");
      title.dataset.field = "name";
      title.textContent = data.views[index].name;
      inspectorBox.appendChild(title);
      send({ inspect: index, player: playerVersion });
    }

    function clearInspector() {
      inspected = null;
      delete inspectorBox.dataset.view;
      delete inspectorBox.dataset.index;
      inspectorBox.innerHTML = '<div class="hint">Click a view on the stage, or a lane, to inspect it.</div>';
      selectionBox.hidden = true;
    }

    // A new build was drawn: the inspected view (by its place) again.
    function inspectorRefresh() {
      if (!inspected) return;
      if (!data || inspected.index >= data.views.length) { clearInspector(); return; }
      if (inspected.player !== playerVersion) {
        inspected.player = playerVersion;
        send({ inspect: inspected.index, player: playerVersion });
      }
    }

    function inspectorReceive(m) {
      if (!inspected || m.index !== inspected.index || m.player !== playerVersion) return;
      if (!m.entry) { clearInspector(); return; }
      inspected.entry = m.entry;
      inspected.lastT = null;
      const entry = m.entry;
      inspectorBox.dataset.view = entry.name;
      inspectorBox.textContent = "";
      const title = document.createElement("h2");
      title.dataset.field = "name";
      title.textContent = entry.name;
      const facts = document.createElement("div");
      facts.className = "facts";
      const fact = (field, text) => {
        const el = document.createElement("div");
        el.dataset.field = field;
        el.textContent = text;
        facts.appendChild(el);
        return el;
      };
      fact("kind", entry.kind);
      fact("declared", entry.declared || "—").title = "where it is declared";
      const runs = fact("runs", entry.runs.length ? "runs: " : "runs: none");
      runs.className = "runs";
      for (const id of entry.runs) {
        const lane = current && current.lanes.find((l) => l.id === id);
        const link = document.createElement("a");
        link.dataset.run = String(id);
        link.textContent = "#" + id;
        link.title = lane ? lane.label : "";
        link.addEventListener("click", () => { if (lane) selectLane(lane); });
        runs.appendChild(link);
      }
      const table = document.createElement("table");
      const body = document.createElement("tbody");
      inspected.cells = [];
      for (const property of entry.properties) {
        const row = document.createElement("tr");
        row.dataset.property = property.name;
        const name = document.createElement("th");
        name.textContent = property.name;
        const value = document.createElement("td");
        value.dataset.value = "";
        if (property.keys && property.keys.length > 1) row.className = "moving";
        row.append(name, value);
        body.appendChild(row);
        inspected.cells.push([value, property]);
      }
      table.appendChild(body);
      inspectorBox.append(title, facts, table);
      inspectorTick(true);
    }

    // The values at the playhead, whenever it moves.
    function inspectorTick(force) {
      if (!inspected || !inspected.entry) return;
      const T = shownTime();
      if (T === null || (!force && T === inspected.lastT)) return;
      inspected.lastT = T;
      inspectorBox.dataset.t = String(T);
      for (const [cell, property] of inspected.cells) {
        const text = propertyText(property, T, inspected.entry);
        if (cell.textContent !== text) cell.textContent = text;
      }
    }

    function propertyText(property, T, entry) {
      switch (property.type) {
        case "word": return property.value;
        case "text": {
          const frame = Math.floor(Math.min(Math.max(T - entry.start, 0), Math.max(range.end - entry.start, 0)) * entry.fps + 1e-6);
          let shownText = property.frames.length ? property.frames[0][1] : '""';
          for (const [f, s] of property.frames) if (f <= frame) shownText = s;
          return shownText;
        }
      }
      const v = valueAt(property.keys, T);
      switch (property.type) {
        case "color": return hexColor(v);
        case "choice": {
          const i = Math.trunc(v);
          return property.cases[i >= 0 && i < property.cases.length ? i : 0];
        }
        case "boolean": return v !== 0 ? "true" : "false";
        default: return formatG(v);
      }
    }

    function hexColor(v) {
      const byte = (c) => Math.round(Math.min(Math.max(c, 0), 1) * 255);
      const pair = (b) => b.toString(16).padStart(2, "0");
      const alpha = byte(v[3]);
      return "#" + pair(byte(v[0])) + pair(byte(v[1])) + pair(byte(v[2])) + (alpha < 255 ? pair(alpha) : "");
    }

    // PropertyTrack.value(at:): the keyframes [time, value, easing] at T.
    function valueAt(keys, T) {
      if (!keys.length) return 0;
      if (T <= keys[0][0]) return keys[0][1];
      let lo = 0, hi = keys.length - 1;
      if (T >= keys[hi][0]) return keys[hi][1];
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (keys[mid][0] <= T) lo = mid; else hi = mid;
      }
      const [ta, a, easing] = keys[lo];
      const [tb, b] = keys[hi];
      const x = (T - ta) / (tb - ta);
      const e = easing === 0 ? 0 : easing === 1 ? x : bezierValue(easing, x);
      if (typeof a === "number") return a + (b - a) * e;
      return a.map((value, lane) => value + (b[lane] - value) * e);
    }

    // BezierPiece.value(atX:) for the arc (0,0) (x1,y1) (x2,y2) (1,1).
    function bernstein(c, s) {
      const t = 1 - s;
      return t * t * t * c[0] + 3 * t * t * s * c[1] + 3 * t * s * s * c[2] + s * s * s * c[3];
    }
    function bernsteinSlope(c, s) {
      const t = 1 - s;
      return 3 * (t * t * (c[1] - c[0]) + 2 * t * s * (c[2] - c[1]) + s * s * (c[3] - c[2]));
    }
    function bezierValue([x1, y1, x2, y2], p) {
      const xs = [0, x1, x2, 1], ys = [0, y1, y2, 1];
      let s;
      if (p <= xs[0]) s = 0;
      else if (p >= xs[3]) s = 1;
      else {
        let lo = 0, hi = 1;
        s = (p - xs[0]) / (xs[3] - xs[0]);
        for (let k = 0; k < 100; k++) {
          const f = bernstein(xs, s) - p;
          if (f === 0) break;
          if (f < 0) lo = s; else hi = s;
          const slope = bernsteinSlope(xs, s);
          let next = slope > 0 ? s - f / slope : (lo + hi) / 2;
          if (!(next > lo && next < hi)) next = (lo + hi) / 2;
          if (Math.abs(next - s) <= 1e-17 || hi - lo <= 1e-16) { s = next; break; }
          s = next;
        }
      }
      return bernstein(ys, s);
    }

    // The inspected view outlined on the stage, wherever it moves.
    function placeSelection() {
      const el = inspected ? $("v" + inspected.index) : null;
      if (!el) { selectionBox.hidden = true; return; }
      const r = el.getBoundingClientRect();
      const box = viewport.getBoundingClientRect();
      selectionBox.hidden = false;
      selectionBox.style.left = (r.left - box.left + viewport.scrollLeft) + "px";
      selectionBox.style.top = (r.top - box.top + viewport.scrollTop) + "px";
      selectionBox.style.width = r.width + "px";
      selectionBox.style.height = r.height + "px";
    }

    // A click on the stage inspects the view drawn there (its element, or
    // the element of the view whose drawing holds it); elsewhere on the
    // stage, nothing.
    viewport.addEventListener("click", (e) => {
      const stage = $("stage");
      if (!stage || !stage.contains(e.target)) return;
      for (let el = e.target; el && el !== stage; el = el.parentElement) {
        const m = /^v(\d+)$/.exec(el.id || "");
        if (m) { inspect(Number(m[1]), false); return; }
      }
      clearInspector();
    });

    """#
}
