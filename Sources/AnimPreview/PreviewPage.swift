/// The preview's one page: the HTML player of `anim export` (SPEC §13),
/// wrapped, plus the script's output, the error overlay, the timeline of runs
/// and the script that keeps it up to date over the stream.
///
/// The coupling to the player is its page and four ids only, so the player
/// can change without the preview changing: the preview puts the player's
/// body in `<div id="anim-player">`, names its first `<style>`
/// `anim-player-style`, and turns its last `<script>` (the player's code)
/// into `<script type="text/plain" id="anim-player-code">`, which the
/// preview runs itself, so that on a reload it can stop the old player's
/// listeners and timers and start the new one. Time, play/pause, speed and
/// loop move from the old player to the new one through its controls
/// (`#scrub`, `#play`, `#speed`, `#loop`).
enum PreviewPage {
  /// Sent with the page: only its own inline scripts and styles, the stream
  /// on its own address, images from data: URLs; nothing from the network;
  /// and no other site may show it in a frame (where a click on it would
  /// be the other site's).
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; "
    + "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// A player page made ready for the preview (see the type's comment).
  static func preparePlayer(_ page: String) -> String {
    var page = page
    if let style = page.range(of: "<style>") {
      page.replaceSubrange(style, with: "<style id=\"anim-player-style\">")
    }
    if let code = page.range(of: "<script>", options: .backwards) {
      page.replaceSubrange(
        code, with: "</div>\n<script type=\"text/plain\" id=\"anim-player-code\">")
    }
    if let body = page.range(of: "<body>") {
      page.replaceSubrange(body, with: "<body>\n<div id=\"anim-player\">")
    }
    return page
  }

  /// The page a visitor gets: the prepared player (or an empty shell before
  /// any good run) with the preview's parts and `message` embedded.
  static func document(player: String?, message: PreviewMessage) -> String {
    var page =
      player
        ?? """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>anim preview</title>
        <style id="anim-player-style">
        body { margin: 0; padding: 16px; background: #2a2a2a; color: #ddd; font: 14px system-ui, sans-serif; }
        </style>
        </head>
        <body>
        <div id="anim-player"></div>
        </body>
        </html>

        """
    // The first `</head>` (a search from the end would cross the whole
    // page: seconds for W1's 10 MB; the player's data escapes every `<`).
    if let head = page.range(of: "</head>") {
      page.replaceSubrange(head, with: PreviewPageTemplate.style + "</head>")
    }
    if let end = page.range(of: "</body>", options: .backwards) {
      let parts =
        PreviewPageTemplate.panel
        + "<script id=\"preview-data\" type=\"application/json\">\(message.json)</script>\n"
        + "<script>\n" + PreviewPageTemplate.script + "</script>\n"
      page.replaceSubrange(end, with: parts + "</body>")
    }
    return page
  }
}
