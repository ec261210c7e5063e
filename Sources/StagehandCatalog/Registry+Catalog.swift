import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// Builds the catalog of a search path: finds the libraries, takes what the cache knows of unchanged ones (a `stat`
/// each, nothing opened), scans the new and changed ones in scanner children, writes the cache back when anything
/// changed, then applies the allow-list and the identity rule (the first copy of a plugin id wins).
struct CatalogBuilder {
  let searchPath: PluginSearchPath
  let options: RegistryOptions

  /// The catalog; with `force`, every library is scanned again, whatever the cache says.
  func build(force: Bool) -> Catalog {
    var warnings = searchPath.warnings + options.warnings
    let found = searchPath.libraries()
    let cache = options.cachePath.map(RegistryCache.init(path:))
    var records: [String: CacheRecord] = [:]
    if let cache {
      let read = cache.read()
      records = read.records
      if let warning = read.warning { warnings.append(warning) }
    }

    // Libraries whose cache record still matches are not opened; the others are opened, checked and hashed here.
    // `outcomes` follows `found`, index for index.
    var outcomes = [Outcome](repeating: Outcome(), count: found.count)
    var requests: [ScanRequest] = []
    var pending: [(index: Int, identity: FileIdentity, sha256: SHA256Digest)] = []
    // How many records of the cache belong to libraries found now; any other record may be of a library gone.
    let recordsBefore = records.count
    var recordsOnPath = 0
    for (index, library) in found.enumerated() {
      guard let identity = library.identity else { continue }
      let record = records[library.path]
      if record != nil { recordsOnPath += 1 }
      if !force, let record, record.identity == identity {
        outcomes[index].record = record
        continue
      }
      switch Self.open(library.path) {
      case .success(let opened):
        requests.append(ScanRequest(path: library.path, descriptor: opened.descriptor))
        pending.append((index, opened.identity, opened.sha256))
      case .failure(let failure):
        outcomes[index].status = failure.status
      }
    }
    defer { for request in requests { close(request.descriptor) } }

    if !requests.isEmpty {
      if let executable = options.scanner {
        var scanner = PluginScanner(executable: executable, timeout: options.scanTimeout)
        if let parallelism = options.scanParallelism { scanner.parallelism = max(1, parallelism) }
        do {
          let scanned = try scanner.scan(requests, progress: options.progress)
          for (item, outcome) in zip(pending, scanned) {
            let path = found[item.index].path
            let record = CacheRecord(path: path, identity: item.identity, sha256: item.sha256, outcome: outcome)
            records[path] = record
            outcomes[item.index].record = record
          }
        } catch {
          warnings.append("\(error)")
          for item in pending { outcomes[item.index].status = .notScanned("not scanned: \(error)") }
        }
      } else {
        let why =
          "not scanned: the scanner stagehand-scanner was not found next to the executable; install it there "
          + "or set STAGEHAND_SCANNER to its absolute path"
        warnings.append(why)
        for item in pending { outcomes[item.index].status = .notScanned(why) }
      }
    }

    // Forget libraries that are gone from a directory of this search path; keep the records of other directories.
    // When every record was found again, there is nothing to look for.
    var stale: [String] = []
    if recordsBefore > recordsOnPath {
      let foundPaths = Set(found.map(\.path))
      let searched = Set(searchPath.directories)
      stale = records.keys.filter { path in
        !foundPaths.contains(path) && searched.contains(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
      }
    }
    for path in stale { records[path] = nil }
    if let cache, !requests.isEmpty || !stale.isEmpty {
      do {
        try cache.write(records.values.sorted { $0.path < $1.path })
      } catch {
        warnings.append("\(error)")
      }
    }

    return assemble(found, outcomes, warnings: warnings)
  }

  /// What became of one library found: its record (scanned now or before), or a status without one.
  struct Outcome {
    var record: CacheRecord?
    var status: LibraryStatus?
  }

  /// The libraries in search order with their statuses, the allow-list applied and shadowed copies marked.
  private func assemble(_ found: [FoundLibrary], _ outcomes: [Outcome], warnings: [String]) -> Catalog {
    var warnings = warnings
    var allowList: AllowList?
    if let path = options.allowListPath, let read = AllowList.read(path) {
      allowList = read.list
      if let problem = read.problem { warnings.append(problem) }
    }
    var reports: [LibraryReport] = []
    var plugins: [CatalogPlugin] = []
    var winners: [String: Int] = [:]  // plugin id -> index in plugins
    reports.reserveCapacity(found.count)
    plugins.reserveCapacity(found.count)
    for (library, outcome) in zip(found, outcomes) {
      if let why = library.untrusted {
        reports.append(LibraryReport(path: library.path, status: .untrusted(why)))
        continue
      }
      if let status = outcome.status {
        reports.append(LibraryReport(path: library.path, status: status))
        continue
      }
      guard let record = outcome.record else { continue }
      switch record.outcome {
      case .refused(let error):
        reports.append(LibraryReport(path: library.path, sha256: record.sha256, status: .refused(error)))
      case .quarantined(let reason):
        reports.append(LibraryReport(path: library.path, sha256: record.sha256, status: .quarantined(reason)))
      case .ok(let info, let notes):
        if let why = allowList?.refusal(id: info.id, sha256: record.sha256, path: library.path) {
          reports.append(
            LibraryReport(path: library.path, plugin: info, sha256: record.sha256, status: .untrusted(why)))
        } else if let winner = winners[info.id] {
          plugins[winner].shadows.append(library.path)
          let status = LibraryStatus.shadowed(by: plugins[winner].file)
          reports.append(LibraryReport(path: library.path, plugin: info, sha256: record.sha256, status: status))
        } else {
          winners[info.id] = plugins.count
          plugins.append(
            CatalogPlugin(
              file: library.path, info: info, identity: record.identity, sha256: record.sha256, notes: notes))
          reports.append(
            LibraryReport(path: library.path, plugin: info, sha256: record.sha256, status: .ok(notes: notes)))
        }
      }
    }
    return Catalog(plugins: plugins, libraries: reports, warnings: warnings, allowList: allowList)
  }

  /// A library opened for a scan: its descriptor, its identity read from the descriptor, its hash.
  struct Opened {
    var descriptor: Int32
    var identity: FileIdentity
    var sha256: SHA256Digest
  }

  /// Why a library could not be opened for its scan.
  struct OpenFailure: Error {
    var status: LibraryStatus
  }

  /// Opens the library at `path`, checks through the descriptor that it is still a trusted regular file, and hashes it.
  static func open(_ path: String) -> Result<Opened, OpenFailure> {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      return .failure(OpenFailure(status: .notScanned("cannot be opened: \(String(cString: strerror(errno)))")))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .failure(OpenFailure(status: .notScanned("is no longer a regular file")))
    }
    if let why = LibraryTrust.problem(info, what: "it") {
      close(descriptor)
      return .failure(OpenFailure(status: .untrusted(why)))
    }
    do {
      let digest = try SHA256.hash(fileDescriptor: descriptor)
      return .success(Opened(descriptor: descriptor, identity: FileIdentity(info), sha256: digest))
    } catch {
      close(descriptor)
      return .failure(OpenFailure(status: .notScanned("cannot be read: \(error)")))
    }
  }
}
