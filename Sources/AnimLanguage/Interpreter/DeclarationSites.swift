import AnimEngine

/// Where each view was declared, so that an error about a view found
/// outside any statement (a view drawn out of range, issue 32) can point at
/// its declaration. Compact for scenes of a million views: four bytes a
/// view, and each declaring statement kept once however often it runs (a
/// loop, a grid's members).
struct DeclarationSites {
  private struct Key: Hashable {
    let path: String
    let start: Int
  }

  private var sites: [(range: SourceRange, file: SourceFile)] = []
  private var indices: [Key: UInt32] = [:]
  /// One more than the site of each view, by id; 0 for none.
  private var ofView: [UInt32] = []

  /// Notes that `id` was (re)declared by the statement at `range` of `file`.
  mutating func note(_ id: ViewID, at range: SourceRange, in file: SourceFile) {
    let key = Key(path: file.path, start: range.start)
    let index: UInt32
    if let known = indices[key] {
      index = known
    } else {
      index = UInt32(sites.count)
      sites.append((range, file))
      indices[key] = index
    }
    let i = Int(id)
    if ofView.count <= i {
      ofView.append(contentsOf: repeatElement(0, count: i + 1 - ofView.count))
    }
    ofView[i] = index + 1
  }

  /// Where `id` was declared, or nil for a view no statement declared.
  func site(of id: ViewID) -> (range: SourceRange, file: SourceFile)? {
    let i = Int(id)
    guard i < ofView.count, ofView[i] > 0 else { return nil }
    return sites[Int(ofView[i] - 1)]
  }
}

extension Interpreter {
  /// Where view `id` was declared: its own declaration, or for a view the
  /// scene made itself (a text's letter) its nearest ancestor's; nil for
  /// the default view.
  public func declarationSite(of id: ViewID) -> (range: SourceRange, file: SourceFile)? {
    var current: ViewID? = id
    while let view = current {
      if let site = declarationSites.site(of: view) { return site }
      current = scene.parent(of: view)
    }
    return nil
  }
}
