import AnimEngine

/// A Lottie path (`sh`'s value): vertices with in and out tangents relative
/// to them, open or closed. Segment k runs from vertex k through
/// vertex k + out k and vertex k+1 + in k+1 to vertex k+1; a closed path
/// also runs from the last vertex back to the first.
struct BezierPath: Sendable, Hashable {
  var vertices: [OutlinePoint]
  var inTangents: [OutlinePoint]
  var outTangents: [OutlinePoint]
  var closed: Bool

  /// The most vertices one path may have.
  static let maximumVertices = 1_000_000

  /// Reads `{"v": …, "i": …, "o": …, "c": …}`, or a one-element array of it
  /// (as keyframes write their values).
  /// `closed` says whether the path is closed when its value does not
  /// (files before 4.4.18 write it on the shape item, `closed`, or the
  /// mask, `cl`).
  static func read(_ ref: JSONRef, closed: Bool? = nil) throws(ImportError) -> BezierPath {
    var value = ref
    if let items = ref.elements {
      guard let first = items.first else { throw ImportError(ref.pointer, "an empty path value") }
      value = first
    }
    let object = try value.object()
    let v = try points(object.required("v"))
    let i = try object.optional("i").map(points) ?? []
    let o = try object.optional("o").map(points) ?? []
    let zero = OutlinePoint(0, 0)
    return BezierPath(
      vertices: v,
      inTangents: v.indices.map { $0 < i.count ? i[$0] : zero },
      outTangents: v.indices.map { $0 < o.count ? o[$0] : zero },
      closed: object.optional("c") == nil ? (closed ?? false) : try object.flag("c"))
  }

  private static func points(_ ref: JSONRef) throws(ImportError) -> [OutlinePoint] {
    let items = try ref.array()
    guard items.count <= maximumVertices else {
      throw ImportError(ref.pointer, "more than \(maximumVertices) vertices in one path")
    }
    var result: [OutlinePoint] = []
    result.reserveCapacity(items.count)
    for item in items {
      let xy = try AnimatedReader.vector(item, count: 2)
      result.append(OutlinePoint(xy[0], xy[1]))
    }
    return result
  }

  /// The path as cubic segments (absolute control points), in drawing
  /// order, with the closing segment of a closed path last.
  var segments: [(OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint)] {
    let n = vertices.count
    guard n > 0 else { return [] }
    var result: [(OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint)] = []
    result.reserveCapacity(n)
    let last = closed ? n : n - 1
    for k in 0..<last {
      let j = (k + 1) % n
      result.append(
        (
          vertices[k], vertices[k] + outTangents[k], vertices[j] + inTangents[j],
          vertices[j]
        ))
    }
    return result
  }

  /// The path reversed (the same curves, drawn from the other end).
  var reversed: BezierPath {
    guard vertices.count > 1 else { return self }
    // Vertex order reversed; a closed path keeps its first vertex first.
    var order = Array(vertices.indices.reversed())
    if closed { order = [0] + order.dropLast() }
    return BezierPath(
      vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
      outTangents: order.map { inTangents[$0] }, closed: closed)
  }

  /// The path mapped through `affine`.
  func transformed(_ affine: Affine) -> BezierPath {
    let linear = Affine(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: 0, ty: 0)
    return BezierPath(
      vertices: vertices.map { affine.apply($0) }, inTangents: inTangents.map { linear.apply($0) },
      outTangents: outTangents.map { linear.apply($0) }, closed: closed)
  }

  /// The signed area enclosed by the path (closed or not, as if closed),
  /// from 16 points of each segment: positive when it runs clockwise on
  /// screen (y down). Only its sign is used, to tell a path's direction.
  var signedArea: Double {
    var points: [OutlinePoint] = []
    for (p0, p1, p2, p3) in segments {
      for step in 0..<16 {
        let t = Double(step) / 16
        let u = 1 - t
        points.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
      }
    }
    return points.count > 2 ? Self.signedArea(points) : 0
  }

  /// Whether every vertex and handle is finite.
  var isFinite: Bool {
    [vertices, inTangents, outTangents].allSatisfy { points in
      points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
  }

  /// The shoelace area of a closed polygon: positive when its inside is
  /// on the left of each side (x → y taken as a quarter turn left; on
  /// screen, y down, when it runs clockwise).
  static func signedArea(_ points: [OutlinePoint]) -> Double {
    var twice = 0.0
    for k in points.indices {
      let (p, q) = (points[k], points[(k + 1) % points.count])
      twice += p.x * q.y - q.x * p.y
    }
    return twice / 2
  }
}

extension BezierPath {
  /// Closed paths joined into one closed path: each path, back to its first
  /// vertex, then a straight cut to the next one's; after the last, the
  /// cuts again, from the last path's start back through each start to the
  /// first's. Each cut runs both ways along the same line, so the cuts add
  /// no area: the non-zero rule fills what it fills for the paths apart
  /// (their union, or a hole where one runs the other way). (A single cut
  /// from the last start straight to the first would close a polygon of
  /// the starts, filled beside the paths, when there are three or more.)
  /// One path can morph where several cannot (SPEC §16.4).
  static func joined(_ paths: [BezierPath]) -> BezierPath {
    let parts = paths.filter { !$0.vertices.isEmpty }
    if parts.count == 1 {
      var only = parts[0]
      only.closed = true
      return only
    }
    var result = BezierPath(vertices: [], inTangents: [], outTangents: [], closed: true)
    for part in parts {
      for k in part.vertices.indices {
        result.vertices.append(part.vertices[k])
        // The first vertex is reached by a cut: no handle in.
        result.inTangents.append(k == 0 ? .zero : part.inTangents[k])
        let isLast = k == part.vertices.count - 1
        result.outTangents.append(!part.closed && isLast ? .zero : part.outTangents[k])
      }
      // Back to the first vertex (the closing segment), then out by a cut.
      result.vertices.append(part.vertices[0])
      result.inTangents.append(part.closed ? part.inTangents[0] : .zero)
      result.outTangents.append(.zero)
    }
    // Back along the cuts; the closing segment is the one to the first.
    for part in parts.dropFirst().dropLast().reversed() {
      result.vertices.append(part.vertices[0])
      result.inTangents.append(.zero)
      result.outTangents.append(.zero)
    }
    return result
  }
}
