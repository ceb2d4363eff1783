import AnimEngine

extension Interpreter {
  /// `base.name`: a view's property, a handle's query, a group's count, ….
  func member(_ value: Value, _ name: Identifier, of base: Expr, in env: Environment) throws
    -> Value
  {
    switch value {
    case .view(let id):
      return try viewProperty(id, name)
    case .group(let g):
      switch name.name {
      case "count": return .number(Double(g.members.count))
      default: break
      }
    case .record(let record):
      return try field(of: record, named: name.name, at: name.range)
    case .list(let items) where name.name == "count":
      // `[a, tiles].count`, as the group's (SPEC §20: a list of views and
      // groups is a group, its views flattened).
      let views = try viewsOfList(items, at: name.range)
      return .number(Double(views?.count ?? items.count))
    case .handle(let h):
      let r = h.record
      switch name.name {
      case "state": return .symbol(r.state.rawValue)
      case "time": return .number(r.localTime)
      case "id": return .number(Double(r.id))
      case "iteration": return .number(Double(r.iteration))
      case "duration": return .number(r.motion.duration)
      case "speed": return .number(r.speed)
      default: break
      }
    case .point(let x, let y):
      switch name.name {
      case "x": return .number(x)
      case "y": return .number(y)
      default: break
      }
    case .color(let c):
      switch name.name {
      case "r": return .number(c.r * 255)
      case "g": return .number(c.g * 255)
      case "b": return .number(c.b * 255)
      case "a", "alpha": return .number(c.a)
      default: break
      }
    case .motion(let m):
      if name.name == "duration" { return .number(m.duration) }
    case .sound(let s):
      if name.name == "duration" { return .number(s.file.duration) }
    case .symbol(let s):
      let known = Builtins.names + env.allNames
      throw RuntimeError(
        "unknown name '\(s)'", at: base.range,
        hint: Spelling.closest(to: s, among: known).map { "did you mean '\($0)'?" })
    default:
      break
    }
    throw RuntimeError("a \(value.typeName) has no member '\(name.name)'", at: name.range)
  }
}
