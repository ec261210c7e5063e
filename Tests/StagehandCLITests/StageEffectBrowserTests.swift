import Foundation
import StagehandTestSupport
import Testing

/// ABI 1.1 in two independent renderers: Chromium playing `stagehand export`'s CSS and `stagehand render`'s pixman
/// frames of a plugin compiled from C (`StageEffectSources`), for clips, a draw-order change, a backdrop, a spring, change
/// intervals and the end rule; ABI 1.2's wedge through the bundled clock wipes; and ABI 1.3's dim through the bundled
/// cover-dimmed.
@Suite(
  "ABI 1.1 export in Chromium against stagehand render",
  .enabled(if: Browser.available, "Debian's chromium is not installed"))
struct StageEffectBrowserTests {
  /// The frame size.
  static let (width, height) = (160, 120)

  /// The plugin's directory, built once per test run, removed at exit.
  static let plugins: Result<URL, Error> = Result {
    let directory = try CFixture.temporaryDirectory("render11-cli")
    atexit { try? FileManager.default.removeItem(at: StageEffectBrowserTests.plugins.get()) }
    _ = try CFixture.compile(StageEffectSources.plugin, into: directory, name: "librender11.so")
    return directory
  }

  /// The environment in which the command finds the plugin, with a registry cache of its own.
  static func environment() throws -> [String: String] {
    let directory = try plugins.get()
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = directory.path
    environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
    return environment
  }

  /// A style, whether its inverse is drawn, and the instants compared (fractions of one second).
  struct Case: Sendable, CustomStringConvertible {
    var style: String
    var inverse = false
    var instants: [Int]  // in quarters of the duration: frame k of 0...4 at 5 fps
    /// Parameters given to both commands, `--param` and its value.
    var parameters: [String] = []
    var description: String {
      "\(([style] + parameters).joined(separator: " "))\(inverse ? " --inverse" : "") at \(instants.map { "\($0)/4" })"
    }
  }

  static let cases = [
    Case(style: "r11-iris", instants: [1, 2, 3]),  // an ellipse clip
    Case(style: "r11-wipe", instants: [1, 2, 3]),  // an inset clip
    Case(style: "r11-rounded", instants: [2]),  // insets, rounded corners and an off-centre ellipse
    Case(style: "r11-uncover", instants: [1, 2, 3]),  // the draw order changed at the start
    Case(style: "r11-uncover", inverse: true, instants: [1, 2, 3, 4]),  // ... at the end of the inverted step
    Case(style: "r11-fade-black", instants: [1, 2, 3]),  // a backdrop and change intervals
    Case(style: "r11-spring-stagger", instants: [1, 2, 3]),  // a spring step and staggered intervals
    Case(style: "r11-lingering", instants: [3, 4]),  // the end: the disappearing content gone
    Case(style: "r11-slide-stay", inverse: true, instants: [2, 4]),  // the end of an own inverse
    // ABI 1.2: the wedge, through the bundled clock wipes (found next to the command, whatever the plugin path).
    Case(style: "clock-wipe-clockwise", instants: [1, 2, 3]),
    Case(style: "clock-wipe-counter-clockwise", inverse: true, instants: [1, 2, 3]),
    Case(style: "clock-wipe-from-three", instants: [1, 3]),
    // ABI 1.3: the dim, through the bundled cover-dimmed (filter: brightness() against the renderer's dim).
    Case(style: "cover-dimmed", instants: [1, 2, 3]),
    Case(style: "cover-dimmed", inverse: true, instants: [1, 3]),
    // A strong dim: without the CSS filter every instant's mean error is far above the tolerance.
    Case(style: "cover-dimmed", instants: [1, 2, 3], parameters: ["--param", "dim=0.9"]),
  ]

  /// The export of each case's instants, screenshot in one browser run for all the cases (starting Chromium costs
  /// more than drawing a dozen small pages), made once by the first case that asks: the pictures of case k, in the
  /// order of its instants.
  static let screenshots: Result<[[DecodedPicture]], any Error> = Result {
    let directory = try TemporaryDirectory()
    let size = "\(width)x\(height)"
    let groups = try Browser.exportedPictures(
      groups: cases.map { test in
        test.instants.map {
          [test.style, "--size", size, "--duration", "1", "--at", (Double($0) / 4).description]
            + (test.inverse ? ["--inverse"] : []) + test.parameters
        }
      }, in: directory.path, width: width, height: height, environment: try environment())
    withExtendedLifetime(directory) {}  // the pages stay until the screenshot is taken
    return groups
  }

  @Test("paused at instants, the CSS export matches stagehand render within the mean tolerance", arguments: cases)
  func paused(_ test: Case) throws {
    let environment = try Self.environment()
    let directory = try TemporaryDirectory()
    let size = "\(Self.width)x\(Self.height)"
    let direction = (test.inverse ? ["--inverse"] : []) + test.parameters
    let rendered = try runStagehand(
      ["render", test.style, "--size", size, "--duration", "1", "--fps", "5", "-o", directory.path + "/r/%04d.png"]
        + direction, environment: environment)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    var renders: [Int: DecodedPicture] = [:]
    for quarter in 0...4 {
      renders[quarter] = try #require(IndependentDecoders.readPNG(directory.path + "/r/000\(quarter + 1).png"))
    }
    let instants = test.instants.map { (Double($0) / 4).description }
    let index = try #require(Self.cases.firstIndex { $0.description == test.description })
    let pictures = try Self.screenshots.get()[index]
    var shots: [Int: DecodedPicture] = [:]
    for (index, quarter) in test.instants.enumerated() {
      shots[quarter] = pictures[index]
      let error = pictures[index].meanDifference(from: renders[quarter]!)
      print(
        "browser comparison: \(test.style)\(test.inverse ? " inverse" : "") at \(instants[index]) s of 1 s: mean error \(error) / 255"
      )
      #expect(error <= CSSExportBrowserTests.meanTolerance, "\(test) at \(instants[index]): mean error \(error)")
    }
    // The comparison tells the instants apart: each screenshot is closer to its own frame than to the others that
    // differ from it.
    for (quarter, shot) in shots {
      for other in 0...4 where other != quarter && renders[other]! != renders[quarter]! {
        #expect(
          shot.meanDifference(from: renders[quarter]!) < shot.meanDifference(from: renders[other]!),
          "\(test): the screenshot at \(quarter)/4 is closer to the frame at \(other)/4")
      }
    }
  }
}
