import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The X tools the window test needs: Xvfb (a display in memory), xdotool (the pointer and the window) and ffmpeg
/// (a screenshot through x11grab).
enum XTools {
  /// The path of `name` on the PATH, if it is there and executable.
  static func path(of name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
  }

  /// The tools that are missing.
  static var missing: [String] { ["Xvfb", "xdotool", "ffmpeg"].filter { path(of: $0) == nil } }

  /// Whether the test may run here.
  static var available: Bool { missing.isEmpty }

  /// Whether this is continuous integration (`CI` or `STAGEHAND_CI` set), where the tools are installed (.ci/run)
  /// and a missing one is a failure, not a skip.
  static var inContinuousIntegration: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["CI"] != nil || environment["STAGEHAND_CI"] != nil
  }

  /// Runs `tool` with `arguments` on `display` and returns its standard output; throws when it fails.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String], display: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path(of: tool) ?? tool)
    process.arguments = arguments
    process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw XToolError(
        "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
          + (String(data: message, encoding: .utf8) ?? ""))
    }
    return data
  }
}

/// A tool that failed, in its own words.
struct XToolError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// An Xvfb server on a display it picks itself (`-displayfd`), stopped when this is released.
final class VirtualDisplay {
  let process = Process()
  /// The display, such as ":5".
  let name: String

  init() throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: XTools.path(of: "Xvfb") ?? "Xvfb")
    process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var reader = LineReader(output.fileHandleForReading.fileDescriptor)
    guard let number = reader.next(within: 30), !number.isEmpty else {
      process.terminate()
      throw XToolError("Xvfb did not say which display it opened within 30 s")
    }
    name = ":" + number
  }

  deinit {
    // SIGKILL: a process started from the test binary may have SIGTERM blocked.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The id of the first window named `title`, once it is shown (xdotool waits for it).
  func window(named title: String) throws -> String {
    let data = try XTools.run("xdotool", ["search", "--sync", "--name", "^\(title)$"], display: name)
    guard let id = String(data: data, encoding: .utf8)?.split(separator: "\n").first else {
      throw XToolError("xdotool found no window named \(title)")
    }
    return String(id)
  }

  /// The position of `window` on the screen, in pixels.
  func position(of window: String) throws -> (x: Int, y: Int) {
    let data = try XTools.run("xdotool", ["getwindowgeometry", "--shell", window], display: name)
    var values: [String: Int] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    guard let x = values["X"], let y = values["Y"] else { throw XToolError("xdotool gave no position: \(data)") }
    return (x, y)
  }

  /// Runs xdotool with `arguments` on this display.
  func xdotool(_ arguments: [String]) throws { try XTools.run("xdotool", arguments, display: name) }

  /// A screenshot of `width` x `height` pixels at `origin` (ffmpeg's x11grab): bytes R, G, B, rows top down.
  func screenshot(at origin: (x: Int, y: Int), width: Int, height: Int) throws -> [UInt8] {
    let data = try XTools.run(
      "ffmpeg",
      [
        "-loglevel", "error", "-f", "x11grab", "-draw_mouse", "0", "-video_size", "\(width)x\(height)", "-i",
        "\(name)+\(origin.x),\(origin.y)", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ], display: name)
    guard data.count == width * height * 3 else {
      throw XToolError("ffmpeg gave \(data.count) bytes for a \(width)x\(height) screenshot")
    }
    return [UInt8](data)
  }
}

/// Reads lines from a pipe, waiting at most a given time for each: no thread, a `poll` on the descriptor.
struct LineReader {
  let descriptor: Int32
  private var pending: [UInt8] = []

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  /// The next line, without its new line; nil when none came within `seconds` or the pipe closed.
  mutating func next(within seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let end = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeSubrange(...end)
        return line
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, Int32(left * 1000) + 1) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return nil }
      pending += buffer[..<count]
    }
  }
}
