import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// A system call that failed: which call, on which file, and the system's error number.
///
/// The one error type of the system layer. Callers turn it into their own typed errors (a cache error, a registry
/// error, a status line of `scan`) with ``message`` for the particulars, so every message about a failed call says
/// the same thing in the same words.
package struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call that failed, as the manual names it: `open`, `fstat`, `pread`, `pipe2`, `posix_spawn`...
  package var call: String
  /// The file (or the executable) the call was about, when there is one.
  package var path: String?
  /// The system's error number (`errno`).
  package var code: Int32

  /// An error of `call` on `path` with the error number `code`.
  package init(_ call: String, path: String? = nil, code: Int32) {
    self.call = call
    self.path = path
    self.code = code
  }

  /// An error of `call` on `path` with swift-system's error number `number`.
  package init(_ call: String, path: String? = nil, number: Errno) {
    self.init(call, path: path, code: number.rawValue)
  }

  /// An error of `call` on `path` with the error number the call just left in `errno`.
  package static func fromErrno(_ call: String, path: String? = nil) -> SystemCallError {
    SystemCallError(call, path: path, code: errno)
  }

  /// The error number as swift-system's `Errno` (`.noSuchFileOrDirectory`, `.permissionDenied`...).
  package var number: Errno { Errno(rawValue: code) }

  /// The system's words for the error number with the number: `Permission denied (errno 13)`.
  package var message: String { Self.message(code) }

  /// The system's words for the error number alone: `Permission denied`.
  package var reason: String { Self.reason(code) }

  /// The call, the file and the system's words: `open /etc/x: Permission denied (errno 13)`.
  package var description: String {
    "\(call)" + (path.map { " \($0)" } ?? "") + ": \(message)"
  }

  /// The system's words for an error number with the number: `Permission denied (errno 13)`.
  package static func message(_ code: Int32) -> String {
    "\(reason(code)) (errno \(code))"
  }

  /// The system's words for an error number alone: `Permission denied`.
  package static func reason(_ code: Int32) -> String {
    // swift-system's words are the C library's (`strerror`).
    Errno(rawValue: code).description
  }
}
