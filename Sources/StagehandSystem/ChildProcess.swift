import CStagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// How a child process ended, decoded from its wait status.
package enum ChildExit: Hashable, Sendable, CustomStringConvertible {
  /// It exited with this status (0 to 255).
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)

  /// The end that the wait status `status` (of `waitpid`) describes.
  package init(waitStatus status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  /// Whether it exited with status 0.
  package var isSuccess: Bool { self == .exited(0) }

  /// `exited with status N` or `ended by signal N`.
  package var description: String {
    switch self {
    case .exited(let code): "exited with status \(code)"
    case .signaled(let signal): "ended by signal \(signal)"
    }
  }
}

/// A child process of this one: started once, killed and reaped once; the one place of the package that spawns
/// processes and waits for them.
///
/// Every wait made again when a signal interrupts it (the EINTR policy of ``SystemFile``). A child is reaped by
/// ``waitForExit()``, ``exitIfEnded()`` or ``kill()``; a child reaped elsewhere (a `waitpid` that fails) counts as
/// gone, with no known end. A child belongs to one thread at a time.
package final class ChildProcess: @unchecked Sendable {
  /// The child's process id.
  package let pid: pid_t
  /// The executable it runs, for messages.
  package let executable: String
  /// What is known of its end.
  private var state = State.running

  private enum State {
    case running
    case ended(ChildExit)
    case gone
  }

  private init(pid: pid_t, executable: String) {
    self.pid = pid
    self.executable = executable
  }

  /// Starts `executable` with `arguments` (after its own name) in `environment`, isolated for plugin code
  /// (`sh_system_spawn`): standard input, output and error on /dev/null, `channel` as its descriptor 3 and
  /// `descriptors` from `firstDescriptor` on, no other descriptor, a session of its own, killed when this process
  /// ends.
  package static func startIsolated(
    _ executable: String, arguments: [String], environment: [String], channel: Int32, descriptors: [Int32] = [],
    firstDescriptor: Int32 = 4
  ) throws(SystemCallError) -> ChildProcess {
    let pid = withCStrings([executable] + arguments) { argv in
      withCStrings(environment) { envp in
        descriptors.withUnsafeBufferPointer { passed in
          sh_system_spawn(
            executable, argv, envp, channel, passed.baseAddress, Int32(passed.count), firstDescriptor)
        }
      }
    }
    guard pid > 0 else { throw SystemCallError("posix_spawn", path: executable, code: -pid) }
    return ChildProcess(pid: pid, executable: executable)
  }

  /// Starts `executable` with `arguments` (after its own name) in this process's environment, with standard input
  /// on /dev/null, standard output on `output`, and standard error on `errors` (else /dev/null). Descriptors that
  /// are not close-on-exec are inherited.
  package static func start(
    _ executable: String, arguments: [String], output: Int32, errors: Int32?
  ) throws(SystemCallError) -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    if let errors {
      posix_spawn_file_actions_adddup2(&actions, errors, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    var pid = pid_t()
    let code = withCStrings([executable] + arguments) { argv in
      posix_spawn(&pid, executable, &actions, nil, argv, environ)
    }
    guard code == 0 else { throw SystemCallError("posix_spawn", path: executable, code: code) }
    return ChildProcess(pid: pid, executable: executable)
  }

  /// How it ended, once reaped; `nil` while it runs, or when it was reaped elsewhere.
  package var exit: ChildExit? {
    if case .ended(let exit) = state { return exit }
    return nil
  }

  /// Whether it has not been reaped yet (looked at now, without waiting).
  package var isRunning: Bool {
    _ = exitIfEnded()
    if case .running = state { return true }
    return false
  }

  /// Its end if it has ended (reaping it), without waiting; `nil` while it runs or when it was reaped elsewhere.
  package func exitIfEnded() -> ChildExit? {
    reap(blocking: false)
  }

  /// Waits for it to end and returns how; `nil` when it was reaped elsewhere.
  @discardableResult
  package func waitForExit() -> ChildExit? {
    reap(blocking: true)
  }

  /// Waits up to `attempts` times `pause` nanoseconds for it to end (a child whose channel closed is usually
  /// dying); returns how it ended, or `nil` when it still runs.
  package func exit(polling attempts: Int, every pause: Int) -> ChildExit? {
    for _ in 0..<attempts {
      if let exit = exitIfEnded() { return exit }
      SystemTime.sleep(nanoseconds: pause)
    }
    return nil
  }

  /// Kills it (SIGKILL) if it was not reaped yet, and reaps it.
  package func kill() {
    guard case .running = state else { return }
    _ = Glibc.kill(pid, SIGKILL)
    waitForExit()
  }

  /// Kills the child `pid` (SIGKILL) and reaps it, for a child known only by its process id.
  package static func kill(pid: pid_t) {
    _ = Glibc.kill(pid, SIGKILL)
    _ = SystemFile.waitForExit(pid)
  }

  private func reap(blocking: Bool) -> ChildExit? {
    switch state {
    case .ended(let exit): return exit
    case .gone: return nil
    case .running: break
    }
    var status: Int32 = 0
    let result = SystemFile.retryingInterrupts { waitpid(pid, &status, blocking ? 0 : WNOHANG) }
    if result == pid {
      let exit = ChildExit(waitStatus: status)
      state = .ended(exit)
      return exit
    }
    if result == -1 { state = .gone }
    return nil
  }
}

/// Runs `body` with `strings` as a NULL-terminated C array of C strings.
func withCStrings<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  return (copies + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
}
