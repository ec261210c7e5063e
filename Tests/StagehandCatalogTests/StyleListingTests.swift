import Foundation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

@Suite("What list shows, read from the cache's frames without decoding a description")
struct StyleListingTests {
  /// A style as the listing gives it, copied out of the frame's bytes.
  struct Listed: Equatable {
    var name: String
    var pluginID: String
    var defaultDuration: Double
    var parameters: String
    var presets: [[String]]
  }

  static func listed(_ registry: Registry) -> [Listed] {
    func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }
    var styles: [Listed] = []
    registry.forEachListedStyle { style in
      styles.append(
        Listed(
          name: text(style.name), pluginID: text(style.pluginID), defaultDuration: style.defaultDuration,
          parameters: text(style.parameters), presets: style.presets.map { [text($0.name), text($0.values)] }))
      #expect(style.presets.count == styles.last!.presets.count)
    }
    return styles
  }

  /// The same, from the decoded catalog.
  static func expected(_ catalog: Catalog) -> [Listed] {
    catalog.entries.map { entry in
      let style = entry.style
      return Listed(
        name: style.name, pluginID: entry.plugin.info.id, defaultDuration: style.defaultDuration,
        parameters: style.parameters.map { "\($0.symbol)=\($0.text(for: $0.defaultParameterValue))" }
          .joined(separator: " "),
        presets: style.presets.map { preset in
          [preset.name, preset.values.map { "\($0.parameter)=\($0.value)" }.joined(separator: " ")]
        })
    }
  }

  @Test("every bundled style and preset, in the catalog's order, with its plugin, duration, parameters and values")
  func bundled() throws {
    let listed = Self.listed(bundledRegistry)
    let expected = Self.expected(bundledRegistry.catalog())
    #expect(listed.count == expected.count)
    for (got, want) in zip(listed, expected) { #expect(got == want) }
    #expect(listed.contains { $0.name == "none" && $0.defaultDuration == 0 && $0.parameters.isEmpty })
    #expect(listed.contains { !$0.presets.isEmpty && $0.presets.allSatisfy { !$0[1].isEmpty } })
  }

  @Test("listing decodes no description, and a shadowed copy of a plugin is not listed")
  func framesOnly() throws {
    let sandbox = try CatalogSandbox("listing-frames")
    defer { sandbox.remove() }
    try sandbox.library("alpha")
    let other = sandbox.root.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: sandbox.plugins.appendingPathComponent("libalpha.so"), to: other.appendingPathComponent("libalpha.so"))
    let scanned = ScanCounter()
    func registry() -> Registry {
      Registry(
        searchPath: PluginSearchPath(directories: [sandbox.plugins.path, other.path]),
        options: RegistryOptions(
          cachePath: sandbox.cache, scanner: BuiltProducts.scanner.path,
          progress: { _, _ in scanned.count.withLock { $0 += 1 } }))
    }
    #expect(registry().catalog().libraries.map(\.status.name) == ["ok", "shadowed"])
    #expect(scanned.value == 2)
    // Damage both descriptions behind valid frames: listing does not notice, decoding would.
    try CatalogIndexTests.damageVersion(of: "plugins/libalpha.so", in: sandbox.cache)
    try CatalogIndexTests.damageVersion(of: "other/libalpha.so", in: sandbox.cache)
    let alpha = Listed(name: "slide", pluginID: "org.example.alpha", defaultDuration: 0.25, parameters: "", presets: [])
    #expect(Self.listed(registry()) == [alpha])
    #expect(scanned.value == 2)
  }

  /// A sandbox whose cache holds alpha (style `slide`, 0.25 s), with the duration in alpha's listing set to
  /// `duration` and the file resealed.
  static func sandbox(_ label: String, listingDuration duration: Double) throws -> CatalogSandbox {
    let sandbox = try CatalogSandbox(label)
    try sandbox.library("alpha")
    _ = sandbox.registry().0.catalog()
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.cache)))
    let path = Array("libalpha.so".utf8)
    let start = try #require(bytes.indices.first { bytes[$0...].starts(with: path) }, "no record of libalpha.so")
    let quarter = withUnsafeBytes(of: 0.25.bitPattern.littleEndian, Array.init)
    let at = try #require(bytes.indices.first { $0 > start && bytes[$0...].starts(with: quarter) })
    withUnsafeBytes(of: duration.bitPattern.littleEndian) { bytes.replaceSubrange(at..<at + 8, with: $0) }
    reseal(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: sandbox.cache))
    return sandbox
  }

  @Test("a listing that breaks its structure makes the file corrupt: ignored with one warning, rebuilt")
  func brokenStructure() throws {
    let sandbox = try Self.sandbox("listing-structure", listingDuration: -1)
    defer { sandbox.remove() }

    let read = RegistryCache(path: sandbox.cache).read()
    #expect(read.records.isEmpty)
    #expect(read.warning?.contains("the listing of") == true, "\(String(describing: read.warning))")
    let (registry, scans) = sandbox.registry()
    #expect(Self.listed(registry).map(\.defaultDuration) == [0.25])
    #expect(scans.value == 1)
  }

  @Test("a listing that its description does not give: decoding the record fails, and the library is scanned again")
  func otherListing() throws {
    let sandbox = try Self.sandbox("listing-other", listingDuration: 0.5)
    defer { sandbox.remove() }

    let (registry, scans) = sandbox.registry()
    #expect(Self.listed(registry).map(\.defaultDuration) == [0.5])  // the frame is read as it is
    #expect(scans.value == 0)
    let alpha = try #require(registry.plugin(id: "org.example.alpha"))  // decoding finds the difference
    #expect(alpha.info.styles[0].defaultDuration == 0.25)
    #expect(scans.value == 1)
    #expect(
      registry.catalog().warnings.contains { $0.contains("the listing of the record of") },
      "\(registry.catalog().warnings)")
    #expect(Self.listed(registry).map(\.defaultDuration) == [0.25])
  }
}
