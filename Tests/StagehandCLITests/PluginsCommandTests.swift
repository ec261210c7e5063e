import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandSystem
import StagehandTestSupport
import Testing

/// An environment with a registry cache of its own under `root`. Directory listings are off: the tests take a cache
/// that was not written again for "nothing was scanned", and a fresh directory's listing is kept, in a rewrite of
/// its own, once the directory is 3 s old (DirectoryListingTests cover listings).
func environment(cacheUnder root: URL, pluginPath: String? = nil) -> [String: String] {
  var environment = cleanEnvironment
  environment["STAGEHAND_DIRECTORY_LISTINGS"] = "0"
  environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
  if let pluginPath { environment["STAGEHAND_PLUGIN_PATH"] = pluginPath }
  return environment
}

/// The same, with a cache that starts as a copy of the one that knows the bundled libraries already, so that a
/// command scans only the libraries of `pluginPath`.
func environmentWithBundledScanned(cacheUnder root: URL, pluginPath: String) throws -> [String: String] {
  let cache = root.appendingPathComponent("cache/stagehand")
  try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
  try FileManager.default.copyItem(
    atPath: try ScannedBundledCache.path(), toPath: cache.appendingPathComponent("registry.cache").path)
  return environment(cacheUnder: root, pluginPath: pluginPath)
}

@Suite("stagehand plugins and scan, and the cache they keep")
struct PluginsCommandTests {
  @Test("plugins lists every bundled library as ok, with its id, version and path")
  func plugins() throws {
    let root = try CFixture.temporaryDirectory("plugins")
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try runStagehand(["plugins"], environment: environment(cacheUnder: root))
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.first?.hasPrefix("STATUS  PLUGIN") == true)
    #expect(
      lines.contains {
        $0.hasPrefix("ok ") && $0.contains("org.stagehand.flip") && $0.contains("1.0.0")
          && $0.contains("\(BuiltProducts.directory.path)/libStagehandFlip.so")
      })
  }

  @Test("scan fills the cache; scan --force scans everything again; --no-cache neither reads nor writes it")
  func scanAndNoCache() throws {
    let root = try CFixture.temporaryDirectory("scan")
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = environment(cacheUnder: root)
    let cache = root.appendingPathComponent("cache/stagehand/registry.cache").path
    let noCache = try runStagehand(["list", "--no-cache"], environment: environment)
    #expect(noCache.status == 0 && noCache.standardOutput.contains("push-from-left"))
    #expect(!FileManager.default.fileExists(atPath: cache))
    let scan = try runStagehand(["scan"], environment: environment)
    #expect(scan.status == 0)
    let bundled = bundledCatalog.plugins.count
    #expect(scan.standardOutput == "\(bundled) libraries: \(bundled) ok; cache \(cache)\n")
    let before = try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date
    _ = try runStagehand(["scan"], environment: environment)
    #expect(try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date == before)
    let forced = try runStagehand(["scan", "--force"], environment: environment)
    #expect(forced.status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date != before)
  }

  @Test("8 concurrent lists on an empty cache all succeed and leave a valid cache")
  func concurrentLists() throws {
    let root = try CFixture.temporaryDirectory("concurrent")
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = environment(cacheUnder: root)
    // Locked, not Mutex: ThreadSanitizer does not see a contended Mutex (Sources/StagehandAnimation/Locked.swift).
    let results = Locked<[ProcessResult]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      if let result = try? runStagehand(["list"], environment: environment) {
        results.withLock { $0.append(result) }
      }
    }
    let all = results.withLock { $0 }
    #expect(all.count == 8)
    for result in all {
      #expect(result.status == 0 && result.standardError == "", "\(result.standardError)")
      #expect(result.standardOutput.contains("push-from-left"))
    }
    let read = RegistryCache(path: root.appendingPathComponent("cache/stagehand/registry.cache").path).read()
    #expect(
      read.warning == nil && read.records.count == bundledCatalog.plugins.count, "\(String(describing: read.warning))")
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("cache/stagehand").path)
    #expect(leftovers == ["registry.cache"])
  }

  @Test("strings a plugin gives are printed with their control characters escaped")
  func controlCharacters() throws {
    let root = try CFixture.temporaryDirectory("escapes")
    defer { try? FileManager.default.removeItem(at: root) }
    let source = HostileSources.plugin.replacingOccurrences(
      of: "A style of the hostile corpus.", with: "Clears \\x1b[2J the screen\\r and rings\\a.")
    try CFixture.compile(source, into: root, name: "libescape.so")
    let environment = environment(cacheUnder: root, pluginPath: root.path)
    let info = try runStagehand(["info", "wobble"], environment: environment)
    #expect(info.status == 0)
    #expect(info.standardOutput.contains("style wobble: Clears \\e[2J the screen\\r and rings\\u{07}."))
    #expect(!info.standardOutput.contains("\u{1B}") && !info.standardOutput.contains("\r"))
  }

  @Test("an error quoting what was typed escapes its control characters once: a newline shows as \\n, not \\\\n")
  func errorEscapedOnce() throws {
    let result = try runStagehand(["info", "x\ny\u{1B}[2J"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("unknown style 'x\\ny\\e[2J'"), "\(result.standardError)")
    #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\\\\"))
  }

  @Test("the plugins table escapes control characters in file names and aligns its columns by characters")
  func oddFileNames() throws {
    let root = try CFixture.temporaryDirectory("odd-names")
    defer { try? FileManager.default.removeItem(at: root) }
    let plain = try CFixture.compile(HostileSources.plugin, into: root, name: "libplain.so")
    for name in ["lib\u{1B}[31mred.so", "libcafé.so"] {
      try FileManager.default.copyItem(atPath: plain, toPath: root.appendingPathComponent(name).path)
    }
    let result = try runStagehand(["plugins"], environment: environment(cacheUnder: root, pluginPath: root.path))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("\u{1B}"))
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let escaped = try #require(lines.first { $0.contains("lib\\e[31mred.so") }, "\(lines)")
    let accented = try #require(lines.first { $0.contains("libcafé.so") }, "\(lines)")
    // The REASON column starts at the same character in every row: after the path and the spaces that pad it.
    func reasonColumn(_ line: String, after marker: String) -> Int? {
      guard let marker = line.range(of: marker) else { return nil }
      let reason = line[marker.upperBound...].firstIndex { $0 != " " && $0 != "/" } ?? line.endIndex
      return line.distance(from: line.startIndex, to: reason)
    }
    let columns = [
      reasonColumn(lines[0], after: "LIBRARY"), reasonColumn(escaped, after: "red.so"),
      reasonColumn(accented, after: "café.so"),
    ]
    #expect(columns[0] != nil && Set(columns).count == 1, "\(lines)")
  }
}

@Suite("A style of a refused library is named as refused, not as unknown")
struct RefusedStyleTests {
  @Test(
    "info and preview of a refused library's style, or of its plugin id, name the library and why, and exit 1",
    arguments: [
      ["info", "slide"], ["preview", "slide"], ["info", "org.example.fixture"], ["info", "org.example.fixture:slide"],
    ])
  func refusedStyle(arguments: [String]) throws {
    let root = try CFixture.temporaryDirectory("refused-style")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    let library = plugins.appendingPathComponent("libout-of-range.so").path
    try FileManager.default.copyItem(atPath: try FixtureLibraries.path(.defaultOutOfRange), toPath: library)
    let result = try runStagehand(arguments, environment: environment(cacheUnder: root, pluginPath: plugins.path))
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardOutput == "")
    let reference = arguments[1]
    #expect(
      result.standardError.contains("stagehand: error: '\(reference)' is in \(library), which cannot be used: "),
      "\(result.standardError)")
    #expect(result.standardError.contains("'stagehand plugins' lists every library and why"))
    #expect(!result.standardError.contains("unknown style"))
  }

  @Test("a name no library holds is still an unknown style, exit 64, with the count of unusable libraries")
  func unknownBesideARefusedLibrary() throws {
    let root = try CFixture.temporaryDirectory("refused-unknown")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: try FixtureLibraries.path(.defaultOutOfRange),
      toPath: plugins.appendingPathComponent("libout-of-range.so").path)
    let result = try runStagehand(
      ["info", "wobble"], environment: environment(cacheUnder: root, pluginPath: plugins.path))
    #expect(result.status == 64)
    #expect(result.standardError.contains("unknown style 'wobble'"))
    #expect(result.standardError.contains("1 library could not be used"))
  }
}
