import CStagehandSystem
import Foundation
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a library's code tries from inside the scanner's sandbox, and what must come of it.
enum Escape: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case killParent, stopParent, signalGroup, forkOrphan, bigMapping, writeFile, openSocket, otherWays

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
    case .otherWays: "OTHER_WAYS"
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
    #include <errno.h>
    #include <stdio.h>
    #include <string.h>
    #include <sys/ioctl.h>
    #include <sys/resource.h>
    #include <sys/socket.h>
    #include <sys/syscall.h>
    #include <time.h>
    #include <unistd.h>
    /* The calls of other ways out that the sandbox said exist (each made with arguments that do nothing where it is
     * allowed: a null or missing argument), named in the style's summary; the style is "escape" when there are none. */
    static char found[512];
    static void expect_absent(const char *name, long result) {
      if (result == -1 && errno == ENOSYS) return;
      size_t n = strlen(found);
      snprintf(found + n, sizeof found - n, "%s%s", n ? ", " : "", name);
    }
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
      int fd = open(WRITTEN_PATH, O_WRONLY | O_CREAT, 0644);
      if (fd >= 0) close(fd);
    #elif defined(OPEN_SOCKET)
      int s = socket(AF_INET, SOCK_STREAM, 0);
      if (s >= 0) { int fd = open(SOCKET_MARK, O_WRONLY | O_CREAT, 0644); if (fd >= 0) close(fd); }
    #elif defined(OTHER_WAYS)
      expect_absent("io_uring_setup", syscall(SYS_io_uring_setup, 0, 0));
      expect_absent("open_by_handle_at", syscall(SYS_open_by_handle_at, -1, 0, O_WRONLY));
      expect_absent("setxattr", syscall(SYS_setxattr, "/nonexistent/sh", "user.x", "1", 1, 0));
      expect_absent("utimensat", syscall(SYS_utimensat, AT_FDCWD, "/nonexistent/sh", 0, 0));
      expect_absent("mount", syscall(SYS_mount, "none", "/nonexistent/sh", "tmpfs", 0, 0));
      expect_absent("chroot", syscall(SYS_chroot, "/nonexistent/sh"));
      expect_absent("unshare", syscall(SYS_unshare, -1));
      expect_absent("keyctl", syscall(SYS_keyctl, -1, 0, 0, 0, 0));
      expect_absent("bpf", syscall(SYS_bpf, -1, 0, 0));
      expect_absent("fanotify_init", syscall(SYS_fanotify_init, -1, 0));
      /* Calls newer than the C library's headers (Linux 6.6 to 6.17), by number. */
      expect_absent("fchmodat2", syscall(452, AT_FDCWD, "/nonexistent/sh", 0644, 0));
      expect_absent("setxattrat", syscall(463, AT_FDCWD, "/nonexistent/sh", 0, "user.x", 0, 0));
      expect_absent("removexattrat", syscall(466, AT_FDCWD, "/nonexistent/sh", 0, "user.x"));
      expect_absent("open_tree_attr", syscall(467, -1, 0, 0, 0, 0));
      expect_absent("file_setattr", syscall(469, AT_FDCWD, "/nonexistent/sh", 0, 0, 0));
      expect_absent("shmat", syscall(SYS_shmat, -1, 0, 0));
      expect_absent("msgsnd", syscall(SYS_msgsnd, -1, 0, 0, 0));
      expect_absent("mq_open", syscall(SYS_mq_open, 0, 0, 0, 0));
      if (!(setpriority(PRIO_PROCESS, 0, 0) == -1 && errno == EPERM)) expect_absent("setpriority", 0);
      char c = ' ';
      if (!(ioctl(-1, TIOCSTI, &c) == -1 && errno == EPERM)) expect_absent("ioctl TIOCSTI", 0);
    #endif
    }
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s = h->begin_step(b, 0.25, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "escape",
      .summary = "Tries to escape.", .default_duration = 0.25, .builder = (sh_function)build }};
    static sh_style escaped[] = {{ .struct_size = sizeof(sh_style), .name = "escaped",
      .summary = found, .default_duration = 0.25, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.escape", .version = "1.0.0", .name = "Escape",
      .author = "Tests", .license = "MIT", .description = "For the sandbox tests.", .style_count = 1,
      .styles = styles };
    static sh_plugin told;
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
      if (found[0]) { told = plugin; told.styles = escaped; return &told; }
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
        "-D\(escape.macro)", "-DORPHAN_NAME=\"\(orphanName)\"", "-DWRITTEN_PATH=\"\(written)\"",
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
    case .otherWays:
      if list.standardOutput.contains("\nescaped ") {
        let info = try runStagehand(["info", "escaped"], environment: environment, timeLimit: 30)
        Issue.record("calls the sandbox let through (in the summary): \(info.standardOutput)")
      }
      #expect(list.standardOutput.contains("\nescape "), "the library was scanned and listed")
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

/// A library is hashed by the host at every scan and load: a file past the limit is never read.
@Suite("Libraries too large to hash")
struct HugeLibraryTests {
  @Test("a library past 256 MiB (a sparse file) is not scanned, saying its size and what to do; the others work")
  func hugeLibrary() throws {
    let root = try CFixture.temporaryDirectory("sandbox-huge")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    let library = plugins.appendingPathComponent("libhuge.so").path
    #expect(FileManager.default.createFile(atPath: library, contents: Data("not read".utf8)))
    #expect(truncate(library, 257 << 20) == 0)
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = plugins.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    let reports = try runStagehand(["plugins", "--json"], environment: environment, timeLimit: 60)
    #expect(reports.status == 0, "\(reports.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(reports.standardOutput.utf8)) as? [String: Any]
    let report = (document?["libraries"] as? [[String: Any]])?.first { $0["library"] as? String == library }
    #expect(report?["status"] as? String == "not-scanned", "\(String(describing: report))")
    let reason = report?["reason"] as? String ?? ""
    #expect(
      reason.contains("is \(257 << 20) bytes, more than the 256 MiB a plugin library may be (it was not read)")
        && reason.contains("remove it from the plugin directory"), "\(reason)")
    let list = try runStagehand(["list"], environment: environment, timeLimit: 60)
    #expect(list.status == 0 && list.standardOutput.contains("\nflip "), "\(list.standardError)")
  }
}
