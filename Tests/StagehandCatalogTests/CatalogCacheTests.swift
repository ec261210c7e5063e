import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Synchronization
import Testing

/// A directory with plugin libraries, a cache and an allow-list of its own, and registries over them that count
/// how many libraries they scan.
struct CatalogSandbox {
  let root: URL
  var plugins: URL { root.appendingPathComponent("plugins") }
  var cache: String { root.appendingPathComponent("cache/registry.cache").path }
  var allowList: String { root.appendingPathComponent("allowed-plugins").path }

  init(_ label: String) throws {
    root = try CFixture.temporaryDirectory(label)
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
  }

  /// Compiles the scanner tests' plugin with the id `org.example.<name>` into `plugins/lib<name>.so`.
  @discardableResult
  func library(_ name: String) throws -> String {
    try CFixture.compile(ScannerTests.source, into: plugins, name: "lib\(name).so")
      .replacingLibraryID(with: "org.example.\(name)")
  }

  /// A registry over `plugins`, and a counter of the libraries it scans.
  func registry(pinned: Bool = false) -> (Registry, ScanCounter) {
    let scanned = ScanCounter()
    let options = RegistryOptions(
      cachePath: cache, scanner: BuiltProducts.scanner.path, allowListPath: pinned ? allowList : nil,
      progress: { _, _ in scanned.count.withLock { $0 += 1 } })
    return (Registry(searchPath: PluginSearchPath(directories: [plugins.path]), options: options), scanned)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// How many libraries a registry scanned.
final class ScanCounter: Sendable {
  let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
}

extension String {
  /// Rewrites, in the library at this path, the plugin id `org.example.scanned` into `id` (of the same length), so
  /// that two libraries differ only in their id; returns the path.
  func replacingLibraryID(with id: String) throws -> String {
    let old = Data("org.example.scanned".utf8)
    let new = Data(id.utf8)
    precondition(new.count <= old.count, "the id must not be longer than org.example.scanned")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: self))
    let padded = new + Data(repeating: 0, count: old.count - new.count)
    while let range = bytes.range(of: old) { bytes.replaceSubrange(range, with: padded) }
    try bytes.write(to: URL(fileURLWithPath: self))
    return self
  }
}

@Suite("The catalog and its cache")
struct CatalogCacheTests {
  static let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))

  @Test("a warm cache: nothing is scanned again, and the catalog is the same")
  func warmCache() throws {
    let sandbox = try CatalogSandbox("warm")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    let (first, firstScans) = sandbox.registry()
    let catalog = first.catalog()
    #expect(firstScans.value == 2)
    #expect(catalog.plugins.map(\.info.id) == ["org.example.alpha", "org.example.beta"])
    #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    let (second, secondScans) = sandbox.registry()
    #expect(second.catalog().plugins == catalog.plugins)
    #expect(secondScans.value == 0)
    _ = try second.forward(Transition("org.example.beta:slide"), in: Self.context)
  }

  @Test("a library replaced by one of the same size with a new modification time is scanned again")
  func sameSizeReplacement() throws {
    let sandbox = try CatalogSandbox("replaced")
    defer { sandbox.remove() }
    let path = try sandbox.library("alpha")
    let (first, _) = sandbox.registry()
    #expect(first.catalog().plugins.map(\.info.id) == ["org.example.alpha"])
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    let replacement = try sandbox.library("gamma")
    #expect(try FileManager.default.attributesOfItem(atPath: replacement)[.size] as? Int == size)
    // Rewritten in place: the same inode and size, a new modification time.
    try Data(contentsOf: URL(fileURLWithPath: replacement)).write(to: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: replacement)
    let (second, scans) = sandbox.registry()
    #expect(second.catalog().plugins.map(\.info.id) == ["org.example.gamma"])
    #expect(scans.value == 1)
  }

  @Test("a library changed after its scan is not loaded: the build names the file and says what to do")
  func changedBeforeLoad() throws {
    let sandbox = try CatalogSandbox("changed")
    defer { sandbox.remove() }
    let path = try sandbox.library("alpha")
    let (registry, _) = sandbox.registry()
    #expect(registry.catalog().plugins.count == 1)
    let other = try sandbox.library("delta")
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: other, toPath: path)
    #expect {
      try registry.forward(Transition("slide"), in: Self.context)
    } throws: { error in
      guard case RegistryError.libraryChanged(let file, _) = error else { return false }
      return file == path && "\(error)".contains("call Registry.rescan() to scan it again")
    }
  }

  @Test("a corrupt cache gives one warning and is rebuilt")
  func corruptCache() throws {
    let sandbox = try CatalogSandbox("corrupt")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try FileManager.default.createDirectory(
      atPath: (sandbox.cache as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data("{\"this\": \"is not a registry cache\"}".utf8).write(to: URL(fileURLWithPath: sandbox.cache))
    let (registry, scans) = sandbox.registry()
    let catalog = registry.catalog()
    #expect(catalog.plugins.map(\.info.id) == ["org.example.alpha"])
    #expect(catalog.warnings.count == 1, "\(catalog.warnings)")
    #expect(scans.value == 1)
    let read = RegistryCache(path: sandbox.cache).read()
    #expect(read.warning == nil && read.records.count == 1)
  }

  @Test("pinning: with an allow-list, only the listed hashes are used; a mismatch names both hashes")
  func allowList() throws {
    let sandbox = try CatalogSandbox("pinned")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    let (unpinned, _) = sandbox.registry()
    let hashes = Dictionary(uniqueKeysWithValues: unpinned.catalog().plugins.map { ($0.info.id, $0.sha256) })
    let wrong = String(repeating: "0", count: 64)
    try "# pinned builds\norg.example.alpha \(hashes["org.example.alpha"]!.hex)\norg.example.beta \(wrong)\n".write(
      toFile: sandbox.allowList, atomically: true, encoding: .utf8)
    let (pinned, _) = sandbox.registry(pinned: true)
    let catalog = pinned.catalog()
    #expect(catalog.plugins.map(\.info.id) == ["org.example.alpha"])
    let beta = catalog.libraries.first { $0.plugin?.id == "org.example.beta" }
    guard case .untrusted(let why) = beta?.status else {
      Issue.record("beta: \(String(describing: beta))")
      return
    }
    #expect(why.contains(hashes["org.example.beta"]!.hex) && why.contains(wrong))
    _ = try pinned.forward(Transition("org.example.alpha:slide"), in: Self.context)
  }

  @Test("a library removed from the search path is forgotten by the cache; records of other directories are kept")
  func removedLibrary() throws {
    let sandbox = try CatalogSandbox("removed")
    defer { sandbox.remove() }
    let alpha = try sandbox.library("alpha")
    try sandbox.library("beta")
    let (first, _) = sandbox.registry()
    #expect(first.catalog().plugins.count == 2)
    var foreign = try #require(RegistryCache(path: sandbox.cache).read().records.values.first)
    foreign.path = "/elsewhere/libforeign.so"
    try RegistryCache(path: sandbox.cache).write(RegistryCache(path: sandbox.cache).read().records.values + [foreign])
    try FileManager.default.removeItem(atPath: alpha)
    let (second, scans) = sandbox.registry()
    #expect(second.catalog().plugins.map(\.info.id) == ["org.example.beta"])
    #expect(scans.value == 0)
    let paths = RegistryCache(path: sandbox.cache).read().records.keys.sorted()
    #expect(paths == ["/elsewhere/libforeign.so", sandbox.plugins.path + "/libbeta.so"])
  }
}
