import CStagehandSystem
import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How a builder misbehaves only where the scan does not look: in contexts it never tries, on a later call, outside
/// the scanner, or from a thread of its own.
enum Misbehaviour: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case crashWhenLarge, crashRightToLeft, crashWithReducedMotion, crashAtScale2, crashOutsideScanner, hangWhenLarge
  case exitFromThread

  var testDescription: String { rawValue }

  /// The macro that makes the plugin misbehave so.
  var macro: String {
    switch self {
    case .crashWhenLarge: "CRASH_LARGE"
    case .crashRightToLeft: "CRASH_RTL"
    case .crashWithReducedMotion: "CRASH_REDUCED"
    case .crashAtScale2: "CRASH_SCALE2"
    case .crashOutsideScanner: "CRASH_OUTSIDE_SCANNER"
    case .hangWhenLarge: "HANG_LARGE"
    case .exitFromThread: "EXIT_IN_THREAD"
    }
  }

  /// The `preview` arguments that reach the misbehaviour (the style is `touchy`).
  var arguments: [String] {
    switch self {
    case .crashWhenLarge, .exitFromThread: ["--size", "4096x4096"]
    case .hangWhenLarge: ["--size", "4096x4096", "--build-timeout", "0.5"]  // the option wins over the environment
    case .crashRightToLeft: ["--layout-direction", "rtl"]
    case .crashWithReducedMotion: ["--reduce-motion"]
    case .crashAtScale2: ["--display-scale", "2"]
    case .crashOutsideScanner: []
    }
  }

  /// What the error must say of the cause.
  var cause: String {
    switch self {
    case .hangWhenLarge: "did not finish within 0.5 s"
    case .exitFromThread: "exited with status 0"
    case .crashOutsideScanner: "passes"  // it cannot tell a build from a scan: it never crashes
    default: "SIGSEGV"
    }
  }
}

/// No plugin code runs in the host: builders run in the registry's plugin process, so a builder that fails only where
/// the scan never looks costs one typed error naming the library, the style and the cause, and the host goes on.
@Suite("Builders run in the plugin process")
struct PluginProcessTests {
  /// A plugin with one style, `touchy`, whose builder misbehaves as a macro says, and works otherwise.
  static let source = #"""
    #define _GNU_SOURCE
    #include "stagehand_plugin.h"
    #include <pthread.h>
    #include <signal.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/prctl.h>
    #include <sys/resource.h>
    #include <unistd.h>
    static int calls;
    static void *exit_now(void *unused) { (void)unused; exit(0); }
    static void *chatter(void *unused) {
      (void)unused;
      for (;;) { fputs("garbage from a plugin thread\n", stdout); fflush(stdout); usleep(500); }
    }
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      calls++;
    #if defined(PROCESS_NAME)
      prctl(PR_SET_NAME, PROCESS_NAME); /* so that a test can see whether the process outlives the command */
    #endif
    #if defined(CRASH_LARGE)
      if (c->width > 2048) raise(SIGSEGV);
    #elif defined(CRASH_RTL)
      if (c->layout_direction == SH_LAYOUT_RIGHT_TO_LEFT) raise(SIGSEGV);
    #elif defined(CRASH_REDUCED)
      if (c->flags & SH_CONTEXT_REDUCE_MOTION) raise(SIGSEGV);
    #elif defined(CRASH_SCALE2)
      if (c->display_scale >= 2) raise(SIGSEGV);
    #elif defined(CRASH_NTH)
      if (calls == CRASH_NTH) raise(SIGSEGV);
    #elif defined(HANG_LARGE)
      if (c->width > 2048) for (volatile int spin = 1; spin;) {}
    #elif defined(CRASH_OUTSIDE_SCANNER)
      char exe[4096] = {0};
      ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
      if (length < 17 || strcmp(exe + length - 17, "stagehand-scanner") != 0) raise(SIGSEGV);
    #elif defined(EXIT_IN_THREAD)
      if (c->width > 2048) { pthread_t t; pthread_create(&t, 0, exit_now, 0); pthread_join(t, 0); }
    #elif defined(CHATTER)
      static int started;
      if (!started) { started = 1; pthread_t t; pthread_create(&t, 0, chatter, 0); }
    #elif defined(CHDIR)
      if (chdir("/") != 0) return SH_ERROR_FAILED;
    #elif defined(LOWER_FILES)
      struct rlimit few = {3, 3};
      setrlimit(RLIMIT_NOFILE, &few);
    #endif
      int32_t s = h->begin_step(b, 0.25, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "touchy",
      .summary = "Misbehaves where the scan does not look.", .default_duration = 0.25,
      .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.touchy", .version = "1.0.0", .name = "Touchy",
      .author = "Tests", .license = "MIT", .description = "For the plugin process tests.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """#

  /// A fresh plugin directory holding the touchy plugin built with `flags`, and the environment that uses it.
  static func setUp(_ label: String, flags: [String]) throws -> (
    root: URL, library: String, environment: [String: String]
  ) {
    let root = try CFixture.temporaryDirectory("process-\(label)")
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    let library = try CFixture.compile(source, into: plugins, name: "libtouchy.so", flags: flags + ["-pthread"])
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = plugins.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["STAGEHAND_BUILD_TIMEOUT"] = "1"
    return (root, library, environment)
  }

  @Test(
    "a builder that misbehaves only where the scan does not look fails one command, named",
    arguments: Misbehaviour.allCases)
  func misbehaviour(_ misbehaviour: Misbehaviour) throws {
    let name = "sh-tch-\(getpid() % 100_000)-\(Misbehaviour.allCases.firstIndex(of: misbehaviour)!)"
    let (root, library, environment) = try Self.setUp(
      misbehaviour.rawValue, flags: ["-D\(misbehaviour.macro)", "-DPROCESS_NAME=\"\(name)\""])
    defer { try? FileManager.default.removeItem(at: root) }
    let scanned = try runStagehand(["plugins", "--json"], environment: environment, timeLimit: 30)
    #expect(scanned.standardOutput.contains("\"ok\""), "the scan passes the library: \(scanned.standardOutput)")

    let preview = try runStagehand(
      ["preview", "touchy"] + misbehaviour.arguments, environment: environment, timeLimit: 30)
    #expect(!preview.timedOut)
    if misbehaviour == .crashOutsideScanner {
      #expect(preview.status == 0, "a plugin cannot tell a build from a scan: \(preview.standardError)")
    } else {
      #expect(preview.status == 1, "status \(preview.status): \(preview.standardError)")
      #expect(preview.standardError.contains(library), "the library is named: \(preview.standardError)")
      #expect(preview.standardError.contains("'touchy'"), "the style is named: \(preview.standardError)")
      #expect(
        preview.standardError.range(of: #"in a [0-9.]+x[0-9.]+ container\)"#, options: .regularExpression) != nil,
        "the container is named: \(preview.standardError)")
      // Under ThreadSanitizer, exit() from a second thread can hang in the sanitizer's runtime: then it is a timeout.
      let causes = [misbehaviour.cause] + (sh_system_sandbox_is_sanitized() == 1 ? ["did not finish within"] : [])
      #expect(causes.contains { preview.standardError.contains($0) }, "the cause is named: \(preview.standardError)")
      // Within the time limit (1 s) and a second, plus what a debug build takes to start.
      #expect(preview.seconds < 5, "it took \(preview.seconds) s")
    }
    #expect(processes(named: name).isEmpty, "a plugin process outlived the command")
    // The bundled styles still work, and the cache names nothing but the guilty library.
    let push = try runStagehand(["preview", "push", "--size", "40x20"], environment: environment, timeLimit: 30)
    #expect(push.status == 0, "\(push.standardError)")
    let plugins = try runStagehand(["plugins"], environment: environment, timeLimit: 30)
    let notOK = plugins.standardOutput.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("ok ") }
    #expect(notOK.isEmpty, "every library is still ok in the cache: \(notOK)")
  }

  /// A registry without a cache over the directory of `library` and the bundled plugins.
  static func registry(besides library: String) -> Registry {
    Registry(
      searchPath: PluginSearchPath(directories: [
        URL(fileURLWithPath: library).deletingLastPathComponent().path, BuiltProducts.directory.path,
      ]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
  }

  @Test("through the library: the twentieth build crashes, the application goes on, that context stays refused")
  func nthCallThroughTheLibrary() throws {
    let (root, library, _) = try Self.setUp("nth", flags: ["-DCRASH_NTH=20"])
    defer { try? FileManager.default.removeItem(at: root) }
    let registry = Self.registry(besides: library)
    let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    var failures: [(Int, RegistryError)] = []
    for call in 1...24 {
      do {
        _ = try registry.forward(Transition("touchy"), in: context)
      } catch {
        failures.append((call, error))
      }
    }
    #expect(failures.first?.0 == 20, "the twentieth build fails: \(failures.map(\.0))")
    guard case .pluginProcess(let file, let style, let reason, _, let again)? = failures.first?.1 else {
      Issue.record("expected a plugin process failure, got \(String(describing: failures.first))")
      return
    }
    #expect(file == library && style == "touchy" && reason == .signal(SIGSEGV) && !again)
    // The same context class is not tried again; another one (the inverse, right to left) is built.
    #expect(failures.dropFirst().allSatisfy { if case .pluginProcess(_, _, _, _, true) = $0.1 { true } else { false } })
    #expect(failures.count == 5)
    #expect(throws: Never.self) {
      try registry.forward(
        Transition("touchy"), in: TransitionContext(bounds: context.bounds, layoutDirection: .rightToLeft))
    }
    #expect(throws: Never.self) { try registry.forward(Transition("push"), in: context) }
  }

  @Test("a library whose DT_NEEDED dependency lies in a directory every user can write is refused, named")
  func untrustedDependency() throws {
    let root = try CFixture.temporaryDirectory("needy")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    let dependencies = root.appendingPathComponent("dependencies")
    for directory in [plugins, dependencies] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    try CFixture.compile("int touchy_helper(void) { return 1; }\n", into: dependencies, name: "libhelper.so")
    let needy = Self.source.replacingOccurrences(
      of: "static int calls;", with: "int touchy_helper(void);\nstatic int calls;"
    ).replacingOccurrences(of: "calls++;", with: "calls += touchy_helper();")
    let library = try CFixture.compile(
      needy, into: plugins, name: "libtouchy.so",
      flags: ["-L", dependencies.path, "-Wl,--no-as-needed", "-lhelper", "-Wl,-rpath,\(dependencies.path)"])
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = plugins.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["STAGEHAND_DIRECTORY_LISTINGS"] = "0"

    #expect(chmod(dependencies.path, 0o777) == 0)
    let refused = try runStagehand(["plugins"], environment: environment, timeLimit: 30)
    let line = refused.standardOutput.split(separator: "\n").first { $0.contains(library) } ?? ""
    #expect(line.hasPrefix("refused "), "\(refused.standardOutput)")
    #expect(
      line.contains("needs \(dependencies.path)/libhelper.so") && line.contains("writable by every user"), "\(line)")
    // The same plugin with its dependency's directory made safe (and the plugin scanned again) is ok.
    #expect(chmod(dependencies.path, 0o755) == 0)
    let rescanned = try runStagehand(["scan", "--force"], environment: environment, timeLimit: 30)
    #expect(rescanned.status == 0, "\(rescanned.standardError)")
    let preview = try runStagehand(["preview", "touchy", "--size", "40x20"], environment: environment, timeLimit: 30)
    #expect(preview.status == 0, "\(preview.standardError)")
  }

  @Test("a builder that lowers its process's limits harms no library built after it")
  func lowersLimits() throws {
    let (root, library, _) = try Self.setUp("limits", flags: ["-DLOWER_FILES"])
    defer { try? FileManager.default.removeItem(at: root) }
    let registry = Self.registry(besides: library)
    let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    #expect(throws: Never.self) { try registry.forward(Transition("touchy"), in: context) }
    for style in ["push", "flip", "cube", "iris"] {
      #expect(throws: Never.self, "\(style)") { try registry.forward(Transition(style), in: context) }
    }
  }

  @Test("a style of a library quarantined by its scan is reported with the library and why, not as unknown")
  func quarantinedStyle() throws {
    let (root, library, environment) = try Self.setUp("quarantined", flags: ["-DCRASH_NTH=1"])
    defer { try? FileManager.default.removeItem(at: root) }
    let preview = try runStagehand(["preview", "touchy"], environment: environment, timeLimit: 30)
    #expect(preview.status == 1, "\(preview.standardError)")
    #expect(preview.standardError.contains("no usable library provides 'touchy'"), "\(preview.standardError)")
    #expect(preview.standardError.contains("\(library): quarantined: crashed with signal 11 (SIGSEGV)"))
    // A name close to a usable one is still a typo, with its suggestion (exit 64).
    let typo = try runStagehand(["preview", "pusj"], environment: environment, timeLimit: 30)
    #expect(typo.status == 64 && typo.standardError.contains("did you mean 'push'"), "\(typo.standardError)")
  }

  @Test("the plugin process outlives the thread that started it, and ends with the registry")
  func outlivesItsThread() throws {
    let name = "sh-thr-\(getpid() % 100_000)"
    let (root, library, _) = try Self.setUp("thread", flags: ["-DPROCESS_NAME=\"\(name)\""])
    defer { try? FileManager.default.removeItem(at: root) }
    var registry: Registry? = Self.registry(besides: library)
    let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    final class Box: @unchecked Sendable { var registry: Registry? }
    let box = Box()
    box.registry = registry
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      _ = try? box.registry?.forward(Transition("touchy"), in: context)
      done.signal()
    }
    thread.start()
    done.wait()
    box.registry = nil
    usleep(300_000)  // the thread has ended; the process that thread started must still run
    let running = processStates(named: name)
    #expect(running.count == 1 && running.allSatisfy { $0 != "Z" }, "states: \(running)")
    #expect(throws: Never.self) { try registry?.forward(Transition("touchy"), in: context) }
    registry = nil  // ends its plugin process
    #expect(processStates(named: name).isEmpty, "the plugin process outlived its registry")
  }

  /// The states (`R`, `S`, `Z`...) of the processes named `name`, from `/proc/PID/stat`.
  func processStates(named name: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = pid_t(entry),
        let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
  }

  @Test("a plugin thread writing to standard output cannot reach the host's output")
  func chatter() throws {
    let (root, _, environment) = try Self.setUp("chatter", flags: ["-DCHATTER"])
    defer { try? FileManager.default.removeItem(at: root) }
    let rendered = try runStagehand(
      ["render", "touchy", "--size", "32x32", "--fps", "60", "--format", "y4m", "-o", "-"], environment: environment,
      timeLimit: 30)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    #expect(rendered.standardOutput.hasPrefix("YUV4MPEG2 "))
    #expect(!rendered.standardOutput.contains("garbage"), "the plugin's output reached the host's")
    #expect(!rendered.standardError.contains("garbage"), "the plugin's output reached the host's")
  }

  @Test("a builder that changes its working directory does not move the host's relative outputs")
  func changesDirectory() throws {
    let (root, _, environment) = try Self.setUp("chdir", flags: ["-DCHDIR"])
    defer { try? FileManager.default.removeItem(at: root) }
    let work = root.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let shell = try run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "cd \"$1\" && exec \"$0\" render touchy --size 32x32 -o out.webp", BuiltProducts.stagehand.path,
        work.path,
      ],
      environment: environment, timeLimit: 30)
    #expect(shell.status == 0, "\(shell.standardError)")
    #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out.webp").path))
    #expect(!FileManager.default.fileExists(atPath: "/out.webp"))
  }
}

/// An application that links the library needs no `stagehand-scanner`: its own executable is its plugin process.
@Suite("An application is its own plugin process")
struct HostedPluginProcessTests {
  @Test("an application that calls PluginProcessHosting.runIfAsked scans and builds with itself as plugin process")
  func hostedApplication() throws {
    let root = try CFixture.temporaryDirectory("hosted")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = cleanEnvironment
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["STAGEHAND_SCANNER"] = nil
    let application = BuiltProducts.directory.appendingPathComponent("StagehandHostedApp")
    let result = try run(application, [], environment: environment, timeLimit: 60)
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    #expect(
      result.standardOutput.contains("plugin process: \(application.path) --stagehand-plugin-process\n"),
      "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("problem:"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("push: "), "\(result.standardOutput)")
  }
}
