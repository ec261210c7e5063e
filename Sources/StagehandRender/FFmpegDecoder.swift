import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// An `ffmpeg` child process that decodes a video file to YUV4MPEG2 on a pipe, read with a ``Y4MReader``.
///
/// It is started without a shell, its arguments an array; its standard input is /dev/null and its standard error
/// goes to an unlinked temporary file, whose last line explains a failure. When the reader stops before the end, the
/// child is killed and reaped.
final class FFmpegDecoder: @unchecked Sendable {
  /// The child process.
  private let child: ChildProcess
  /// The temporary file of its standard error.
  private let errors: Int32
  /// The file it decodes, for messages.
  private let file: String
  /// The read end of its standard output.
  let output: Int32

  /// The `ffmpeg` executable on `PATH`, or `nil` when there is none.
  static func executable() -> String? {
    let path = SystemProcess.environmentValue("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = String(directory) + "/ffmpeg"
      if let status = try? SystemFile.status(ofPath: candidate), SystemFile.isRegular(status),
        SystemFile.isAccessible(candidate, X_OK)
      {
        return candidate
      }
    }
    return nil
  }

  /// Starts `ffmpeg` on `file`: 8-bit 4:2:0 YUV4MPEG2 on its standard output, its own frame rate kept.
  init(file: String) throws(RenderError) {
    guard let executable = Self.executable() else { throw .ffmpegMissing(file: file) }
    self.file = file
    let ends: (read: Int32, write: Int32)
    do {
      ends = try SystemFile.pipe()
    } catch {
      throw .imageUnreadable(file: file, errno: error.code)
    }
    // Without a temporary directory, ffmpeg's messages are lost: /dev/null instead.
    let errors = (try? SystemFile.unlinkedTemporary(prefix: "stagehand-ffmpeg")) ?? -1
    let arguments = [
      "-nostdin", "-hide_banner", "-loglevel", "error", "-i", file, "-map", "0:v:0", "-f", "yuv4mpegpipe",
      "-pix_fmt", "yuv420p", "-",
    ]
    let started = Result { () throws(SystemCallError) in
      try ChildProcess.start(executable, arguments: arguments, output: ends.write, errors: errors >= 0 ? errors : nil)
    }
    SystemFile.close(ends.write)
    switch started {
    case .success(let child):
      self.child = child
    case .failure(let error):
      SystemFile.close(ends.read)
      if errors >= 0 { SystemFile.close(errors) }
      throw .ffmpegFailed(file: file, reason: "it could not be started: \(RenderError.systemMessage(error.code))")
    }
    self.errors = errors
    output = ends.read
  }

  deinit {
    SystemFile.close(output)
    // Stopped before the end, the child may be writing or decoding still: killed (when not reaped yet) and reaped.
    child.kill()
    if errors >= 0 { SystemFile.close(errors) }
  }

  /// Once its output has ended: waits for the child, and returns the error it ended with, or `nil` when it
  /// succeeded.
  func ended() -> RenderError? {
    let exit = child.waitForExit() ?? .exited(0)
    if exit.isSuccess { return nil }
    let how =
      switch exit {
      case .exited(let code): "ffmpeg exited with status \(code)"
      case .signaled(let signal): "ffmpeg was ended by signal \(signal)"
      }
    let message = lastLine()
    return .ffmpegFailed(file: file, reason: message.isEmpty ? how : "\(how): \(message)")
  }

  /// The last non-empty line ffmpeg wrote on standard error (at most 300 bytes of it).
  private func lastLine() -> String {
    guard errors >= 0, let size = try? Int(SystemFile.status(errors).st_size), size > 0 else { return "" }
    let count = min(size, 4_096)
    var bytes = [UInt8](repeating: 0, count: count)
    let got =
      (try? bytes.withUnsafeMutableBytes { buffer throws(SystemCallError) in
        try SystemFile.readFully(errors, into: buffer, at: Int64(size - count))
      }) ?? 0
    guard got > 0 else { return "" }
    let text = String(decoding: bytes.prefix(got), as: UTF8.self)
    let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    return String(line.prefix(300))
  }
}
