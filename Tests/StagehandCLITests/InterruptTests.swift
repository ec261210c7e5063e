import Foundation
import StagehandTestSupport
import Testing

/// SIGINT, SIGTERM and SIGHUP in the middle of a command that writes files: the command removes every temporary file
/// it made, dies of the signal (130, 143 or 129 in a shell) and leaves the registry cache valid.
@Suite("Interrupted commands")
struct InterruptTests {
  /// A running `stagehand`, its output thrown away, started as a shell starts it: no signal blocked, every signal's
  /// default action (Foundation's `Process` starts its children with most signals blocked).
  final class Running {
    let pid: pid_t

    init(_ arguments: [String], environment: [String: String]) throws {
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      var all = sigset_t()
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for descriptor in Int32(0)...2 {
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
      }
      let path = BuiltProducts.stagehand.path
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for pointer in argv + envp { free(pointer) } }
      var pid = pid_t()
      let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
      guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
      self.pid = pid
    }

    /// Whether the command still runs (it is not reaped until `interrupt`).
    var isRunning: Bool {
      var info = siginfo_t()
      return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == 0
    }

    /// Waits, polling, until `condition` holds or the command ends; whether it is still running.
    func wait(until condition: () -> Bool) -> Bool {
      while isRunning {
        if condition() { return true }
        usleep(10_000)
      }
      return false
    }

    /// Sends `signal` and waits for the end; the status a shell would show (128 + the signal for a death by signal).
    func interrupt(with signal: Int32) -> Int32 {
      kill(pid, signal)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let number = status & 0x7f
      return number == 0 ? (status >> 8) & 0xff : 128 + number
    }
  }

  /// Every file under `path`, recursively, hidden ones included (paths relative to it).
  static func files(under path: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
    return enumerator.compactMap { $0 as? String }.sorted()
  }

  /// The temporary files of outputs under `path`.
  static func temporaries(under path: String) -> [String] {
    files(under: path).filter { $0.contains(".stagehand-") && $0.hasSuffix(".tmp") }
  }

  /// An environment with a registry cache of its own under `directory`.
  static func environment(_ directory: TemporaryDirectory) -> [String: String] {
    var environment = cleanEnvironment
    environment["XDG_CACHE_HOME"] = directory.path + "/cache"
    return environment
  }

  /// `stagehand list` with the same cache works, with no warning, and the cache directory holds the cache alone.
  static func expectValidCache(_ directory: TemporaryDirectory) throws {
    let environment = environment(directory)
    let list = try runStagehand(["list"], environment: environment)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardError == "")
    #expect(list.standardOutput.contains("flip"))
    #expect(files(under: directory.path + "/cache/stagehand") == ["registry.cache"])
  }

  @Test(
    "render to a PNG sequence: SIGINT or SIGTERM once frames are being written removes every temporary frame",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func pngSequence(_ signal: Int32, _ expected: Int32) throws {
    let directory = try TemporaryDirectory()
    let command = try Running(
      ["render", "flip", "--duration", "60", "--size", "1280x720", "-o", directory.path + "/fr/%04d.png"],
      environment: Self.environment(directory))
    let started = command.wait { !Self.temporaries(under: directory.path + "/fr").isEmpty }
    #expect(started, "the command ended before writing a frame")
    #expect(command.interrupt(with: signal) == expected)
    #expect(Self.temporaries(under: directory.path).isEmpty, "\(Self.temporaries(under: directory.path))")
    #expect(Self.files(under: directory.path + "/fr").allSatisfy { !$0.hasPrefix(".") })
    try Self.expectValidCache(directory)
  }

  @Test("render to an animated WebP: SIGINT while it is drawn removes its temporary file, exit 130")
  func webp() throws {
    let directory = try TemporaryDirectory()
    let command = try Running(
      ["render", "flip", "--duration", "60", "--size", "1280x720", "-o", directory.path + "/big.webp"],
      environment: Self.environment(directory))
    let started = command.wait { !Self.temporaries(under: directory.path).isEmpty }
    #expect(started, "the command ended before creating its output")
    #expect(command.interrupt(with: SIGINT) == 130)
    #expect(Self.files(under: directory.path).filter { !$0.hasPrefix("cache") } == [])
    try Self.expectValidCache(directory)
  }

  @Test("gallery: SIGINT once some pictures are written removes the temporary files, keeps the finished ones")
  func gallery() throws {
    let directory = try TemporaryDirectory()
    let gallery = directory.path + "/gallery"
    let command = try Running(
      ["gallery", "-o", gallery, "--size", "1024x768"], environment: Self.environment(directory))
    let started = command.wait { Self.files(under: gallery).contains { $0.hasSuffix(".webp") && !$0.hasPrefix(".") } }
    #expect(started, "the command ended before writing a picture")
    #expect(command.interrupt(with: SIGINT) == 130)
    #expect(Self.temporaries(under: gallery).isEmpty, "\(Self.temporaries(under: gallery))")
    #expect(!Self.files(under: gallery).contains("index.html"))
    try Self.expectValidCache(directory)
  }
}
