import AnimEngine
import AnimExport

/// The preview's one page, the studio (SPEC §19, §24): the HTML player of
/// `anim export` (SPEC §13) on a stage that fits the window, with a bar
/// (the file, the stream's status, "building…", the render buttons), an
/// inspector, the script's output, the player's controls and a timeline.
///
/// The page couples to the player through its parts only
/// (`HTMLPlayerParts`): its style, its controls (by their ids: `#play`,
/// `#scrub`, `#time`, `#speed`, `#loop`, `#anim-state`), its stage
/// (`#stage`, each view's element `#v{i}`), its data (`#anim-data`) and its
/// code, kept as `<script type="text/plain" id="anim-player-code">` and run
/// by the page itself (`StudioScript`), so that on each build it can stop
/// the old player and start the new one on the new data, keeping what did
/// not change. A build with sound (SPEC §22) has its mix held in
/// `<script id="anim-sound">` and the player's sound code
/// (`<script type="text/plain" id="anim-sound-code">`) run after the
/// player's, as in an exported page.
enum PreviewPage {
  /// Sent with the page: only its own inline scripts and styles, the stream
  /// and the render requests on its own address, images from data: URLs;
  /// nothing from the network; and no other site may show it in a frame
  /// (where a click on it would be the other site's).
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; "
    + "img-src data:; media-src blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The page for a new visitor: the studio with `message` (a build
  /// message with its whole player, `PreviewMessage.json`) embedded, the
  /// session's `token`, and `title` (the file) in its title and bar.
  static func document(title: String, token: String, message: String) -> String {
    var page = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escaped(title)) — anim preview</title>
      <style id="anim-player-style">
      \(HTMLPlayerParts.style)</style>
      <style id="preview-style">
      \(StudioStyle.css)
      </style>
      </head>
      <body>
      <div id="studio">
      <header id="bar">
      <span id="file-name" data-anim="title">\(escaped(title))</span>
      <span id="preview-status">connecting…</span>
      <span id="building-slot"></span>
      <span class="spacer"></span>
      <button id="fit-toggle" data-anim="fit" title="Show the stage at its own size (1:1) or fitted to the window">1:1</button>
      <span id="render-buttons">render:
      <button data-anim="render" data-format="mp4" title="anim render -o FILE.mp4">MP4</button>
      <button data-anim="render" data-format="gif" title="anim render -o FILE.gif">GIF</button>
      <button data-anim="render" data-format="json" title="anim export -o FILE.json (Lottie)">Lottie</button>
      <button data-anim="render" data-format="html" title="anim export -o FILE.html">HTML</button>
      </span>
      <progress id="render-progress" data-anim="progress" max="1" value="0" hidden></progress>
      <span id="render-status"></span>
      </header>
      <main id="viewport" data-anim="viewport">
      <div id="anim-player"></div>
      <div id="selection-box" hidden></div>
      <pre id="preview-error" data-anim="error" hidden></pre>
      </main>
      <aside id="side">
      <section id="inspector" data-anim="inspector"><div class="hint">Click a view on the stage, or a lane, to inspect it.</div></section>
      <pre id="preview-output" data-anim="output"></pre>
      </aside>
      <div id="controls-slot">
      \(HTMLPlayerParts.controls)</div>
      <section id="timeline">
      <div id="lanes">
      <div id="ruler-row" class="lane-row"><div class="lane-label">runs</div><div id="ruler" class="lane-track" data-anim="ruler"><div class="lane-inner" id="ruler-inner"></div></div></div>
      </div>
      <div id="playhead"></div>
      </section>
      </div>

      """
    page += "<script id=\"preview-token\" type=\"application/json\">"
    page += JSONText.quoted(token, escapingLessThan: true) + "</script>\n"
    page += "<script id=\"preview-data\" type=\"application/json\">" + message + "</script>\n"
    page += "<script type=\"text/plain\" id=\"anim-player-code\">\n"
    page += HTMLPlayerParts.script + "</script>\n"
    page += "<script type=\"text/plain\" id=\"anim-sound-code\">\n"
    page += HTMLPlayerParts.soundScript + "</script>\n"
    page += "<script>\n" + StudioScript.code + "</script>\n</body>\n</html>\n"
    return page
  }

  /// `text` with `&`, `<`, `>` and `"` written as HTML entities.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
