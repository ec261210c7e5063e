import StagehandCache
import StagehandPlugins

/// The last phases, what comes out: the new cache file, without the records of libraries gone and with those just
/// scanned, written back when anything changed; then the index, the libraries in search order with their states, the
/// allow-list applied and shadowed copies marked (the first copy of a plugin id wins).
extension CatalogBuilder {
  /// The records of `file` whose libraries are gone from a directory of this search path (the records of other
  /// directories are kept). When every record was found again, there is nothing to look for.
  func staleRecords(of file: CacheFile, recordsOnPath: Int, found: [FoundLibrary]) -> Set<Int> {
    var stale: Set<Int> = []
    guard file.entries.count > recordsOnPath else { return stale }
    let foundPaths = Set(found.map(\.path))
    let searched = searchPath.directories.map { Array($0.utf8) }
    for (index, entry) in file.entries.enumerated() {
      // Only records of a searched directory can be stale; most others are told apart without making a string.
      let path = file.view(entry.path)
      let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? 0
      let directory = UnsafeRawBufferPointer(rebasing: path[..<slash])
      guard searched.contains(where: { $0.elementsEqual(directory) }) else { continue }
      if !foundPaths.contains(file.path(of: entry)) { stale.insert(index) }
    }
    return stale
  }

  /// Makes the new cache file the discovery's: the records of its file but the stale and rescanned ones, and the
  /// records just scanned; written to the cache when there is one. The libraries' outcomes are pointed at the new
  /// file. A failure is a warning, and leaves the file as it was.
  func rewrite(_ discovery: inout Discovery, dropping stale: Set<Int>, _ libraries: inout [LibraryState]) {
    let file = discovery.file
    let scanned = libraries.compactMap(\.scanned)
    let replaced = Set(scanned.map(\.path))
    var records = scanned.map(RegistryCache.StoredRecord.new)
    for index in file.entries.indices where !stale.contains(index) {
      if replaced.isEmpty || !replaced.contains(file.path(of: file.entries[index])) {
        records.append(.kept(file, index))
      }
    }
    let bytes = RegistryCache.encode(records, listings: discovery.listings)
    let written: CacheFile
    do throws(CacheError) {
      written = try CacheFile(bytes, origin: discovery.cache?.path ?? "the registry")
    } catch {
      // The records just scanned were read from the scanner with every check, so this is a bug of the host.
      discovery.warnings.append("\(error)")
      for index in libraries.indices {
        if case .scanned = libraries[index].outcome {
          libraries[index].outcome = .status(.notScanned("not scanned: \(error)"))
        }
      }
      return
    }
    if let cache = discovery.cache {
      do throws(CacheError) {
        try cache.write(bytes: bytes)
      } catch {
        discovery.warnings.append("\(error)")
      }
    }
    for index in libraries.indices {
      switch libraries[index].outcome {
      case .entry, .scanned:
        libraries[index].outcome =
          written.index(ofPath: libraries[index].found.path).map(Outcome.entry)
          ?? .status(
            .notScanned("not scanned: its record in the registry cache could not be read; it is scanned again"))
      case .none, .status: break
      }
    }
    discovery.file = written
  }

  /// The index of `libraries`, whose outcomes point into `file`.
  func assemble(_ libraries: [LibraryState], _ file: CacheFile, warnings: [String]) -> CatalogIndex {
    var warnings = warnings
    var allowList: AllowList?
    if let path = options.allowListPath, let read = AllowList.read(path) {
      allowList = read.list
      if let problem = read.problem { warnings.append(problem) }
    }
    var listed: [CatalogIndex.Library] = []
    var usable: [Int] = []
    var usableEntries: [Int] = []
    var winners = ByteTable(capacity: libraries.count)  // plugin id -> position in listed
    listed.reserveCapacity(libraries.count)
    usable.reserveCapacity(libraries.count)
    usableEntries.reserveCapacity(libraries.count)
    for library in libraries {
      let path = library.found.path
      if let why = library.found.untrusted {
        listed.append(.init(path: path, state: .status(.untrusted(why))))
        continue
      }
      switch library.outcome {
      case .none, .scanned:
        continue
      case .status(let status):
        listed.append(.init(path: path, state: .status(status)))
      case .entry(let entry):
        let record = file.entries[entry]
        guard record.kind == .ok, let id = file.id(of: record) else {
          listed.append(.init(path: path, state: .unusable(entry: entry)))
          continue
        }
        if let allowList, let why = allowList.refusal(id: CacheFile.string(id), sha256: record.sha256, path: path) {
          listed.append(.init(path: path, state: .disallowed(entry: entry, why: why)))
        } else {
          let (index, inserted) = winners.insert(id, listed.count)
          if inserted {
            usable.append(listed.count)
            usableEntries.append(entry)
            listed.append(.init(path: path, state: .usable(entry: entry, shadows: [])))
            continue
          }
          let winner = winners.values[index]
          if case .usable(let winnerEntry, let shadows) = listed[winner].state {
            listed[winner].state = .usable(entry: winnerEntry, shadows: shadows + [path])
          }
          listed.append(.init(path: path, state: .shadowed(entry: entry, by: listed[winner].path)))
        }
      }
    }
    return CatalogIndex(
      file: file, libraries: listed, warnings: warnings, allowList: allowList, usable: usable,
      usableEntries: usableEntries)
  }
}
