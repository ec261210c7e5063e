import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Builds the catalog of a search path: finds the libraries, takes what the cache knows of unchanged ones (a `stat`
/// each, nothing opened), scans the new and changed ones in scanner children, writes the cache back when anything
/// changed, then applies the allow-list and the identity rule (the first copy of a plugin id wins).
///
/// What it builds is an index (``CatalogIndex``): each plugin's description stays in the cache's bytes until used.
struct CatalogBuilder {
  let searchPath: PluginSearchPath
  let options: RegistryOptions

  /// The index; with `force`, every library is scanned again, whatever the cache says, and so are the libraries at
  /// the paths in `rescanning` (their records could not be decoded). With `retryingTimeouts`, a library quarantined
  /// because its scan ran out of time is scanned again (the machine may have been loaded; `stagehand scan` asks it).
  func index(force: Bool, rescanning: Set<String> = [], retryingTimeouts: Bool = false) -> CatalogIndex {
    var warnings = searchPath.warnings + options.warnings
    let cache = options.cachePath.map(RegistryCache.init(path:))
    var file = CacheFile.empty(origin: cache?.path ?? "")
    if let cache {
      let read = cache.readFile()
      file = read.file
      if let warning = read.warning { warnings.append(warning) }
    }

    // A directory whose stamp the cache knows is not read again (see DirectoryListing); the cache keeps the listings
    // of other search paths' directories too.
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let keeps = options.keepsDirectoryListings
    let known = keeps ? Dictionary(file.listings.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
    let (found, listed) = searchPath.libraries(
      known: known, now: keeps ? now : nil, settleTime: options.directorySettleTime)
    if found.isEmpty {
      warnings.append(
        "no plugin library was found; searched \(searchPath.directories.joined(separator: ", ")); "
          + MessageHints.noLibraries)
    }
    let searched = Set(searchPath.directories)
    let listings = file.listings.filter { !searched.contains($0.path) } + listed
    let listedByPath = Dictionary(listed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let listingsChanged =
      listedByPath.count != file.listings.count(where: { searched.contains($0.path) })
      || listedByPath.contains { path, listing in known[path] != listing }

    // Libraries whose cache record still matches are not opened; the others are opened, checked and hashed here.
    // `outcomes` follows `found`, index for index.
    var outcomes: [Outcome] = []
    outcomes.reserveCapacity(found.count)
    var requests: [ScanRequest] = []
    var pending: [(index: Int, identity: FileIdentity, sha256: LibraryDigest)] = []
    // How many records of the cache belong to libraries found now; any other record may be of a library gone.
    var recordsOnPath = 0
    var next = 0  // the record after the last one found: libraries and records are both in path order
    for index in found.indices {
      guard let identity = found[index].identity else {
        outcomes.append(.none)
        continue
      }
      let path = found[index].path
      let entry = file.index(ofPath: path, hint: next)
      if let entry { next = entry + 1 }
      if entry != nil { recordsOnPath += 1 }
      if !force, let entry, file.entries[entry].identity == identity,
        rescanning.isEmpty || !rescanning.contains(path),
        !retryingTimeouts
          || (file.entries[entry].tag != ScanOutcome.timeoutTag && file.entries[entry].tag != ScanOutcome.hostEndedTag)
      {
        outcomes.append(.entry(entry))
        continue
      }
      switch Self.open(path) {
      case .success(let opened):
        requests.append(ScanRequest(path: path, descriptor: opened.descriptor))
        pending.append((index, opened.identity, opened.sha256))
        outcomes.append(.none)  // until it is scanned
      case .failure(let failure):
        outcomes.append(.status(failure.status))
      }
    }
    defer { for request in requests { SystemFile.close(request.descriptor) } }

    var scanned: [CacheRecord] = []
    if !requests.isEmpty {
      if let executable = options.scanner {
        var scanner = PluginScanner(executable: executable, timeout: options.scanTimeout)
        scanner.arguments = options.scannerArguments
        if let parallelism = options.scanParallelism { scanner.parallelism = max(1, parallelism) }
        do {
          let answers = try ScanMark.scan(
            requests, with: scanner, besideCache: cache?.path, progress: options.progress)
          for (item, outcome) in zip(pending, answers) {
            let path = found[item.index].path
            scanned.append(CacheRecord(path: path, identity: item.identity, sha256: item.sha256, outcome: outcome))
            outcomes[item.index] = .scanned
          }
        } catch {
          warnings.append("\(error)")
          for item in pending { outcomes[item.index] = .status(.notScanned("not scanned: \(error)")) }
        }
      } else {
        let why = "not scanned: " + MessageHints.scannerMissing
        warnings.append(why)
        for item in pending { outcomes[item.index] = .status(.notScanned(why)) }
      }
    }

    // Forget libraries that are gone from a directory of this search path; keep the records of other directories.
    // When every record was found again, there is nothing to look for.
    var stale: Set<Int> = []
    if file.entries.count > recordsOnPath {
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
    }
    if !scanned.isEmpty || !stale.isEmpty || (listingsChanged && cache != nil) {
      file = rewrite(
        file, adding: scanned, dropping: stale, listings: listings, cache: cache, &outcomes, found, &warnings)
    }
    return assemble(found, outcomes, file, warnings: warnings)
  }

  /// The new cache file: the records of `file` but the stale and rescanned ones, and the records just scanned;
  /// written to `cache` when there is one. The outcomes are pointed at the new file.
  private func rewrite(
    _ file: CacheFile, adding scanned: [CacheRecord], dropping stale: Set<Int>, listings: [DirectoryListing],
    cache: RegistryCache?,
    _ outcomes: inout [Outcome], _ found: [FoundLibrary], _ warnings: inout [String]
  ) -> CacheFile {
    let replaced = Set(scanned.map(\.path))
    var records = scanned.map(RegistryCache.StoredRecord.new)
    for index in file.entries.indices where !stale.contains(index) {
      if replaced.isEmpty || !replaced.contains(file.path(of: file.entries[index])) {
        records.append(.kept(file, index))
      }
    }
    let bytes = RegistryCache.encode(records, listings: listings)
    let written: CacheFile
    do throws(CacheError) {
      written = try CacheFile(bytes, origin: cache?.path ?? "the registry")
    } catch {
      // The records just scanned were read from the scanner with every check, so this is a bug of the host.
      warnings.append("\(error)")
      for index in outcomes.indices {
        if case .scanned = outcomes[index] { outcomes[index] = .status(.notScanned("not scanned: \(error)")) }
      }
      return file
    }
    if let cache {
      do throws(CacheError) {
        try cache.write(bytes: bytes)
      } catch {
        warnings.append("\(error)")
      }
    }
    for index in outcomes.indices {
      switch outcomes[index] {
      case .entry, .scanned:
        outcomes[index] =
          written.index(ofPath: found[index].path).map(Outcome.entry)
          ?? .status(
            .notScanned("not scanned: its record in the registry cache could not be read; it is scanned again"))
      case .none, .status: break
      }
    }
    return written
  }

  /// What became of one library found: its record in the cache file, or a status without one.
  enum Outcome {
    /// Not looked at (an untrusted library).
    case none
    /// The record at this index of the cache file.
    case entry(Int)
    /// Scanned now; its record goes into the new cache file.
    case scanned
    /// Not scanned, with why.
    case status(LibraryStatus)
  }

  /// The libraries in search order with their states, the allow-list applied and shadowed copies marked.
  private func assemble(_ found: [FoundLibrary], _ outcomes: [Outcome], _ file: CacheFile, warnings: [String])
    -> CatalogIndex
  {
    var warnings = warnings
    var allowList: AllowList?
    if let path = options.allowListPath, let read = AllowList.read(path) {
      allowList = read.list
      if let problem = read.problem { warnings.append(problem) }
    }
    var libraries: [CatalogIndex.Library] = []
    var usable: [Int] = []
    var usableEntries: [Int] = []
    var winners = ByteTable(capacity: found.count)  // plugin id -> position in libraries
    libraries.reserveCapacity(found.count)
    usable.reserveCapacity(found.count)
    usableEntries.reserveCapacity(found.count)
    for (library, outcome) in zip(found, outcomes) {
      let path = library.path
      if let why = library.untrusted {
        libraries.append(.init(path: path, state: .status(.untrusted(why))))
        continue
      }
      switch outcome {
      case .none, .scanned:
        continue
      case .status(let status):
        libraries.append(.init(path: path, state: .status(status)))
      case .entry(let entry):
        let record = file.entries[entry]
        guard record.kind == .ok, let id = file.id(of: record) else {
          libraries.append(.init(path: path, state: .unusable(entry: entry)))
          continue
        }
        if let allowList, let why = allowList.refusal(id: CacheFile.string(id), sha256: record.sha256, path: path) {
          libraries.append(.init(path: path, state: .disallowed(entry: entry, why: why)))
        } else {
          let (index, inserted) = winners.insert(id, libraries.count)
          if inserted {
            usable.append(libraries.count)
            usableEntries.append(entry)
            libraries.append(.init(path: path, state: .usable(entry: entry, shadows: [])))
            continue
          }
          let winner = winners.values[index]
          if case .usable(let winnerEntry, let shadows) = libraries[winner].state {
            libraries[winner].state = .usable(entry: winnerEntry, shadows: shadows + [path])
          }
          libraries.append(.init(path: path, state: .shadowed(entry: entry, by: libraries[winner].path)))
        }
      }
    }
    return CatalogIndex(
      file: file, libraries: libraries, warnings: warnings, allowList: allowList, usable: usable,
      usableEntries: usableEntries)
  }

  /// The whole catalog: the index, every record decoded. A record that cannot be decoded makes its library scanned
  /// again (with a warning), as if the cache had not known it.
  func catalog(of index: CatalogIndex, force: Bool) -> (catalog: Catalog, index: CatalogIndex) {
    let (catalog, unreadable) = index.catalog()
    guard !unreadable.isEmpty else { return (catalog, index) }
    var again = self.index(force: force, rescanning: Set(unreadable.keys))
    for (path, error) in unreadable.sorted(by: { $0.key < $1.key }) {
      again.warnings.append(
        "registry cache \(error.file): the record of \(path) cannot be read (\(error.detail)); it was scanned again")
    }
    return (again.catalog().catalog, again)
  }

  /// A library opened for a scan: its descriptor, its identity read from the descriptor, its hash.
  struct Opened {
    var descriptor: Int32
    var identity: FileIdentity
    var sha256: LibraryDigest
  }

  /// Why a library could not be opened for its scan.
  struct OpenFailure: Error {
    var status: LibraryStatus
  }

  /// Opens the library at `path`, checks through the descriptor that it is still a trusted regular file, and hashes it.
  static func open(_ path: String) -> Result<Opened, OpenFailure> {
    let notRegular = OpenFailure(status: .notScanned("is no longer a regular file"))
    let opened: (descriptor: Int32, status: stat)
    do {
      opened = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) { error in
        error.call == "open" ? OpenFailure(status: .notScanned("cannot be opened: \(error.reason)")) : notRegular
      } check: { info throws(OpenFailure) in
        guard SystemFile.isRegular(info) else { throw notRegular }
        if let why = LibraryTrust.problem(info, what: "it") { throw OpenFailure(status: .untrusted(why)) }
      }
    } catch {
      return .failure(error)
    }
    do {
      let digest = try LibraryDigest.hashing(fileDescriptor: opened.descriptor)
      return .success(Opened(descriptor: opened.descriptor, identity: FileIdentity(opened.status), sha256: digest))
    } catch {
      SystemFile.close(opened.descriptor)
      return .failure(OpenFailure(status: .notScanned("cannot be read: \(error)")))
    }
  }
}
