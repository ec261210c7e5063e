import Foundation
import StagehandTestSupport
import Testing

/// Debian's headless Chromium, for the browser tests: found on the PATH, never installed by the tests.
enum Browser {
  /// The `chromium` executable on the PATH, if any.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = "\(directory)/chromium"
      if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
    }
    return nil
  }()

  /// Whether Chromium is installed.
  static var available: Bool { executable != nil }

  /// Whether the tests run in continuous integration (`CI` or `STAGEHAND_CI` set), where Chromium must be present.
  static var inContinuousIntegration: Bool {
    let environment = ProcessInfo.processInfo.environment
    return [environment["CI"], environment["STAGEHAND_CI"]].contains { ($0 ?? "").isEmpty == false }
  }

  /// The most a browser run may take, in seconds; past it the browser is killed and the test fails.
  static let timeLimit = 90.0

  /// Runs headless Chromium on the file `page` with `arguments` and its logging on standard error (console messages
  /// are lines with `:CONSOLE`).
  ///
  /// Without `--user-data-dir`, headless Chromium makes a temporary profile of its own for each run, so runs in
  /// parallel do not meet (with an explicit profile, Chromium 156 lays the page out in a viewport shorter than the
  /// window, by the height of a browser toolbar). `--no-sandbox`: the tests may run as root, where Chromium's sandbox
  /// refuses to start; the pages are the tests' own.
  static func run(_ page: String, _ arguments: [String]) throws -> ProcessResult {
    try StagehandTestSupport.run(
      executable!,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
        "--disable-extensions", "--enable-logging=stderr", "--v=0",
      ] + arguments + [URL(fileURLWithPath: page).absoluteString],
      timeLimit: timeLimit)
  }

  /// The console messages in Chromium's log.
  static func consoleMessages(_ log: String) -> [String] {
    log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
  }

  /// Takes a screenshot of `page` in a window of `width` x `height` pixels into `output` (PNG).
  static func screenshot(_ page: String, width: Int, height: Int, to output: String) throws -> ProcessResult {
    try run(page, ["--window-size=\(width),\(height)", "--screenshot=\(output)"])
  }

  /// Exports one instant with `stagehand export ARGUMENTS -o page`, takes a screenshot of the page in a window of
  /// `width` x `height` pixels into `shot`, and reads it back; the export and the browser must succeed, and the page
  /// must log nothing to the console.
  static func exportedPicture(
    _ arguments: [String], page: String, shot: String, width: Int, height: Int, environment: [String: String]
  ) throws -> DecodedPicture {
    let exported = try runStagehand(["export"] + arguments + ["-o", page], environment: environment)
    #expect(exported.status == 0, "\(exported.standardError)")
    let opened = try screenshot(page, width: width, height: height, to: shot)
    #expect(opened.status == 0 && !opened.timedOut, "\(opened.standardError)")
    #expect(consoleMessages(opened.standardError) == [])
    return try #require(IndependentDecoders.readPNG(shot))
  }

  /// The DOM of `page` once loaded and its scripts run (virtual time: no waiting on the wall clock).
  static func dumpDOM(_ page: String) throws -> ProcessResult {
    try run(page, ["--virtual-time-budget=10000", "--dump-dom"])
  }
}
