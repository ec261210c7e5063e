import Foundation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Libraries that harm the libraries scanned after them in the same scanner process, or that are slow or killed
/// through no fault of their own: the scanner blames only the guilty.
@Suite("The scanner blames only the guilty")
struct ScannerBlameTests {
  /// An honest plugin that can be made to harm its neighbours, or to be slow, with one macro.
  static let source = #"""
    #include "stagehand_plugin.h"
    #include <pthread.h>
    #include <signal.h>
    #include <time.h>
    #include <unistd.h>
    #ifndef PLUGIN_ID
    #define PLUGIN_ID "org.example.neighbour"
    #endif
    static void pause_ms(long ms) {
      struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
      while (nanosleep(&t, &t) != 0) {}
    }
    #if defined(CLOSE_OTHERS)
    /* Closes every descriptor but the answer pipe: the libraries after it in the batch can no longer be loaded. */
    __attribute__((constructor)) static void close_others(void) { for (int fd = 5; fd < 1024; fd++) close(fd); }
    #endif
    #if defined(DELAYED_CRASH)
    static void *crash_later(void *unused) { (void)unused; pause_ms(60); raise(SIGSEGV); return 0; }
    __attribute__((constructor)) static void start(void) {
      pthread_t thread;
      pthread_create(&thread, 0, crash_later, 0);
    }
    #endif
    #if defined(SLOW_MS)
    #include <sys/prctl.h>
    __attribute__((constructor)) static void slow(void) {
    #if defined(SLOW_NAME)
      prctl(PR_SET_NAME, SLOW_NAME); /* so that a test can find the process that scans it */
    #endif
      pause_ms(SLOW_MS);
    }
    #endif
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s = h->begin_step(b, 0.25, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "slide",
      .summary = "Slides.", .default_duration = 0.25, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = PLUGIN_ID, .version = "1.0.0", .name = "Neighbour",
      .author = "Tests", .license = "MIT", .description = "For the scanner's blame tests.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """#

  /// Compiles the source into `directory/name` with `flags`.
  static func library(_ name: String, in directory: URL, _ flags: [String] = []) throws -> String {
    try CFixture.compile(source, into: directory, name: name, flags: flags)
  }

  @Test("a constructor that closes the other libraries' descriptors: they are scanned again alone, and are ok")
  func descriptorCloser() throws {
    let directory = try CFixture.temporaryDirectory("blame-closer")
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = [
      try Self.library("libcloser.so", in: directory, ["-DCLOSE_OTHERS"]),
      try Self.library("libfirst.so", in: directory, ["-DPLUGIN_ID=\"org.example.first\""]),
      try Self.library("libsecond.so", in: directory, ["-DPLUGIN_ID=\"org.example.second\""]),
    ]
    // One child for all three, so that the closer runs first in the process that holds the others' descriptors.
    let outcomes = try scan(paths, parallelism: 1)
    for (path, outcome) in zip(paths, outcomes) {
      #expect(outcome.isUsable, "\(path): \(outcome)")
    }
  }

  @Test("a thread that crashes while the next library is scanned: the next one is cleared, the crasher quarantined")
  func delayedCrashInAThread() throws {
    let directory = try CFixture.temporaryDirectory("blame-thread")
    defer { try? FileManager.default.removeItem(at: directory) }
    let crasher = try Self.library("libcrasher.so", in: directory, ["-DDELAYED_CRASH"])
    // Slow enough to be scanning when the crasher's thread fires, 60 ms after the crasher was loaded.
    let innocent = try Self.library(
      "libinnocent.so", in: directory, ["-DSLOW_MS=400", "-DPLUGIN_ID=\"org.example.innocent\""])
    let outcomes = try scan([crasher, innocent], parallelism: 1)
    #expect(outcomes[0] == .quarantined(.signal(SIGSEGV)), "the crasher: \(outcomes[0])")
    #expect(outcomes[1].isUsable, "the innocent: \(outcomes[1])")
  }

  @Test("a scan killed from outside (SIGKILL, as the OOM killer sends) is tried again before it counts")
  func killedFromOutside() throws {
    let directory = try CFixture.temporaryDirectory("blame-killed")
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "sh-slow-\(getpid() % 100_000)"
    let slow = try Self.library("libslow.so", in: directory, ["-DSLOW_MS=3000", "-DSLOW_NAME=\"\(name)\""])
    // The scan runs on a thread of its own and the test polls with usleep, so that neither waits for a thread of the
    // cooperative pool, which other tests may keep busy.
    final class Outcomes: @unchecked Sendable { var value: [ScanOutcome]? }
    let outcomes = Outcomes()
    let done = DispatchSemaphore(value: 0)
    Thread {
      outcomes.value = try? scan([slow], timeout: 15, parallelism: 1)
      done.signal()
    }.start()
    // Kill the scanner child that holds the slow library, once, while it sleeps in the constructor.
    var killed = false
    let deadline = ContinuousClock.now + .seconds(20)
    while !killed && ContinuousClock.now < deadline {
      usleep(20_000)
      if let pid = scannerChild(named: name) { killed = kill(pid, SIGKILL) == 0 }
    }
    #expect(killed, "the scanner child was found and killed")
    done.wait()
    #expect(outcomes.value?.first?.isUsable == true, "\(String(describing: outcomes.value))")
  }

  @Test("a quarantine for a timeout stands for list, and is tried again by the next explicit scan")
  func timeoutRetriedByScan() throws {
    let directory = try CFixture.temporaryDirectory("blame-timeout")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plugins = directory.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    let slow = try Self.library("libslow.so", in: plugins, ["-DSLOW_MS=600"])
    let cache = directory.appendingPathComponent("registry.cache").path
    func registry(timeout: Double) -> Registry {
      Registry(
        searchPath: PluginSearchPath(directories: [plugins.path]),
        options: RegistryOptions(cachePath: cache, scanner: BuiltProducts.scanner.path, scanTimeout: timeout))
    }
    func status(_ catalog: Catalog) -> LibraryStatus? {
      catalog.libraries.first { $0.path == slow }?.status
    }
    // Too short a limit: the scan and its retry both run out of time.
    let hurried = registry(timeout: 0.2).catalog()
    #expect(status(hurried) == .quarantined(.timeout(seconds: 0.2)), "\(String(describing: status(hurried)))")
    // Reading the catalog again believes the cache; an explicit scan, with time enough, tries it again.
    #expect(status(registry(timeout: 5).catalog()) == .quarantined(.timeout(seconds: 0.2)))
    let scanned = registry(timeout: 5).scan()
    guard case .ok = status(scanned) else {
      Issue.record("scan did not try the timed-out library again: \(String(describing: status(scanned)))")
      return
    }
  }

  /// The process id of a scanner child of this process whose command line names `path`.
  /// The child of this process whose name (`/proc/PID/comm`) is `name`: the scanner child whose library renamed it.
  func scannerChild(named name: String) -> pid_t? {
    let me = getpid()
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
    for entry in entries {
      guard let pid = pid_t(entry),
        let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = status.lastIndex(of: ")"),
        let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
      else { continue }
      let fields = status[status.index(after: close)...].split(separator: " ")
      if fields.count > 2, pid_t(fields[1]) == me { return pid }
    }
    return nil
  }
}

extension ScanOutcome {
  /// Whether the scan found the library usable.
  var isUsable: Bool {
    if case .ok = self { return true }
    return false
  }
}
