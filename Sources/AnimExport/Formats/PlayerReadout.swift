import AnimEngine

/// The HTML player's `#anim-state` readout, derived from the channel table:
/// which properties it reports (every property a channel draws, in the
/// property table's order) and where each lane of each is read back from the
/// drawn element (the channel's CSS property and the lane's place in its
/// value). So a property the player animates is read back with no edit of
/// the page's script.
///
/// One list per channel set (`PlayerChannel.all`, then
/// `PlayerChannel.withOpacity`, for a rect marked `data-alpha="opacity"`).
/// Each entry is `{"key": name, "color": Bool, "lanes": [[css, index,
/// fallback, uniform, scale]]}`: the lane is the `index`th number of the
/// computed `css` value times `scale` (1/255 for a colour's red, green and
/// blue, written as bytes); when the value has fewer numbers, the first
/// number if `uniform` (a CSS `scale` of one number scales both ways), else
/// `fallback`, the property's default (a `translate` or `rotate` of `none`).
enum PlayerReadout {
  /// The readout of both channel sets, as the page's data carries it.
  static let json: JSONValue = .array([
    readout(PlayerChannel.all), readout(PlayerChannel.withOpacity),
  ])

  static func readout(_ channels: [PlayerChannel]) -> JSONValue {
    var properties: [Property] = []
    for channel in channels {
      for p in channel.properties where !properties.contains(p) { properties.append(p) }
    }
    properties.sort { $0.index < $1.index }
    return .array(
      properties.map { p in
        let declaration = p.declaration
        let isColor = declaration.type == .color || declaration.type == .paint
        let lanes: [JSONValue] = (0..<p.lanes).compactMap { lane in
          for channel in channels {
            guard
              let index = channel.sources.firstIndex(where: { $0.property == p && $0.lane == lane })
            else { continue }
            return .array([
              .string(channel.css), .integer(index), .number(declaration.defaultValue[lane]),
              .bool(channel.identity == 1), .number(isColor && lane < 3 ? 1.0 / 255 : 1),
            ])
          }
          return nil
        }
        // A `<rect>` has one radius, its four corners' (SPEC §21.3): read
        // back as the alias that names all four.
        let key = p == .cornerTopLeft ? "cornerRadius" : p.name
        return .object([
          ("key", .string(key)), ("color", .bool(isColor)), ("lanes", .array(lanes)),
        ])
      })
  }
}
