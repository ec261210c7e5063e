import StagehandCache
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
/// The work is done in phases (the `CatalogBuilder+` files), each of which reads and updates one `LibraryState` per
/// library found: discovery (the cache and the directories), the cache's verdict or opening for a scan, the scan,
/// the cache's rewrite, and the assembly of the index.
struct CatalogBuilder {
  let searchPath: PluginSearchPath
  let options: RegistryOptions

  /// Which libraries are scanned again although the cache knows them unchanged.
  struct Rescan {
    /// Every library.
    var all: Bool
    /// The libraries at these paths (their records could not be decoded).
    var paths: Set<String>
    /// The libraries quarantined because their scan ran out of time (or the host ended it).
    var timeouts: Bool
  }

  /// What became of one library found: its record in the cache file, or a status without one.
  enum Outcome {
    /// Not looked at (an untrusted library), or opened and waiting for its scan.
    case none
    /// The record at this index of the cache file.
    case entry(Int)
    /// Scanned now; its record goes into the new cache file.
    case scanned
    /// Not scanned, with why.
    case status(LibraryStatus)
  }

  /// One library found, through every phase: where it was found, what became of it, and while it waits for its
  /// scan, the descriptor opened for it (closed when the index is built).
  struct LibraryState {
    /// The library as the search path found it.
    let found: FoundLibrary
    /// What became of it so far.
    var outcome: Outcome = .none
    /// Opened for a scan: the descriptor, the identity read from it, its hash.
    var opened: Opened?
    /// The record the scan gave it, until it goes into the cache file.
    var scanned: CacheRecord?
  }

  /// The index; with `force`, every library is scanned again, whatever the cache says, and so are the libraries at
  /// the paths in `rescanning` (their records could not be decoded). With `retryingTimeouts`, a library quarantined
  /// because its scan ran out of time is scanned again (the machine may have been loaded; `stagehand scan` asks it).
  func index(force: Bool, rescanning: Set<String> = [], retryingTimeouts: Bool = false) -> CatalogIndex {
    var discovery = discover()
    var libraries = discovery.found.map { LibraryState(found: $0) }
    let recordsOnPath = lookUp(
      &libraries, in: discovery.file, rescan: Rescan(all: force, paths: rescanning, timeouts: retryingTimeouts))
    defer { for library in libraries { if let opened = library.opened { SystemFile.close(opened.descriptor) } } }
    scan(&libraries, besideCache: discovery.cache?.path, &discovery.warnings)
    let stale = staleRecords(of: discovery.file, recordsOnPath: recordsOnPath, found: discovery.found)
    if libraries.contains(where: { $0.scanned != nil }) || !stale.isEmpty
      || (discovery.listingsChanged && discovery.cache != nil)
    {
      rewrite(&discovery, dropping: stale, &libraries)
    }
    return assemble(libraries, discovery.file, warnings: discovery.warnings)
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
}

/// The first phase: the cache file as it is, and the libraries of the search path's directories (a directory whose
/// stamp the cache knows is not read again, see `DirectoryListing`).
extension CatalogBuilder {
  /// What the first phase found.
  struct Discovery {
    /// The cache, when the registry has one.
    var cache: RegistryCache?
    /// The cache file read (empty when there is none or it could not be read).
    var file: CacheFile
    /// The libraries found, in search order.
    var found: [FoundLibrary]
    /// The directory listings the new cache file keeps: other search paths' as they were, this one's as listed now.
    var listings: [DirectoryListing]
    /// Whether a listing of this search path's directories differs from the cache's.
    var listingsChanged: Bool
    /// The warnings so far: the search path's, the options', the cache's, and an empty search path's.
    var warnings: [String]
  }

  /// Reads the cache and lists the search path's directories.
  func discover() -> Discovery {
    var warnings = searchPath.warnings + options.warnings
    let cache = options.cachePath.map(RegistryCache.init(path:))
    var file = CacheFile.empty(origin: cache?.path ?? "")
    if let cache {
      let read = cache.readFile()
      file = read.file
      if let warning = read.warning { warnings.append(warning) }
    }

    // The cache keeps the listings of other search paths' directories too.
    let now = SystemTime.now()
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
    let listedByPath = Dictionary(listed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let listingsChanged =
      listedByPath.count != file.listings.count(where: { searched.contains($0.path) })
      || listedByPath.contains { path, listing in known[path] != listing }
    return Discovery(
      cache: cache, file: file, found: found, listings: file.listings.filter { !searched.contains($0.path) } + listed,
      listingsChanged: listingsChanged, warnings: warnings)
  }
}
