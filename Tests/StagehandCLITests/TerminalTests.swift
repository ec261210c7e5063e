import Foundation
import StagehandTestSupport
import Testing

/// `stagehand preview` in a real pseudo-terminal, through util-linux's `script`.
struct TerminalRun {
  let process = Process()
  let output: URL
  let root: URL

  /// Starts `stagehand ARGUMENTS` in a pseudo-terminal of 100x40 characters.
  init(_ arguments: [String], environment: [String: String], root: URL) throws {
    try self.init(shell: "exec \(Self.command(arguments))", environment: environment, root: root)
  }

  /// Runs the shell command `shell` (`/bin/sh -c`) in a pseudo-terminal of 100x40 characters; what is written to
  /// `input` is typed on its keyboard.
  init(shell: String, environment: [String: String], root: URL, input: Pipe? = nil) throws {
    self.root = root
    output = root.appendingPathComponent("typescript")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qefc", "stty cols 100 rows 40; \(shell)", output.path]
    process.environment = environment
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// `stagehand ARGUMENTS` as a shell command, each argument quoted.
  static func command(_ arguments: [String]) -> String {
    ([BuiltProducts.stagehand.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
  }

  /// The process id of the first `stagehand` among the descendants of `script`, once it runs.
  var stagehandDescendant: pid_t? {
    var queue = [process.processIdentifier]
    while !queue.isEmpty {
      let pid = queue.removeFirst()
      let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
      for child in children.split(separator: " ").compactMap({ pid_t($0) }) {
        let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
        if name == "stagehand\n" { return child }
        queue.append(child)
      }
    }
    return nil
  }

  /// What the terminal received so far, without the line `script` writes first (which holds the command).
  var body: String {
    let screen = screen
    guard screen.hasPrefix("Script started"), let end = screen.firstIndex(of: "\n") else { return screen }
    return String(screen[screen.index(after: end)...])
  }

  /// What the terminal received so far.
  var screen: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  /// The process id of `stagehand` (the child of `script`), once it runs.
  var stagehand: pid_t? {
    let pid = process.processIdentifier
    let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// Ends the run: terminates `script` if it still runs, and waits for it. Foundation's `Process` stays alive in a
  /// cycle with its run-loop source until `waitUntilExit` (or the run loop of the thread that started it) sees the
  /// exit; polling `isRunning` alone leaks it, which LeakSanitizer reports.
  func finish() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Waits until `condition` holds, at most `seconds`.
  func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < end {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }
}

/// The escape sequences of the terminal preview: enter the alternate screen, and put everything back.
let enterSequence = "\u{1B}[?1049h"
let restoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

@Suite("The terminal preview restores the terminal")
struct TerminalTests {
  @Test(
    "SIGTERM, SIGHUP, SIGINT and SIGQUIT during a preview restore the terminal and exit with 128 + the signal",
    arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
  func signals(_ signal: Int32) throws {
    let root = try CFixture.temporaryDirectory("terminal")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = cleanEnvironment
    environment["TERM"] = "xterm-256color"
    let run = try TerminalRun(["preview", "push", "--duration", "60"], environment: environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { run.screen.contains(enterSequence) && run.stagehand != nil }, "the preview began")
    let pid = try #require(run.stagehand)
    kill(pid, signal)
    #expect(run.wait(seconds: 20) { !run.process.isRunning }, "it stopped")
    #expect(run.process.terminationStatus == 128 + signal)
    // script adds a line of plain text at the end; nothing drawn may follow the restoring sequence.
    let screen = run.screen
    let restored = try #require(screen.range(of: restoreSequence, options: .backwards), "the terminal was put back")
    #expect(!screen[restored.upperBound...].contains("\u{1B}["), "nothing was drawn after the terminal was put back")
  }

  @Test("a style that lasts longer than a preview plays is refused before the screen is touched")
  func endlessStyle() throws {
    let root = try CFixture.temporaryDirectory("endless")
    defer { try? FileManager.default.removeItem(at: root) }
    // A default duration of 1e300 s, which is what a preview without --duration plays, and steps to match.
    let source = HostileSources.plugin.replacingOccurrences(
      of: "host->begin_step(builder, 0.3, SH_CURVE_EASE_IN_OUT)",
      with: "host->begin_step(builder, 1e300, SH_CURVE_LINEAR)"
    ).replacingOccurrences(of: ".default_duration = 0.3,", with: ".default_duration = 1e300,")
    try CFixture.compile(source, into: root, name: "libendless.so")
    var environment = cleanEnvironment
    environment["TERM"] = "xterm-256color"
    environment["STAGEHAND_PLUGIN_PATH"] = root.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    let run = try TerminalRun(["preview", "wobble"], environment: environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { !run.process.isRunning }, "it stopped")
    #expect(run.process.terminationStatus == 64)
    #expect(run.screen.contains("longer than the 600 s a preview plays; give --duration"))
    #expect(!run.screen.contains(enterSequence))
  }

  @Test(
    "the preview draws in 24-bit colour, in 256 colours, or with plain characters under NO_COLOR",
    arguments: [
      (["COLORTERM": "truecolor"], "\u{1B}[38;2;", ["\u{1B}[38;5;"]),
      (["COLORTERM": ""], "\u{1B}[38;5;", ["\u{1B}[38;2;"]),
      (["NO_COLOR": "1", "COLORTERM": "truecolor"], "@", ["\u{1B}[38;", "\u{1B}[48;", "\u{2580}"]),
    ])
  func colors(_ settings: [String: String], _ expected: String, _ absent: [String]) throws {
    let root = try CFixture.temporaryDirectory("colors")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = cleanEnvironment.merging(settings) { _, new in new }
    environment["TERM"] = "xterm-256color"
    let run = try TerminalRun(
      ["preview", "push", "--duration", "0.2", "--fps", "10"], environment: environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { !run.process.isRunning }, "it finished")
    #expect(run.process.terminationStatus == 0)
    let screen = run.screen
    #expect(screen.contains(enterSequence) && screen.contains(restoreSequence))
    #expect(screen.contains(expected), "\(settings)")
    for text in absent { #expect(!screen.contains(text), "\(settings): \(text.debugDescription)") }
  }

  @Test("a resized window (SIGWINCH) is cleared and drawn at its new size")
  func resize() throws {
    let root = try CFixture.temporaryDirectory("resize")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = cleanEnvironment
    environment["TERM"] = "xterm-256color"
    let run = try TerminalRun(["preview", "push", "--duration", "60"], environment: environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { run.screen.contains(enterSequence) && run.stagehand != nil }, "the preview began")
    let pid = try #require(run.stagehand)
    // The frames of a 100x40 window: 38 rows of half blocks (the container is 320x480).
    #expect(run.wait(seconds: 20) { Self.lastFrameRows(run.screen) == 38 })
    let terminal = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1")
    let stty = try StagehandTestSupport.run(
      URL(fileURLWithPath: "/bin/stty"), ["-F", terminal, "cols", "50", "rows", "20"])
    #expect(stty.status == 0, "\(stty.standardError)")
    kill(pid, SIGWINCH)
    // 50x20: 18 rows.
    #expect(run.wait(seconds: 20) { Self.lastFrameRows(run.screen) == 18 }, "drawn at the new size")
    #expect(run.screen.contains("\u{1B}[0m\u{1B}[2J"), "the screen was cleared for the new size")
    kill(pid, SIGTERM)
    #expect(run.wait(seconds: 20) { !run.process.isRunning })
  }

  /// The rows of the last whole frame on the screen: the lines between the last two cursor-home sequences.
  static func lastFrameRows(_ screen: String) -> Int? {
    let frames = screen.components(separatedBy: "\u{1B}[H")
    guard frames.count >= 3 else { return nil }
    return frames[frames.count - 2].components(separatedBy: "\r\n").count - 1
  }
}
