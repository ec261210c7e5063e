import Foundation
import StagehandTestSupport
import Testing

/// The "scan in progress" mark: a command that ends while it scans leaves a mark naming the libraries being scanned;
/// the next scan tries each of them alone, and a library being scanned alone when its command ends again is
/// quarantined without being loaded a third time.
@Suite("Scans a command did not live through")
struct ScanMarkTests {
  /// A library whose entry never returns, on a search path of its own before the (already scanned) bundled ones.
  struct Setup {
    let root: URL
    let library: String
    let environment: [String: String]
    var cacheDirectory: String { root.path + "/cache/stagehand" }

    init() throws {
      root = try CFixture.temporaryDirectory("scan-mark")
      let plugins = root.appendingPathComponent("plugins")
      try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
      library = try CFixture.compile(
        HostileSources.plugin, into: plugins, name: "libstuck.so", flags: ["-DHOSTILE_ENTRY_LOOP"])
      var environment = try environmentWithBundledScanned(cacheUnder: root, pluginPath: plugins.path)
      // Long enough that the scan is still under way when the test ends the command.
      environment["STAGEHAND_SCAN_TIMEOUT"] = "600"
      self.environment = environment
    }

    /// The marks in the cache directory, by file name, with their contents.
    func marks() -> [String: String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? []
      var marks: [String: String] = [:]
      for name in names where name.hasPrefix("registry.cache.scanning-") && !name.hasSuffix(".new") {
        guard let data = FileManager.default.contents(atPath: cacheDirectory + "/" + name) else { continue }
        marks[name] = String(decoding: data, as: UTF8.self)
      }
      return marks
    }

    /// Starts `stagehand list`, waits until its mark names the library, checks how, then kills it with SIGKILL.
    func listKilledDuringScan(alone: Bool) throws {
      let command = try InterruptTests.Running(["list"], environment: environment)
      let name = "registry.cache.scanning-\(command.pid)"
      let marked = command.wait { marks()[name]?.contains(library) == true }
      #expect(marked, "the command wrote its mark while scanning")
      let mark = marks()[name] ?? ""
      let lines = mark.split(separator: "\n", maxSplits: 2)
      #expect(lines.first == "stagehand-scan-mark 1", "\(mark)")
      #expect(lines.count == 3 && lines[1].hasSuffix(alone ? " 1" : " 0"), "scanned alone: \(alone); \(mark)")
      #expect(command.interrupt(with: SIGKILL) == 128 + SIGKILL)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  @Test("ended twice while scanning a library, once alone: it is quarantined, not loaded again, and 'scan' retries it")
  func endedTwice() throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.listKilledDuringScan(alone: false)
    #expect(setup.marks().count == 1, "the mark of the killed command is left")
    try setup.listKilledDuringScan(alone: true)
    #expect(setup.marks().count == 1, "the first mark was read and removed; the second is left")

    // The third command does not load the library (its scan would take the 600 s limit): it quarantines it at once.
    let plugins = try runStagehand(["plugins"], environment: setup.environment, timeLimit: 60)
    #expect(plugins.status == 0, "\(plugins.standardError)")
    let line = plugins.standardOutput.split(separator: "\n").first { $0.contains("libstuck.so") } ?? ""
    #expect(line.contains("quarantined"), "\(plugins.standardOutput)")
    #expect(
      plugins.standardOutput.contains(
        "was being scanned, alone, when the command scanning it ended (and once before with other libraries)"),
      "\(plugins.standardOutput)")
    #expect(setup.marks().isEmpty)
    let preview = try runStagehand(["preview", "push"], environment: setup.environment, timeLimit: 60)
    #expect(preview.status == 0, "the bundled styles work: \(preview.standardError)")

    // `stagehand scan` tries it again, as it does a library that ran out of time.
    let scan = try runStagehand(["scan", "--scan-timeout", "1"], environment: setup.environment, timeLimit: 60)
    let again = try runStagehand(["plugins"], environment: setup.environment, timeLimit: 60)
    #expect(
      again.standardOutput.contains("did not finish within 1 s"), "\(scan.standardError)\n\(again.standardOutput)")
    #expect(setup.marks().isEmpty)
  }

  @Test("a command that scans to the end removes its mark; a mark that is not one is removed by the next scan")
  func marksAreCleanedUp() throws {
    let setup = try Setup()
    defer { setup.remove() }
    try Data("not a mark".utf8).write(to: URL(fileURLWithPath: setup.cacheDirectory + "/registry.cache.scanning-1"))
    var environment = setup.environment
    environment["STAGEHAND_SCAN_TIMEOUT"] = "0.5"
    let list = try runStagehand(["list"], environment: environment, timeLimit: 60)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(setup.marks().isEmpty)
  }

  @Test("SIGTERM while 'scan' scans removes its mark and the mark's temporary file, and ends with the signal's status")
  func terminatedScanLeavesNoMark() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let command = try InterruptTests.Running(["scan"], environment: setup.environment)
    let name = "registry.cache.scanning-\(command.pid)"
    #expect(command.wait { setup.marks()[name]?.contains(setup.library) == true }, "the command wrote its mark")
    #expect(command.interrupt(with: SIGTERM) == 128 + SIGTERM)
    let left = (try? FileManager.default.contentsOfDirectory(atPath: setup.cacheDirectory)) ?? []
    #expect(!left.contains { $0.hasPrefix("registry.cache.scanning-") }, "\(left)")
  }
}
