import Foundation
import StagehandTestSupport
import Testing

/// `stagehand gallery` end to end: loops that rest at their ends, one parameter table per style, sections with a
/// table of contents, and a progress bar on a terminal only.
@Suite("stagehand gallery: a page worth browsing")
struct GalleryTests {
  /// The shared gallery's path, and what `stagehand gallery` printed making it.
  static func gallery() throws -> (path: String, result: ProcessResult) { try SharedGallery.made.get() }

  @Test("each loop shows its first and its last frame 0.6 s longer than the others")
  func holds() throws {
    let (path, result) = try Self.gallery()
    #expect(result.status == 0, "\(result.standardError)")
    for file in ["org.stagehand.push_push-from-left.forward.webp", "org.stagehand.cube_cube.inverse.webp"] {
      let animation = try #require(IndependentDecoders.readAnimatedWebP(path + "/" + file))
      let ends = animation.frames.map(\.endMilliseconds)
      let durations = zip(ends, [0] + ends.dropLast()).map { $0 - $1 }
      try #require(durations.count >= 3, "\(file): \(durations)")
      #expect(durations.first == 100 + 600, "\(file): the first frame rests, \(durations)")
      #expect(durations.last == 100 + 600, "\(file): the last frame rests, \(durations)")
      #expect(durations.dropFirst().dropLast().allSatisfy { $0 == 100 }, "\(file): the others, 1/fps: \(durations)")
    }
  }

  @Test("a section per style with its parameters once, presets with their values only, and a table of contents")
  func sections() throws {
    let (path, result) = try Self.gallery()
    #expect(result.status == 0, "\(result.standardError)")
    let html = try String(contentsOfFile: path + "/index.html", encoding: .utf8)
    let styles = bundledCatalog.entries.count
    let items = bundledCatalog.entries.reduce(0) { $0 + 1 + $1.style.presets.count }
    #expect(html.components(separatedBy: "<section class=\"family\"").count - 1 == styles)
    #expect(html.components(separatedBy: "<li data-family=").count - 1 == styles, "an entry per style")
    #expect(html.components(separatedBy: "<div class=\"item\"").count - 1 == items)
    // push has 18 presets; the values its direction accepts are listed once, in its section's table.
    let push = try #require(bundledCatalog.entries.first { $0.style.name == "push" })
    let direction = try #require(push.style.parameters.first { $0.symbol == "direction" })
    let accepts = "one of " + direction.labels.joined(separator: ", ")
    #expect(push.style.presets.count > 1)
    let start = try #require(html.range(of: "<section class=\"family\" id=\"family-org.stagehand.push_push\""))
    let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
    let section = html[start.lowerBound..<end.upperBound]
    #expect(section.components(separatedBy: "<td>\(accepts)</td>").count - 1 == 1, "once for push's presets")
    #expect(section.components(separatedBy: "<div class=\"item\"").count - 1 == 1 + push.style.presets.count)
    #expect(html.contains("<li data-family=\"org.stagehand.push_push\"><a href=\"#family-org.stagehand.push_push\">"))
    #expect(html.contains("<section class=\"family\" id=\"family-org.stagehand.push_push\""))
    // Every item's stills sit beside its name, in its own card.
    #expect(html.contains("<span class=\"label\">push-from-left</span><span class=\"strip\""))
    #expect(html.contains("<input id=\"filter\" type=\"search\""))
  }

  @Test("a progress bar on standard error when it is a terminal, and none when it is not")
  func progress() throws {
    let root = try CFixture.temporaryDirectory("gallery-progress")
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try TerminalRun(
      ["gallery", "-o", root.path + "/gallery", "--size", "32x24", "--fps", "5"], environment: cleanEnvironment,
      root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 120) { !run.process.isRunning }, "it ended")
    #expect(run.process.terminationStatus == 0, "\(run.screen)")
    let screen = run.screen
    #expect(screen.contains("\rstagehand: drawing ["), "\(screen.suffix(500))")
    #expect(screen.contains(" styles and presets"), "\(screen.suffix(500))")
    #expect(screen.contains("\r\u{1B}[K"), "the bar is cleared at the end")
    let (_, piped) = try Self.gallery()
    #expect(piped.status == 0 && !piped.standardError.contains("drawing ["), "\(piped.standardError)")
  }
}

/// One gallery of the bundled catalog (32x24 pictures at 10 fps), made once per test process by the first test that
/// asks, for the tests that only read it (its page, its loops, its contact sheet, how it opens in a browser): a
/// gallery costs about 2 s of processor time in a debug build, and five suites made their own. It lives in the test
/// process's cache home, removed when the process exits. A test that writes beside it writes into a folder of its own.
enum SharedGallery {
  /// The picture size and the frame rate it was made with.
  static let width = 32
  static let height = 24
  static let fps = 10

  /// The gallery's path and what the command printed, or why it could not be run.
  static let made: Result<(path: String, result: ProcessResult), any Error> = Result {
    let path = BuiltProducts.cacheHome + "/shared-gallery"
    let result = try runStagehand(
      ["gallery", "-o", path, "--size", "\(width)x\(height)", "--fps", "\(fps)"], environment: cleanEnvironment)
    return (path, result)
  }
}
