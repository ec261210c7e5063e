#if canImport(Glibc)
  import Glibc
#endif

/// An `ffmpeg` child process that decodes a video file to YUV4MPEG2 on a pipe, read with a ``Y4MReader``.
///
/// It is started without a shell, its arguments an array; its standard input is /dev/null and its standard error
/// goes to an unlinked temporary file, whose last line explains a failure. When the reader stops before the end, the
/// child is killed and reaped.
final class FFmpegDecoder: @unchecked Sendable {
  /// The child's process id.
  private let pid: pid_t
  /// The temporary file of its standard error.
  private let errors: Int32
  /// The file it decodes, for messages.
  private let file: String
  /// The exit status once reaped.
  private var status: Int32?
  /// The read end of its standard output.
  let output: Int32

  /// The `ffmpeg` executable on `PATH`, or `nil` when there is none.
  static func executable() -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = String(directory) + "/ffmpeg"
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }

  /// Starts `ffmpeg` on `file`: 8-bit 4:2:0 YUV4MPEG2 on its standard output, its own frame rate kept.
  init(file: String) throws(RenderError) {
    guard let executable = Self.executable() else { throw .ffmpegMissing(file: file) }
    self.file = file
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .imageUnreadable(file: file, errno: errno) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var template = Array(
      ((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/stagehand-ffmpeg-XXXXXX").utf8CString)
    let errors = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if errors >= 0 { _ = fcntl(errors, F_SETFD, FD_CLOEXEC) }
    if errors >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    // Without a temporary directory, ffmpeg's messages are lost: /dev/null instead.
    let errorTarget = errors >= 0 ? errors : open("/dev/null", O_WRONLY | O_CLOEXEC)
    let arguments = [
      executable, "-nostdin", "-hide_banner", "-loglevel", "error", "-i", file, "-map", "0:v:0", "-f",
      "yuv4mpegpipe", "-pix_fmt", "yuv420p", "-",
    ]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    if errorTarget >= 0 { posix_spawn_file_actions_adddup2(&actions, errorTarget, 2) }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
    close(ends[1])
    if errorTarget >= 0 && errors < 0 { close(errorTarget) }
    guard spawned == 0 else {
      close(ends[0])
      if errors >= 0 { close(errors) }
      throw .ffmpegFailed(file: file, reason: "it could not be started: \(RenderError.systemMessage(spawned))")
    }
    self.pid = pid
    self.errors = errors
    output = ends[0]
  }

  deinit {
    close(output)
    if status == nil {
      // Stopped before the end: the child may be writing or decoding still.
      kill(pid, SIGKILL)
      _ = reap()
    }
    if errors >= 0 { close(errors) }
  }

  /// Waits for the child to end and returns its wait status.
  private func reap() -> Int32 {
    if let status { return status }
    var result: Int32 = 0
    while waitpid(pid, &result, 0) < 0 && errno == EINTR {}
    status = result
    return result
  }

  /// Once its output has ended: waits for the child, and returns the error it ended with, or `nil` when it
  /// succeeded.
  func ended() -> RenderError? {
    let status = reap()
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    if exited && code == 0 { return nil }
    let how = exited ? "ffmpeg exited with status \(code)" : "ffmpeg was ended by signal \(status & 0x7F)"
    let message = lastLine()
    return .ffmpegFailed(file: file, reason: message.isEmpty ? how : "\(how): \(message)")
  }

  /// The last non-empty line ffmpeg wrote on standard error (at most 300 bytes of it).
  private func lastLine() -> String {
    guard errors >= 0 else { return "" }
    let size = Int(lseek(errors, 0, SEEK_END))
    guard size > 0 else { return "" }
    let count = min(size, 4_096)
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(errors, $0.baseAddress!, count, off_t(size - count)) }
    guard got > 0 else { return "" }
    let text = String(decoding: bytes.prefix(got), as: UTF8.self)
    let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    return String(line.prefix(300))
  }
}
