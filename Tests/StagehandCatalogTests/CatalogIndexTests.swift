import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

@Suite("Resolving from the cache's index, decoding only what a name needs")
struct CatalogIndexTests {
  static let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))

  /// Changes the version "1.0.0" of the first record whose path ends with `library` into "1.0.x" (the frame stays
  /// valid, the plugin description does not) and reseals the file.
  static func damageVersion(of library: String, in cache: String) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache)))
    let path = Array(library.utf8)
    let start = try #require(
      bytes.indices.first { bytes[$0...].starts(with: path) }, "no record of \(library) in the cache")
    let version = Array("1.0.0".utf8)
    let at = try #require(bytes.indices.first { $0 > start && bytes[$0...].starts(with: version) })
    bytes[at + 4] = UInt8(ascii: "x")
    reseal(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: cache))
  }

  @Test("the index reports the problems the whole catalog reports: the same conflicts and summary, in order")
  func problemsWithoutDecoding() throws {
    let sandbox = try CatalogSandbox("index-problems")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    try Data("not a library".utf8).write(to: sandbox.plugins.appendingPathComponent("libbroken.so"))
    _ = sandbox.registry().0.catalog()  // scans and writes the cache
    let (registry, scans) = sandbox.registry()
    let fromIndex = registry.problems
    let catalog = registry.catalog()
    #expect(scans.value == 0)
    #expect(fromIndex == catalog.problems)
    #expect(
      fromIndex.contains {
        $0.contains("'slide' plays org.example.alpha:slide") && $0.contains("name org.example.beta:slide in full")
      }, "\(fromIndex)")
    #expect(fromIndex.last == "1 library was refused; Registry.catalog().unusable says why")
  }

  @Test("a record damaged behind a valid frame: other names resolve without it; using it scans its library again")
  func damagedRecord() throws {
    let sandbox = try CatalogSandbox("index-damaged")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    _ = sandbox.registry().0.catalog()
    try Self.damageVersion(of: "libalpha.so", in: sandbox.cache)

    // Resolving a style of beta decodes beta's record only: nothing is noticed, nothing is scanned.
    let (lazy, lazyScans) = sandbox.registry()
    _ = try lazy.forward(Transition("org.example.beta:slide"), in: Self.context)
    #expect(lazy.problems.allSatisfy { !$0.contains("cannot be read") }, "\(lazy.problems)")
    #expect(lazyScans.value == 0)

    // Asking for alpha decodes its record, which fails: the catalog is built whole and alpha scanned again.
    let (registry, scans) = sandbox.registry()
    let alpha = try #require(registry.plugin(id: "org.example.alpha"))
    #expect(alpha.info.version == "1.0.0")
    #expect(scans.value == 1)
    let warnings = registry.catalog().warnings
    #expect(
      warnings.contains { $0.contains("libalpha.so cannot be read") && $0.contains("it was scanned again") },
      "\(warnings)")

    // The cache was written again, whole and valid.
    let read = RegistryCache(path: sandbox.cache).read()
    #expect(read.warning == nil && read.records.count == 2, "\(String(describing: read.warning))")
    let (again, againScans) = sandbox.registry()
    _ = try again.forward(Transition("org.example.alpha:slide"), in: Self.context)
    #expect(againScans.value == 0)
  }

  @Test("a name two plugins provide resolves to the first in search order; a qualified one resolves; unknown suggests")
  func resolvingFromTheIndex() throws {
    let sandbox = try CatalogSandbox("index-resolve")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    try sandbox.library("beta")
    _ = sandbox.registry().0.catalog()
    let (registry, _) = sandbox.registry()
    #expect(try registry.resolve("slide").entry.plugin.info.id == "org.example.alpha")
    #expect(registry.providers(of: "slide") == ["org.example.alpha:slide", "org.example.beta:slide"])
    #expect(try registry.resolve("org.example.beta:slide").entry.plugin.info.id == "org.example.beta")
    #expect {
      try registry.resolve("slid")
    } throws: { error in
      guard case RegistryError.unknownStyle(_, let suggestions, _, _) = error else { return false }
      return suggestions.contains("slide")
    }
    #expect(registry.plugin(id: "org.example.gamma") == nil)
  }
}
