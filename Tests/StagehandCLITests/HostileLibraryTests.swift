import Foundation
import StagehandTestSupport
import Testing

/// One way a library on the search path can misbehave, and what `stagehand plugins` must say of it.
enum Hostile: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case entrySegfault, entryAbort, entryLoop, entryExit
  case constructorCrash, constructorPrints, destructorCrash
  case truncated, empty
  case builderCrash, builderHang, builderExit, builderKeepsHandle
  case sameIDTwice, bundledID
  case groupWritable, worldWritableDirectory, symlinkIntoWorldWritable

  var testDescription: String { rawValue }

  /// The macro of `HostileSources.plugin` that makes the library misbehave, if it is made that way.
  var macro: String? {
    switch self {
    case .entrySegfault: "HOSTILE_ENTRY_SEGFAULT"
    case .entryAbort: "HOSTILE_ENTRY_ABORT"
    case .entryLoop: "HOSTILE_ENTRY_LOOP"
    case .entryExit: "HOSTILE_ENTRY_EXIT"
    case .constructorCrash: "HOSTILE_CONSTRUCTOR_CRASH"
    case .constructorPrints: "HOSTILE_CONSTRUCTOR_PRINTS"
    case .destructorCrash: "HOSTILE_DESTRUCTOR_CRASH"
    case .builderCrash: "HOSTILE_BUILDER_CRASH"
    case .builderHang: "HOSTILE_BUILDER_HANG"
    case .builderExit: "HOSTILE_BUILDER_EXIT"
    case .builderKeepsHandle: "HOSTILE_BUILDER_KEEPS_HANDLE"
    default: nil
    }
  }

  /// The statuses `stagehand plugins` may give the hostile library, and a part of the reason it must give.
  var expected: (statuses: Set<String>, reason: String) {
    switch self {
    case .entrySegfault, .constructorCrash, .builderCrash: (["quarantined"], "SIGSEGV")
    case .entryAbort: (["quarantined"], "SIGABRT")
    case .entryLoop, .builderHang: (["quarantined"], "did not finish within 1 s")
    case .entryExit, .builderExit: (["quarantined"], "exited with status 0")
    case .constructorPrints: (["ok"], "printed")
    case .destructorCrash, .builderKeepsHandle: (["ok"], "")
    // A truncated ELF file either makes dlopen fail or faults inside it (SIGBUS), depending on where it is cut.
    case .truncated: (["refused", "quarantined"], "")
    case .empty: (["refused"], "cannot be loaded")
    case .sameIDTwice, .bundledID: (["shadowed"], "shadowed by")
    case .groupWritable: (["untrusted"], "writable by its group")
    case .worldWritableDirectory, .symlinkIntoWorldWritable: (["untrusted"], "writable by every user")
    }
  }
}

/// The scan time limit the hostile tests give, in seconds.
let hostileTimeLimit = 1.0

/// A search path with one hostile library, a cache of its own, and the environment that points `stagehand` at them.
struct HostileSetup {
  let root: URL
  /// The path `stagehand plugins` reports the hostile library under.
  let reported: String
  let environment: [String: String]

  var cache: URL { root.appendingPathComponent("cache/stagehand/registry.cache") }

  init(_ hostile: Hostile) throws {
    root = try CFixture.temporaryDirectory("hostile-\(hostile.rawValue)")
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    var path = [plugins.path]
    var reported = plugins.appendingPathComponent("libhostile.so").path
    func compile(_ directory: URL, _ flags: [String] = []) throws -> String {
      try CFixture.compile(HostileSources.plugin, into: directory, name: "libhostile.so", flags: flags)
    }
    switch hostile {
    case .truncated:
      let full = try compile(plugins)
      let size = try FileManager.default.attributesOfItem(atPath: full)[.size] as! Int
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: full))
      try handle.truncate(atOffset: UInt64(size / 2))
      try handle.close()
    case .empty:
      _ = FileManager.default.createFile(atPath: reported, contents: Data())
    case .sameIDTwice:
      let later = root.appendingPathComponent("later")
      try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
      _ = try compile(plugins)
      reported = try compile(later)
      path.append(later.path)
    case .bundledID:
      _ = try compile(plugins, ["-DPLUGIN_ID=\"org.stagehand.push\"", "-DSTYLE_NAME=\"push\""])
      reported = BuiltProducts.directory.appendingPathComponent("libStagehandPush.so").path
    case .groupWritable:
      _ = try compile(plugins)
      try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: reported)
    case .worldWritableDirectory:
      _ = try compile(plugins)
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: plugins.path)
      reported = plugins.path
    case .symlinkIntoWorldWritable:
      let open = root.appendingPathComponent("open")
      try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
      let target = try compile(open)
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
      try FileManager.default.createSymbolicLink(atPath: reported, withDestinationPath: target)
    default:
      _ = try compile(plugins, hostile.macro.map { ["-D\($0)"] } ?? [])
    }
    self.reported = reported
    // The bundled libraries come already scanned, so each case scans its hostile library alone.
    let cache = root.appendingPathComponent("cache/stagehand")
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: try ScannedBundledCache.path(), toPath: cache.appendingPathComponent("registry.cache").path)
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = path.joined(separator: ":")
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["STAGEHAND_SCAN_TIMEOUT"] = String(hostileTimeLimit)
    // The second run must not write the cache again; a directory listing kept once it is 3 s old would (see
    // `environment(cacheUnder:)`).
    environment["STAGEHAND_DIRECTORY_LISTINGS"] = "0"
    self.environment = environment
  }

  /// Runs `stagehand` in this setup, killing it past the scan time limit plus a margin: one second, as the host
  /// promises, and more for a machine loaded by the other cases and suites that run beside it (with three seconds
  /// of margin, a loaded CI run was once killed at five seconds). A command that waits on a hanging library forever
  /// is still killed, and fails the test.
  func stagehand(_ arguments: [String]) throws -> ProcessResult {
    try runStagehand(arguments, environment: environment, timeLimit: hostileTimeLimit + 20)
  }

  func remove() {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path + "/plugins")
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path + "/open")
    try? FileManager.default.removeItem(at: root)
  }
}

/// A registry cache in which every bundled library is scanned already, made once per test process by `stagehand
/// scan` with the default time limit, and copied into each hostile case's cache: the cases then scan their hostile
/// library alone, and run side by side without a cold scan of the 16 bundled libraries each (the whole suite took
/// 88 s serialized with one cold scan per case; see `Benchmarks/README.md`).
enum ScannedBundledCache {
  /// The cache's path, or the reason it could not be made.
  private static let made: Result<String, ScanFailure> = {
    let home = BuiltProducts.cacheHome + "/bundled-scanned"
    var environment = cleanEnvironment
    environment["XDG_CACHE_HOME"] = home
    environment["STAGEHAND_DIRECTORY_LISTINGS"] = "0"
    do {
      let scan = try runStagehand(["scan"], environment: environment, timeLimit: 120)
      guard scan.status == 0 else { return .failure(ScanFailure(output: scan.standardError)) }
    } catch {
      return .failure(ScanFailure(output: "\(error)"))
    }
    return .success(home + "/stagehand/registry.cache")
  }()

  /// The path of the scanned cache; throws when `stagehand scan` failed.
  static func path() throws -> String { try made.get() }

  /// `stagehand scan` of the bundled libraries failed.
  struct ScanFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "stagehand scan of the bundled libraries failed: \(output)" }
  }
}

@Suite("A hostile library on the search path harms no command")
struct HostileLibraryTests {
  @Test(
    "list, list --json, info push and preview push work; plugins says why; the next run does not rescan it",
    arguments: Hostile.allCases)
  func hostileLibrary(_ hostile: Hostile) throws {
    let setup = try HostileSetup(hostile)
    defer { setup.remove() }

    let list = try setup.stagehand(["list"])
    #expect(!list.timedOut, "list waited past the time limit")
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains("\nflip "), "the bundled styles are listed")

    let json = try setup.stagehand(["list", "--json"])
    #expect(json.status == 0)
    let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    let styles = document?["styles"] as? [[String: Any]]
    #expect(styles?.contains { $0["name"] as? String == "flip" } == true, "list --json is valid JSON with flip")

    for command in [["info", "push"], ["preview", "push"]] {
      let result = try setup.stagehand(command)
      #expect(!result.timedOut)
      #expect(result.status == 0, "\(command): \(result.standardError)")
      #expect(!result.standardOutput.isEmpty)
    }

    let plugins = try setup.stagehand(["plugins", "--json"])
    #expect(plugins.status == 0)
    let pluginsDocument = try JSONSerialization.jsonObject(with: Data(plugins.standardOutput.utf8)) as? [String: Any]
    let libraries = pluginsDocument?["libraries"] as? [[String: Any]]
    let report = libraries?.first { $0["library"] as? String == setup.reported }
    let status = report?["status"] as? String ?? "missing"
    let reason = report?["reason"] as? String ?? ""
    #expect(hostile.expected.statuses.contains(status), "\(setup.reported): \(status): \(reason)")
    #expect(hostile.expected.reason.isEmpty || reason.contains(hostile.expected.reason), "\(reason)")

    // Nothing new to scan: the cache is not written again.
    let before = try FileManager.default.attributesOfItem(atPath: setup.cache.path)[.modificationDate] as? Date
    let again = try setup.stagehand(["list"])
    #expect(again.status == 0)
    let after = try FileManager.default.attributesOfItem(atPath: setup.cache.path)[.modificationDate] as? Date
    #expect(before != nil && before == after, "the second run scanned again")
  }

  @Test("a library whose id is the bundled push's overrides it, and info says so")
  func overridingABundledPlugin() throws {
    let setup = try HostileSetup(.bundledID)
    defer { setup.remove() }
    let info = try setup.stagehand(["info", "push"])
    #expect(info.status == 0)
    #expect(info.standardOutput.contains("library: \(setup.root.path)/plugins/libhostile.so"))
    #expect(info.standardOutput.contains("shadows: \(setup.reported)"))
  }

  @Test("two copies of one plugin id: the first wins, and its qualified name is not ambiguous")
  func sameIDTwice() throws {
    let setup = try HostileSetup(.sameIDTwice)
    defer { setup.remove() }
    let preview = try setup.stagehand(["preview", "org.example.hostile:wobble"])
    #expect(preview.status == 0, "\(preview.standardError)")
    let list = try setup.stagehand(["list"])
    #expect(list.standardOutput.components(separatedBy: "\nwobble ").count == 2, "listed once")
  }

  @Test("a destructor that crashes cannot change the exit status of a build that loaded its library")
  func destructorAfterABuild() throws {
    let setup = try HostileSetup(.destructorCrash)
    defer { setup.remove() }
    let preview = try setup.stagehand(["preview", "wobble"])
    #expect(preview.status == 0, "\(preview.standardError)")
    #expect(preview.standardOutput.hasPrefix("wobble (style, plugin org.example.hostile)"))
  }
}
