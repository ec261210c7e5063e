import StagehandCatalog
import StagehandTestSupport
import Testing

/// What the registry checks when it loads a library for a build: the file must be the one its scan recorded.
@Suite("Loading checks the file against its scan")
struct LoadCheckTests {
  @Test("a library whose SHA-256 differs from the scan's is refused at load, with both hashes, allow-list or not")
  func hashCheckedOnEveryLoad() throws {
    let catalog = bundledRegistry.catalog()
    let push = try #require(catalog.entries.first { $0.style.name == "push" })
    var changed = push.plugin
    let wrong = try LibraryDigest.hashing(Array("not the library".utf8))
    changed.sha256 = wrong
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
    let error = #expect(throws: RegistryError.self) { try registry.prepare(changed) }
    guard case .libraryChanged(let file, let why) = error else {
      Issue.record("expected libraryChanged, got \(String(describing: error))")
      return
    }
    #expect(file == push.plugin.file)
    #expect(why.contains(wrong.hex) && why.contains(push.plugin.sha256.hex), "\(why)")
    // The same library with the hash its scan recorded loads.
    #expect(throws: Never.self) { try registry.prepare(push.plugin) }
  }

  @Test("a library whose change time differs from the scan's is refused at load")
  func changeTimeIsPartOfTheIdentity() throws {
    let catalog = bundledRegistry.catalog()
    let push = try #require(catalog.entries.first { $0.style.name == "push" })
    var changed = push.plugin
    changed.identity.changeNanoseconds = (changed.identity.changeNanoseconds + 1) % 1_000_000_000
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
    let error = #expect(throws: RegistryError.self) { try registry.prepare(changed) }
    guard case .libraryChanged(_, let why) = error else {
      Issue.record("expected libraryChanged, got \(String(describing: error))")
      return
    }
    #expect(why.contains("not the one that was scanned"), "\(why)")
  }
}
