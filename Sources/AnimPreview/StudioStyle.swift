/// The studio page's style sheet (SPEC §24): a grid that fills the window —
/// a bar (file, status, "building…", fit, render) on top, the stage in the
/// middle (scaled to fit), the inspector and the output beside it, the
/// player's controls under the stage and the timeline along the bottom — so
/// that at 1366 × 768 the controls and the timeline are always in view.
enum StudioStyle {
  static let css = #"""
    html, body { height: 100%; }
    body { margin: 0; padding: 0; overflow: hidden; background: #1b1b1b; color: #ddd;
      font: 13px system-ui, sans-serif; }
    #studio { display: grid; height: 100vh; width: 100vw;
      grid-template-columns: minmax(0, 1fr) 300px;
      grid-template-rows: auto minmax(0, 1fr) auto 200px;
      grid-template-areas: "bar bar" "viewport side" "controls side" "timeline timeline"; }
    #bar { grid-area: bar; display: flex; align-items: center; gap: 10px; padding: 4px 10px;
      background: #252525; border-bottom: 1px solid #333; min-height: 28px; }
    #file-name { font-weight: 600; color: #eee; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 30vw; }
    #preview-status { color: #8a8; font-size: 12px; white-space: nowrap; }
    #preview-status.offline { color: #f88; }
    [data-anim="building"] { color: #1b1b1b; background: #fc6; border-radius: 3px; padding: 1px 6px;
      font-size: 12px; font-weight: 600; }
    #bar .spacer { flex: 1; }
    #bar button { font: 12px system-ui, sans-serif; padding: 2px 8px; }
    #render-progress { width: 120px; }
    #render-status { font-size: 12px; color: #aaa; white-space: nowrap; max-width: 260px; overflow: hidden; text-overflow: ellipsis; }
    #render-status.failed { color: #f88; }
    #viewport { grid-area: viewport; position: relative; overflow: hidden; display: flex;
      align-items: center; justify-content: center; background: #161616; min-height: 0; }
    #viewport.actual { overflow: auto; align-items: flex-start; justify-content: flex-start; }
    #anim-player { position: relative; flex: none; margin: auto; }
    #viewport.actual #anim-player { margin: 0; }
    #anim-player #stage { display: block; }
    #selection-box { position: absolute; pointer-events: none; outline: 2px solid #4af;
      outline-offset: 1px; z-index: 5; }
    #selection-box[hidden] { display: none; }
    #preview-error { position: absolute; inset: 8px; z-index: 10; box-sizing: border-box; margin: 0;
      padding: 12px 14px; overflow: auto; background: rgb(70 0 0 / 0.94); color: #fff;
      border: 1px solid #a44; border-radius: 4px;
      font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    #preview-error[hidden] { display: none; }
    #side { grid-area: side; display: flex; flex-direction: column; min-height: 0; min-width: 0;
      border-left: 1px solid #333; background: #202020; }
    #inspector { flex: 3 1 0; min-height: 0; overflow: auto; padding: 8px 10px; border-bottom: 1px solid #333; }
    #inspector .hint { color: #888; }
    #inspector h2 { margin: 0 0 4px; font-size: 14px; color: #fff; word-break: break-all; }
    #inspector .facts { color: #aaa; font-size: 12px; margin-bottom: 6px; }
    #inspector .facts div { margin: 1px 0; word-break: break-all; }
    #inspector .runs a { color: #8cf; cursor: pointer; margin-right: 6px; text-decoration: none; }
    #inspector table { border-collapse: collapse; width: 100%;
      font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
    #inspector th { text-align: left; font-weight: normal; color: #aaa; padding: 0 8px 0 0; white-space: nowrap; }
    #inspector td { color: #eee; word-break: break-all; }
    #inspector tr.moving td { color: #9cf; }
    #preview-output { flex: 2 1 0; min-height: 0; margin: 0; overflow: auto; padding: 8px 10px;
      font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap;
      overflow-wrap: anywhere; }
    #preview-output .failures { color: #f99; }
    #preview-output .notes { color: #fc6; }
    #controls-slot { grid-area: controls; padding: 4px 10px; border-top: 1px solid #333; background: #222; }
    #controls-slot #controls { margin-top: 0; }
    #timeline { grid-area: timeline; position: relative; display: flex; flex-direction: column;
      min-height: 0; background: #1f1f1f; border-top: 1px solid #333; user-select: none; }
    #lanes { position: relative; flex: 1; min-height: 0; overflow-y: auto; overflow-x: hidden; }
    .lane-row { display: flex; }
    .lane-label { flex: 0 0 220px; box-sizing: border-box; overflow: hidden; white-space: nowrap;
      text-overflow: ellipsis; padding: 0 6px; font: 12px ui-monospace, "DejaVu Sans Mono", monospace;
      color: #ccc; }
    .lane-track { position: relative; flex: 1; min-width: 0; overflow: hidden; }
    .lane-inner { position: absolute; top: 0; bottom: 0; left: 0;
      width: calc(100% * var(--zoom, 1)); transform: translateX(calc(-100% * var(--pan, 0))); }
    #ruler-row { position: sticky; top: 0; z-index: 3; height: 24px; background: #262626;
      border-bottom: 1px solid #3a3a3a; }
    #ruler-row .lane-label { line-height: 24px; color: #888; }
    #ruler { cursor: ew-resize; }
    .tick { position: absolute; top: 0; bottom: 0; border-left: 1px solid #555; }
    .tick span { position: absolute; left: 3px; top: 4px; font-size: 11px; color: #aaa;
      white-space: nowrap; font-variant-numeric: tabular-nums; }
    .tick.minor { top: 16px; border-left-color: #444; }
    .lane { height: 22px; cursor: pointer; border-bottom: 1px solid #2a2a2a; }
    .lane .lane-label { line-height: 22px; }
    .lane:hover { background: #2a2a2a; }
    .lane.selected { background: #24364a; }
    .lane-bar { position: absolute; top: 6px; height: 10px; background: #4a8fd8; border-radius: 2px; min-width: 2px; }
    .lane-bar.running { border-radius: 2px 0 0 2px; }
    .lane-bar.stopped { background: #a66; }
    .mark { position: absolute; top: 3px; width: 2px; height: 16px; margin-left: -1px; background: #fc6; }
    .mark.repeat { background: #8d8; height: 12px; top: 5px; }
    .mark.done { background: #fff; }
    #timeline .empty { padding: 6px; color: #888; font-size: 12px; }
    #playhead { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #f44;
      pointer-events: none; z-index: 4; }
    """#
}
