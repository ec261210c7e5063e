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

  /// The most pages `screenshots` lays out in one row.
  static let pagesPerRow = 4

  /// Takes one screenshot of `pages` laid out in a grid of frames of `width` x `height` pixels each (a page of its own
  /// written into `directory`), and returns the picture of each page, cut out of it; the browser must succeed, and no
  /// page may log anything to the console (else it throws ``BrowserFailure``).
  ///
  /// One browser for many pages: starting Chromium costs about a second of processor time, far more than drawing a
  /// small page. A page in a frame of its size is drawn as in a window of that size: a push and a flip at 25, 50 and
  /// 75% measured a mean difference of at most 0.0001 / 255 between the two.
  static func screenshots(_ pages: [String], width: Int, height: Int, in directory: String) throws -> [DecodedPicture] {
    let columns = min(pages.count, pagesPerRow)
    let rows = (pages.count + columns - 1) / columns
    let frames = pages.enumerated().map { index, page in
      let source = URL(fileURLWithPath: page).absoluteString
      let (left, top) = (index % columns * width, index / columns * height)
      return "<iframe src=\"\(source)\" style=\"left: \(left)px; top: \(top)px\"></iframe>"
    }
    let grid = """
      <!DOCTYPE html>
      <html><head><style>
      html, body { margin: 0; padding: 0; overflow: hidden; background: #fff; }
      iframe { position: absolute; border: 0; width: \(width)px; height: \(height)px; }
      </style></head><body>
      \(frames.joined(separator: "\n"))
      </body></html>
      """
    let gridPage = directory + "/screenshots-\(UUID().uuidString).html"
    try grid.write(toFile: gridPage, atomically: true, encoding: .utf8)
    let shot = gridPage + ".png"
    let opened = try screenshot(gridPage, width: columns * width, height: rows * height, to: shot)
    guard opened.status == 0 && !opened.timedOut else {
      throw BrowserFailure(
        "chromium exited with \(opened.status) (timed out: \(opened.timedOut))", opened.standardError)
    }
    let messages = consoleMessages(opened.standardError)
    guard messages.isEmpty else {
      throw BrowserFailure("the pages logged to the console", messages.joined(separator: "\n"))
    }
    guard let whole = IndependentDecoders.readPNG(shot) else {
      throw BrowserFailure("chromium wrote no readable screenshot at \(shot)", opened.standardError)
    }
    return pages.indices.map { index in
      whole.cropped(x: index % columns * width, y: index / columns * height, width: width, height: height)
    }
  }

  /// Exports one instant for each argument list with `stagehand export ARGUMENTS -o PAGE` into `directory`, and
  /// returns the screenshot of each page in a window of `width` x `height` pixels (`screenshots`); every export must
  /// succeed (else it throws ``BrowserFailure``).
  static func exportedPictures(
    _ exports: [[String]], in directory: String, width: Int, height: Int, environment: [String: String]
  ) throws -> [DecodedPicture] {
    var pages: [String] = []
    for (index, arguments) in exports.enumerated() {
      let page = directory + "/export-\(index).html"
      let exported = try runStagehand(["export"] + arguments + ["-o", page], environment: environment)
      guard exported.status == 0 else {
        throw BrowserFailure(
          "stagehand export \(arguments.joined(separator: " ")) exited with \(exported.status)", exported.standardError)
      }
      pages.append(page)
    }
    return try screenshots(pages, width: width, height: height, in: directory)
  }

  /// `exportedPictures` for groups of exports in one browser run: the pictures of group k, in its order.
  static func exportedPictures(
    groups: [[[String]]], in directory: String, width: Int, height: Int, environment: [String: String]
  ) throws -> [[DecodedPicture]] {
    var pictures = try exportedPictures(
      groups.flatMap { $0 }, in: directory, width: width, height: height, environment: environment)[...]
    return groups.map { group in
      defer { pictures = pictures.dropFirst(group.count) }
      return Array(pictures.prefix(group.count))
    }
  }
}

/// A browser batch that did not give its pictures: what failed, and what the command printed.
struct BrowserFailure: Error, CustomStringConvertible {
  var what: String
  var output: String
  init(_ what: String, _ output: String) {
    self.what = what
    self.output = output
  }
  var description: String { "\(what):\n\(output.suffix(3000))" }
}
