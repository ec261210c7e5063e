import Foundation
import StagehandTestSupport
import Testing

@testable import StagehandCache
@testable import StagehandCatalog

@Suite("A directory whose stamp the cache knows is not read again")
struct DirectoryListingTests {
  /// A registry over the sandbox's plugins that keeps the listing of any directory that changed before now.
  static func registry(_ sandbox: CatalogSandbox, settleTime: Double = 0) -> (Registry, ScanCounter) {
    let scanned = ScanCounter()
    var options = RegistryOptions(
      cachePath: sandbox.cache, scanner: BuiltProducts.scanner.path,
      progress: { _, _ in scanned.count.withLock { $0 += 1 } })
    options.directorySettleTime = settleTime
    return (Registry(searchPath: PluginSearchPath(directories: [sandbox.plugins.path]), options: options), scanned)
  }

  static func listings(_ sandbox: CatalogSandbox) -> [DirectoryListing] {
    RegistryCache(path: sandbox.cache).readFile().file.listings
  }

  static func names(_ listing: DirectoryListing) -> [String] {
    listing.ranges.map { String(decoding: listing.names[$0], as: UTF8.self) }
  }

  @Test("the entries come from the cache while the directory keeps its stamp; a new entry changes it")
  func keptAndRenewed() throws {
    let sandbox = try CatalogSandbox("listing-kept")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try Data("not a library".utf8).write(to: sandbox.plugins.appendingPathComponent("notes.txt"))
    _ = Self.registry(sandbox).0.catalog()
    let listing = try #require(Self.listings(sandbox).first)
    #expect(listing.path == sandbox.plugins.path && Self.names(listing) == ["libalpha.so"])

    // Rename alpha's entry in the cached listing (same length, resealed): the registry believes the cache, so alpha
    // is not found, and libghost.so, which does not exist, is skipped.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.cache)))
    let entry = Array("\u{0B}libalpha.so".utf8)
    let at = try #require(bytes.indices.last { bytes[$0...].starts(with: entry) })
    bytes.replaceSubrange(at + 1..<at + 12, with: Array("libghost.so".utf8))
    reseal(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: sandbox.cache))
    let (believing, _) = Self.registry(sandbox)
    #expect(believing.catalog().libraries.isEmpty)

    // A new entry changes the directory's stamp: the directory is read again, and both libraries are found.
    try sandbox.library("beta")
    let (renewed, scans) = Self.registry(sandbox)
    #expect(
      renewed.catalog().libraries.map(\.path).map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "libalpha.so", "libbeta.so",
      ])
    #expect(scans.value == 2)  // alpha's record was dropped while it was not found
    #expect(Self.listings(sandbox).map(Self.names) == [["libalpha.so", "libbeta.so"]])
  }

  @Test("a removed or renamed library is seen at once")
  func removedAndRenamed() throws {
    let sandbox = try CatalogSandbox("listing-removed")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    _ = Self.registry(sandbox).0.catalog()
    #expect(Self.listings(sandbox).map(Self.names) == [["libalpha.so", "libbeta.so"]])
    try FileManager.default.removeItem(at: sandbox.plugins.appendingPathComponent("libalpha.so"))
    try FileManager.default.moveItem(
      at: sandbox.plugins.appendingPathComponent("libbeta.so"),
      to: sandbox.plugins.appendingPathComponent("libgamma.so"))
    let (registry, _) = Self.registry(sandbox)
    #expect(registry.catalog().libraries.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["libgamma.so"])
    #expect(Self.listings(sandbox).map(Self.names) == [["libgamma.so"]])
  }

  @Test("STAGEHAND_DIRECTORY_LISTINGS=0 keeps no listing and uses none; another value is refused with a warning")
  func turnedOff() throws {
    let sandbox = try CatalogSandbox("listing-off")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    _ = Self.registry(sandbox).0.catalog()
    #expect(Self.listings(sandbox).count == 1)
    var options = RegistryOptions.standard(environment: ["STAGEHAND_DIRECTORY_LISTINGS": "0"])
    #expect(!options.keepsDirectoryListings && options.warnings.isEmpty)
    options.cachePath = sandbox.cache
    options.scanner = BuiltProducts.scanner.path
    options.directorySettleTime = 0
    // Alpha's entry renamed in the cached listing, as in keptAndRenewed: with listings off, alpha is still found.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.cache)))
    let entry = Array("\u{0B}libalpha.so".utf8)
    let at = try #require(bytes.indices.last { bytes[$0...].starts(with: entry) })
    bytes.replaceSubrange(at + 1..<at + 12, with: Array("libghost.so".utf8))
    reseal(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: sandbox.cache))
    let registry = Registry(searchPath: PluginSearchPath(directories: [sandbox.plugins.path]), options: options)
    #expect(registry.catalog().libraries.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["libalpha.so"])
    #expect(Self.listings(sandbox).isEmpty)
    let wrong = RegistryOptions.standard(environment: ["STAGEHAND_DIRECTORY_LISTINGS": "no"])
    #expect(wrong.keepsDirectoryListings && wrong.warnings.contains { $0.contains("STAGEHAND_DIRECTORY_LISTINGS") })
  }

  @Test("a directory that changed less than the settle time before it was read is not kept: it is read every time")
  func notSettled() throws {
    let sandbox = try CatalogSandbox("listing-recent")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    _ = Self.registry(sandbox, settleTime: DirectoryListing.settleTime).0.catalog()
    #expect(Self.listings(sandbox).isEmpty)
    #expect(RegistryCache(path: sandbox.cache).read().records.count == 1)
  }

  @Test("listings of other search paths' directories are kept; a file with a broken listing is ignored and rebuilt")
  func otherDirectoriesAndDamage() throws {
    let sandbox = try CatalogSandbox("listing-others")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    let other = DirectoryListing(
      path: "/nowhere/plugins", stamp: DirectoryStamp(stat()), names: [7] + Array("libx.so".utf8), ranges: [1..<8])
    let kept = RegistryCache.encode([], listings: [other])
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: sandbox.cache).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(kept).write(to: URL(fileURLWithPath: sandbox.cache))
    _ = Self.registry(sandbox).0.catalog()
    #expect(Self.listings(sandbox).map(\.path) == ["/nowhere/plugins", sandbox.plugins.path])

    for names in [["libb.so", "liba.so"], ["liba.so", "liba.so"], ["lib/a.so"], [".liba.so"], ["liba.txt"]] {
      var block: [UInt8] = []
      var ranges: [Range<Int>] = []
      for name in names {
        block.append(UInt8(name.utf8.count))
        ranges.append(block.count..<block.count + name.utf8.count)
        block += Array(name.utf8)
      }
      let broken = DirectoryListing(path: "/nowhere", stamp: DirectoryStamp(stat()), names: block, ranges: ranges)
      #expect(throws: CacheError.self, "\(names)") {
        try CacheFile(RegistryCache.encode([], listings: [broken]), origin: "test")
      }
    }
  }
}
