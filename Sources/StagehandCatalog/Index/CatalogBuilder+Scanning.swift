import StagehandCache
import StagehandPlugins
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The second and third phases: the cache's verdict on each library (its record still matches, nothing opened), or
/// opening, checking and hashing it here; then scanning the opened ones in scanner children.
extension CatalogBuilder {
  /// Gives each library the record of the cache file that still matches it, or opens it for a scan; returns how many
  /// records of the cache belong to libraries found now (any other record may be of a library gone).
  func lookUp(_ libraries: inout [LibraryState], in file: CacheFile, rescan: Rescan) -> Int {
    var recordsOnPath = 0
    var next = 0  // the record after the last one found: libraries and records are both in path order
    for index in libraries.indices {
      // An untrusted library has no identity: it is not looked at.
      guard let identity = libraries[index].found.identity else { continue }
      let path = libraries[index].found.path
      let entry = file.index(ofPath: path, hint: next)
      if let entry {
        next = entry + 1
        recordsOnPath += 1
      }
      if !rescan.all, let entry, file.entries[entry].identity == identity,
        rescan.paths.isEmpty || !rescan.paths.contains(path),
        !rescan.timeouts
          || (file.entries[entry].tag != ScanOutcome.timeoutTag && file.entries[entry].tag != ScanOutcome.hostEndedTag)
      {
        libraries[index].outcome = .entry(entry)
        continue
      }
      switch Self.open(path) {
      case .success(let opened): libraries[index].opened = opened  // its outcome waits for the scan
      case .failure(let failure): libraries[index].outcome = .status(failure.status)
      }
    }
    return recordsOnPath
  }

  /// Scans the libraries opened for it, with the scanner of the options; each gets its record, or a status that
  /// says why it was not scanned.
  func scan(_ libraries: inout [LibraryState], besideCache cachePath: String?, _ warnings: inout [String]) {
    let waiting = libraries.indices.filter { libraries[$0].opened != nil }
    guard !waiting.isEmpty else { return }
    guard let executable = options.scanner else {
      let why = "not scanned: " + MessageHints.scannerMissing
      warnings.append(why)
      for index in waiting { libraries[index].outcome = .status(.notScanned(why)) }
      return
    }
    var scanner = PluginScanner(executable: executable, timeout: options.scanTimeout)
    scanner.arguments = options.scannerArguments
    if let parallelism = options.scanParallelism { scanner.parallelism = max(1, parallelism) }
    let requests = waiting.map {
      ScanRequest(path: libraries[$0].found.path, descriptor: libraries[$0].opened!.descriptor)
    }
    do {
      let answers = try ScanMark.scan(requests, with: scanner, besideCache: cachePath, progress: options.progress)
      for (index, outcome) in zip(waiting, answers) {
        let opened = libraries[index].opened!
        libraries[index].scanned = CacheRecord(
          path: libraries[index].found.path, identity: opened.identity, sha256: opened.sha256, outcome: outcome)
        libraries[index].outcome = .scanned
      }
    } catch {
      warnings.append("\(error)")
      for index in waiting { libraries[index].outcome = .status(.notScanned("not scanned: \(error)")) }
    }
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

  /// The largest plugin library scanned, in bytes: 256 MiB. A library is hashed by the host at every scan and load,
  /// so a larger (or sparse) file would hold the command for as long as its size says (8 GiB: 7 s, measured).
  static let largestLibrary = 256 << 20

  /// Opens the library at `path`, checks through the descriptor that it is still a trusted regular file, and hashes it.
  static func open(_ path: String) -> Result<Opened, OpenFailure> {
    let notRegular = OpenFailure(status: .notScanned("is no longer a regular file"))
    let opened: (descriptor: Int32, status: stat)
    do {
      opened = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) { error in
        error.call == "open" ? OpenFailure(status: .notScanned("cannot be opened: \(error.reason)")) : notRegular
      } check: { info throws(OpenFailure) in
        guard SystemFile.isRegular(info) else { throw notRegular }
        if let why = TrustRule.problem(info, what: "it") { throw OpenFailure(status: .untrusted(why)) }
        guard info.st_size <= largestLibrary else {
          throw OpenFailure(
            status: .notScanned(
              "is \(info.st_size) bytes, more than the \(largestLibrary >> 20) MiB a plugin library may be (it was "
                + "not read); remove it from the plugin directory, or replace it with the library as built"))
        }
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
