import Foundation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Scans `paths` with the built scanner, each library opened here as the registry opens it.
func scan(_ paths: [String], timeout: Double = 5, parallelism: Int = 2) throws -> [ScanOutcome] {
  let descriptors = paths.map { open($0, O_RDONLY | O_CLOEXEC) }
  defer { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }
  let scanner = PluginScanner(executable: BuiltProducts.scanner.path, timeout: timeout, parallelism: parallelism)
  return try scanner.scan(zip(paths, descriptors).map { ScanRequest(path: $0, descriptor: $1) })
}

/// A library of the hostile corpus of this suite, compiled into `directory` with one `-D` macro.
func hostileLibrary(_ macro: String?, in directory: URL, name: String) throws -> String {
  try CFixture.compile(
    ScannerTests.source, into: directory, name: name, flags: macro.map { ["-D\($0)"] } ?? [])
}

@Suite("The isolated scanner")
struct ScannerTests {
  /// A valid plugin that misbehaves at load when one of its macros is defined.
  static let source = #"""
    #include "stagehand_plugin.h"
    #include <signal.h>
    #include <unistd.h>
    #if defined(GARBAGE)
    __attribute__((constructor)) static void garbage(void) { (void)write(3, "\xff\xff\xff\x7fnot an answer", 17); }
    #endif
    #if defined(FOREIGN_BUILDER)
    #include <stdlib.h>
    #endif
    #if defined(CLOSE_PIPE_AND_SPIN)
    __attribute__((constructor)) static void spin(void) { close(3); for (volatile int s = 1; s;) {} }
    #endif
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s = h->begin_step(b, 0.25, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "slide",
      .summary = "Slides.", .default_duration = 0.25,
    #if defined(FOREIGN_BUILDER)
      .builder = (sh_function)abort }};
    #else
      .builder = (sh_function)build }};
    #endif
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.scanned", .version = "1.0.0", .name = "Scanned",
      .author = "Tests", .license = "MIT", .description = "For the scanner tests.", .style_count = 1,
      .styles = styles };
    #if !defined(NO_ENTRY)
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
    #if defined(CRASH)
      raise(SIGSEGV);
    #endif
      return &plugin;
    }
    #endif
    """#

  @Test(
    "every fixture gives, through the scanner, what it gives when loaded in-process: its info or its typed error",
    arguments: Fixture.allCases.filter { !$0.rawValue.hasPrefix("BUILD_") })
  func fixtures(_ fixture: Fixture) throws {
    let path = try FixtureLibraries.path(fixture)
    let expected: ScanOutcome
    do {
      expected = .ok(try LoadedPlugin.load(path).info, notes: [])
    } catch {
      expected = .refused(error)
    }
    #expect(try scan([path]) == [expected])
  }

  @Test(
    "a fixture that loads but fails to build is refused by the scan, with the build's typed error",
    arguments: Fixture.allCases.filter { $0.rawValue.hasPrefix("BUILD_") })
  func buildFailures(_ fixture: Fixture) throws {
    let outcomes = try scan([try FixtureLibraries.path(fixture)])
    guard case .refused(let error) = outcomes.first, case .buildFailed = error.reason else {
      Issue.record("\(fixture): \(outcomes)")
      return
    }
    #expect(error.style == "slide")
  }

  @Test("a text file named like a library is refused with the loader's message, naming the file")
  func notELF() throws {
    let path = try FixtureLibraries.notELF()
    let outcomes = try scan([path])
    guard case .refused(let error) = outcomes.first, case .cannotOpen(let message) = error.reason else {
      Issue.record("\(outcomes)")
      return
    }
    #expect(error.file == path)
    #expect(!message.contains("/proc/self/fd"), "\(message)")
  }

  @Test("when a child dies, the library it scanned is quarantined and the rest of its batch is scanned again")
  func batchSurvivesACrash() throws {
    let directory = try CFixture.temporaryDirectory("batch")
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try hostileLibrary(nil, in: directory, name: "libgood.so")
    let crash = try hostileLibrary("CRASH", in: directory, name: "libcrash.so")
    let garbage = try hostileLibrary("GARBAGE", in: directory, name: "libgarbage.so")
    let outcomes = try scan([good, crash, good, garbage, good], parallelism: 1)
    #expect(outcomes.count == 5)
    for index in [0, 2, 4] {
      guard case .ok(let info, _) = outcomes[index] else {
        Issue.record("library \(index): \(outcomes[index])")
        continue
      }
      #expect(info.id == "org.example.scanned")
    }
    #expect(outcomes[1] == .quarantined(.signal(SIGSEGV)))
    guard case .quarantined(.garbage) = outcomes[3] else {
      Issue.record("garbage on the pipe: \(outcomes[3])")
      return
    }
  }

  @Test("a library that closes the answer pipe and spins is killed at the time limit")
  func closedPipe() throws {
    let directory = try CFixture.temporaryDirectory("spin")
    defer { try? FileManager.default.removeItem(at: directory) }
    let spin = try hostileLibrary("CLOSE_PIPE_AND_SPIN", in: directory, name: "libspin.so")
    let outcomes = try scan([spin], timeout: 0.5)
    #expect(outcomes == [.quarantined(.timeout(seconds: 0.5))])
  }

  @Test("a scanner that cannot start, or exits before scanning, is a ScannerError, not a quarantine")
  func brokenScanner() throws {
    let path = try FixtureLibraries.path(.valid)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    defer { close(descriptor) }
    let request = [ScanRequest(path: path, descriptor: descriptor)]
    #expect(throws: ScannerError.self) {
      try PluginScanner(executable: "/nonexistent/stagehand-scanner").scan(request)
    }
    #expect {
      try PluginScanner(executable: "/bin/true").scan(request)
    } throws: { error in
      "\(error)".contains("before it scanned anything")
    }
  }

  @Test("a builder that points outside the library (here into libc) is refused before it is ever called")
  func foreignBuilder() throws {
    let directory = try CFixture.temporaryDirectory("foreign")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try hostileLibrary("FOREIGN_BUILDER", in: directory, name: "libforeign.so")
    let outcomes = try scan([path])
    guard case .refused(let error) = outcomes.first, case .pointsOutsideLibrary("builder") = error.reason else {
      Issue.record("\(outcomes)")
      return
    }
    #expect(error.style == "slide" && "\(error)".contains("points outside the library"))
  }

  @Test("an entry that the library does not define itself (found in a dependency) is refused")
  func entryInADependency() throws {
    let directory = try CFixture.temporaryDirectory("dependency")
    defer { try? FileManager.default.removeItem(at: directory) }
    try CFixture.compile(ScannerTests.source, into: directory, name: "libentry.so")
    let path = try CFixture.compile(
      "int unrelated(void) { return 0; }", into: directory, name: "libwrapper.so",
      flags: ["-L\(directory.path)", "-Wl,-rpath,\(directory.path)", "-Wl,--no-as-needed", "-lentry"])
    let outcomes = try scan([path])
    guard case .refused(let error) = outcomes.first, case .pointsOutsideLibrary = error.reason else {
      Issue.record("\(outcomes)")
      return
    }
    #expect("\(error)".contains("the entry stagehand_plugin_v1 points outside the library"))
  }

  @Test("a library built for another machine is refused with the architectures named, not 'No such file'")
  func foreignArchitecture() throws {
    let directory = try CFixture.temporaryDirectory("arch")
    defer { try? FileManager.default.removeItem(at: directory) }
    var bytes = try Data(contentsOf: URL(fileURLWithPath: try FixtureLibraries.path(.valid)))
    #if arch(x86_64)
      let (foreign, foreignName, hostName): (UInt8, String, String) = (183, "aarch64", "x86_64")
    #else
      let (foreign, foreignName, hostName): (UInt8, String, String) = (62, "x86_64", "aarch64")
    #endif
    bytes[18] = foreign  // e_machine, little-endian
    bytes[19] = 0
    let path = directory.appendingPathComponent("libarm.so").path
    try bytes.write(to: URL(fileURLWithPath: path))
    let outcomes = try scan([path])
    guard case .refused(let error) = outcomes.first, case .cannotOpen(let message) = error.reason else {
      Issue.record("\(outcomes)")
      return
    }
    #expect(message == "it was built for \(foreignName), but this host runs on \(hostName); rebuild it for \(hostName)")
    #expect(throws: error) { try LoadedPlugin.load(path) }
  }
}
