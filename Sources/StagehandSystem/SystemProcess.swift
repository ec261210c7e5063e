#if canImport(Glibc)
  import Glibc
#endif

/// This process's own ending and the signals it ignores: for the children the package starts (the scanner, the
/// validator) and for the command line.
package enum SystemProcess {
  /// Ends this process at once with `status` (`_exit`): no `atexit` handler runs and no C stream is flushed, which is
  /// what a child that wrote its answer through its own descriptor wants, and a command after its own flush.
  package static func exitNow(_ status: Int32) -> Never {
    _exit(status)
  }

  /// Makes this process ignore `signal` (`SIGPIPE`, so that a write to a closed pipe fails with `EPIPE` instead of
  /// ending the process; `SIGXFSZ`, so that a write past the file size limit fails with `EFBIG`).
  package static func ignore(_ signal: Int32) {
    _ = Glibc.signal(signal, SIG_IGN)
  }

  /// Gives `signal` back its default action (a child that must end on `SIGPIPE` when its reader is gone, whatever
  /// disposition it inherited).
  package static func restoreDefault(_ signal: Int32) {
    _ = Glibc.signal(signal, SIG_DFL)
  }

  /// This process's id (`getpid`).
  package static var id: pid_t { getpid() }

  /// The user this process runs as (`getuid`).
  package static var userID: uid_t { getuid() }

  /// How many processors are online (`sysconf`), at least 1.
  package static var processorCount: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }

  /// The value of the environment variable `name`, or `nil` when it is not set (`getenv`).
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Installs `handler` for each of `signals` with `sigaction`, restarting the calls it interrupts (`SA_RESTART`),
  /// nothing blocked while it runs; a `nil` handler gives the signals their default action back.
  package static func handle(_ signals: [Int32], with handler: (@convention(c) (Int32) -> Void)?) {
    for number in signals { install(handler, for: number) }
  }

  /// Stops this process as `signal`'s default action would (`SIGTSTP`: Ctrl-Z), from that signal's own handler, and
  /// once continued (`fg`, SIGCONT) installs `handler` for it again (async-signal-safe: `sigaction`, `sigprocmask`,
  /// `raise`).
  package static func stopAsDefault(on signal: Int32, thenHandleWith handler: @convention(c) (Int32) -> Void) {
    install(nil, for: signal)
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, signal)
    _ = sigprocmask(SIG_UNBLOCK, &blocked, nil)
    _ = raise(signal)  // stops here until SIGCONT
    install(handler, for: signal)
  }

  /// Installs `handler` (or the default action) for `signal` (async-signal-safe).
  private static func install(_ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
    action.sa_flags = handler == nil ? 0 : SA_RESTART
    sigemptyset(&action.sa_mask)
    _ = sigaction(signal, &action, nil)
  }
}
