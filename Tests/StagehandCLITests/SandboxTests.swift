import CStagehandSystem
import Foundation
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a library's code tries from inside the scanner's sandbox, and what must come of it.
enum Escape: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case killParent, stopParent, signalGroup, forkOrphan, bigMapping, writeFile, openSocket

  var testDescription: String { rawValue }

  /// The macro that makes the library try it.
  var macro: String {
    switch self {
    case .killParent: "KILL_PARENT"
    case .stopParent: "STOP_PARENT"
    case .signalGroup: "SIGNAL_GROUP"
    case .forkOrphan: "FORK_ORPHAN"
    case .bigMapping: "BIG_MAPPING"
    case .writeFile: "WRITE_FILE"
    case .openSocket: "OPEN_SOCKET"
    }
  }

  /// The statuses `stagehand plugins` may give the library: the attempt fails and the library goes on (ok). A
  /// signal to its process group reaches only its own process: quarantined by SIGTERM, or ok where the process that
  /// started the command had SIGTERM ignored or blocked (as the test runner does), which its children inherit.
  var statuses: Set<String> {
    switch self {
    // Under a sanitizer the address space is not limited (its runtime reserves terabytes), so the mapping succeeds.
    case .bigMapping: sh_system_sandbox_is_sanitized() == 1 ? ["ok"] : ["refused"]
    case .signalGroup: ["quarantined", "ok"]
    default: ["ok"]
    }
  }
}

/// Plugin code runs only in a sandboxed child: it cannot signal the host or the user's shell, start processes that
/// outlive the scan, map gigabytes, write files or open sockets.
@Suite("The scanner's sandbox")
struct SandboxTests {
  /// A plugin that tries one escape in its constructor (or its entry, for the mapping), then works.
  static let source = #"""
    #define _GNU_SOURCE
    #include "stagehand_plugin.h"
    #include <fcntl.h>
    #include <signal.h>
    #include <sys/mman.h>
    #include <sys/prctl.h>
    #include <sys/socket.h>
    #include <time.h>
    #include <unistd.h>
    __attribute__((constructor)) static void escape(void) {
    #if defined(KILL_PARENT)
      kill(getppid(), SIGKILL);
    #elif defined(STOP_PARENT)
      kill(getppid(), SIGSTOP);
    #elif defined(SIGNAL_GROUP)
      kill(0, SIGTERM);
    #elif defined(FORK_ORPHAN)
      if (fork() == 0) {
        prctl(PR_SET_NAME, ORPHAN_NAME);
        setsid();
        struct timespec t = { 20, 0 };
        nanosleep(&t, 0);
        _exit(0);
      }
    #elif defined(WRITE_FILE)
      int fd = open(WRITE_FILE, O_WRONLY | O_CREAT, 0644);
      if (fd >= 0) close(fd);
    #elif defined(OPEN_SOCKET)
      int s = socket(AF_INET, SOCK_STREAM, 0);
      if (s >= 0) { int fd = open(SOCKET_MARK, O_WRONLY | O_CREAT, 0644); if (fd >= 0) close(fd); }
    #endif
    }
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s = h->begin_step(b, 0.25, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "escape",
      .summary = "Tries to escape.", .default_duration = 0.25, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.escape", .version = "1.0.0", .name = "Escape",
      .author = "Tests", .license = "MIT", .description = "For the sandbox tests.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
    #if defined(BIG_MAPPING)
      void *p = mmap(0, 3UL << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED) return 0;
    #endif
      return &plugin;
    }
    """#

  @Test("an escape attempt harms no command and only its own library", arguments: Escape.allCases)
  func escapeAttempt(_ escape: Escape) throws {
    let root = try CFixture.temporaryDirectory("sandbox-\(escape.rawValue)")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    let orphanName = "sh-orph-\(getpid() % 10000)"
    let written = root.appendingPathComponent("written").path
    let socketMark = root.appendingPathComponent("socket-opened").path
    let library = try CFixture.compile(
      Self.source, into: plugins, name: "libescape.so",
      flags: [
        "-D\(escape.macro)", "-DORPHAN_NAME=\"\(orphanName)\"", "-DWRITE_FILE=\"\(written)\"",
        "-DSOCKET_MARK=\"\(socketMark)\"",
      ])
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = plugins.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path

    let list = try runStagehand(["list"], environment: environment, timeLimit: 30)
    #expect(!list.timedOut, "list was stopped or hung")
    #expect(list.status == 0, "list: status \(list.status): \(list.standardError)")
    #expect(list.standardOutput.contains("\nflip "), "the bundled styles are listed")

    let reports = try runStagehand(["plugins", "--json"], environment: environment, timeLimit: 30)
    #expect(reports.status == 0, "\(reports.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(reports.standardOutput.utf8)) as? [String: Any]
    let libraries = document?["libraries"] as? [[String: Any]]
    let report = libraries?.first { $0["library"] as? String == library }
    #expect(escape.statuses.contains(report?["status"] as? String ?? "missing"), "\(String(describing: report))")

    switch escape {
    case .signalGroup:
      // In a shell of its own process group, as a pipeline is: the shell must outlive the command.
      let shell = try run(
        URL(fileURLWithPath: "/usr/bin/setsid"),
        [
          "-w", "/bin/sh", "-c", "\"$0\" scan --force >/dev/null 2>&1; echo \"survived $?\"",
          BuiltProducts.stagehand.path,
        ],
        environment: environment, timeLimit: 30)
      #expect(shell.standardOutput == "survived 0\n", "the shell's process group was signalled: \(shell)")
    case .forkOrphan:
      #expect(processes(named: orphanName).isEmpty, "a process the library forked outlived the command")
    case .writeFile:
      #expect(!FileManager.default.fileExists(atPath: written), "the library created a file")
    case .openSocket:
      #expect(!FileManager.default.fileExists(atPath: socketMark), "the library opened a socket")
    default:
      break
    }
  }
}

/// The process ids whose name (`/proc/PID/comm`) is `name`; any found are killed, so that none outlives the test.
func processes(named name: String) -> [pid_t] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  let found = entries.compactMap { entry -> pid_t? in
    guard let pid = pid_t(entry),
      let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
      comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
    else { return nil }
    return pid
  }
  for pid in found { kill(pid, SIGKILL) }
  return found
}
