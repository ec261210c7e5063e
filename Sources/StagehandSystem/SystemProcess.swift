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
}
