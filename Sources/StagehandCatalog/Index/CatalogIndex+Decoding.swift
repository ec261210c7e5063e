import StagehandCache
import StagehandPlugins

extension CatalogIndex {
  /// The whole catalog, every record decoded, and the libraries whose records could not be decoded, with why (their
  /// reports say they are not scanned; the builder scans them again).
  func catalog() -> (catalog: Catalog, unreadable: [String: CacheError]) {
    var plugins: [CatalogPlugin] = []
    var reports: [LibraryReport] = []
    var unreadable: [String: CacheError] = [:]
    try? file.loadOutcomes()  // one read for all; if it fails, each record is read alone, and fails alone
    plugins.reserveCapacity(usable.count)
    reports.reserveCapacity(libraries.count)
    for library in libraries {
      let path = library.path
      let entry: Int
      switch library.state {
      case .status(let status):
        reports.append(LibraryReport(path: path, status: status))
        continue
      case .usable(let index, _), .shadowed(let index, _), .disallowed(let index, _), .unusable(let index):
        entry = index
      }
      let record: CacheRecord
      do throws(CacheError) {
        record = try file.record(at: entry)
      } catch {
        unreadable[path] = error
        let why = "not scanned: its record in the registry cache cannot be read (\(error.detail)); it is scanned again"
        reports.append(LibraryReport(path: path, status: .notScanned(why)))
        continue
      }
      let sha256 = record.sha256
      switch (library.state, record.outcome) {
      case (.usable(_, let shadows), .ok(let info, let notes)):
        plugins.append(
          CatalogPlugin(
            file: path, info: info, identity: record.identity, sha256: sha256, notes: notes, shadows: shadows))
        reports.append(LibraryReport(path: path, plugin: info, sha256: sha256, status: .ok(notes: notes)))
      case (.shadowed(_, let winner), .ok(let info, _)):
        reports.append(LibraryReport(path: path, plugin: info, sha256: sha256, status: .shadowed(by: winner)))
      case (.disallowed(_, let why), .ok(let info, _)):
        reports.append(LibraryReport(path: path, plugin: info, sha256: sha256, status: .untrusted(why)))
      case (.unusable, .refused(let error)):
        reports.append(LibraryReport(path: path, sha256: sha256, status: .refused(error)))
      case (.unusable, .quarantined(let reason)):
        reports.append(LibraryReport(path: path, sha256: sha256, status: .quarantined(reason)))
      default:
        // The frame said one kind of outcome and the record holds another: CacheFile.index makes this impossible.
        let error = CacheError(file: file.origin, reason: .corrupt, detail: "the outcome of \(path) changed kind")
        unreadable[path] = error
        reports.append(LibraryReport(path: path, status: .notScanned("not scanned: \(error.detail)")))
      }
    }
    let catalog = Catalog(plugins: plugins, libraries: reports, warnings: warnings, allowList: allowList)
    return (catalog, unreadable)
  }

  /// The usable plugin at `position` of `libraries`, decoded; nil when its record cannot be decoded.
  func plugin(at position: Int) -> CatalogPlugin? {
    let (entry, shadows) = entry(ofUsable: position)
    guard let record = try? file.record(at: entry), case .ok(let info, let notes) = record.outcome else { return nil }
    return CatalogPlugin(
      file: libraries[position].path, info: info, identity: record.identity, sha256: record.sha256, notes: notes,
      shadows: shadows)
  }

  /// The position in `libraries` of the usable plugin with this id, if any.
  func usablePosition(id: String) -> Int? {
    var id = id
    return id.withUTF8 { key in
      zip(usable, usableEntries).first { _, entry in
        file.id(of: file.entries[entry]).map { CacheFile.equal($0, UnsafeRawBufferPointer(key)) } ?? false
      }?.0
    }
  }

  /// What a style name, a preset name or `plugin-id:name` resolves to, decoding only the records whose names hold
  /// it; nil when one of them cannot be decoded (the caller then builds the whole catalog, which scans it again).
  func matches(_ reference: String) -> [ResolvedStyle]? {
    let colon = reference.firstIndex(of: ":")
    let name = colon.map { String(reference[reference.index(after: $0)...]) } ?? reference
    let idBytes = colon.map { Array(reference[..<$0].utf8) }
    let nameBytes = Array(name.utf8)
    var candidates: [Int] = []
    for (position, entry) in zip(usable, usableEntries) {
      let record = file.entries[entry]
      if let idBytes {
        let same = idBytes.withUnsafeBytes { key in file.id(of: record).map { CacheFile.equal($0, key) } ?? false }
        guard same else { continue }
      }
      var first = true
      var found = false
      nameBytes.withUnsafeBytes { key in
        file.forEachName(of: record) { candidate in
          defer { first = false }
          if !first, CacheFile.equal(candidate, key) { found = true }
          return !found
        }
      }
      if found { candidates.append(position) }
    }
    var found: [ResolvedStyle] = []
    for position in candidates {
      guard let plugin = plugin(at: position) else { return nil }
      let matches = ResolvedStyle.matches(of: name, in: plugin)
      guard !matches.isEmpty else { return nil }  // its names said otherwise: a damaged record
      found += matches
    }
    return found
  }
}

extension ResolvedStyle {
  /// The styles and presets of `plugin` named `name`.
  static func matches(of name: String, in plugin: CatalogPlugin) -> [ResolvedStyle] {
    var found: [ResolvedStyle] = []
    for (index, style) in plugin.info.styles.enumerated() {
      let entry = Catalog.Entry(plugin: plugin, styleIndex: index)
      if style.name == name { found.append(ResolvedStyle(entry: entry, preset: nil)) }
      for preset in style.presets where preset.name == name {
        found.append(ResolvedStyle(entry: entry, preset: preset))
      }
    }
    return found
  }
}
