import Foundation
import StagehandTestSupport
import Testing

/// Two independent renderers of section 9 agree: Chromium playing `stagehand export`'s CSS, paused at an instant, and
/// `stagehand render`'s pixman frames of the same instant.
@Suite(
  "CSS export in Chromium against stagehand render",
  .enabled(if: Browser.available, "Debian's chromium is not installed"))
struct CSSExportBrowserTests {
  /// The largest mean difference allowed between the two pictures, in 1/255 steps per channel: edges are
  /// antialiased differently (pixman samples pixel centres with bilinear filtering, Skia covers edges), and a
  /// turned layer is resampled by each renderer's own filter.
  static let meanTolerance = 3.0

  /// The frame size.
  static let (width, height) = (160, 120)

  @Test(
    "paused at 25, 50 and 75%, the CSS export matches stagehand render within the mean tolerance",
    arguments: ["cross-dissolve", "push", "cover", "flip"])
  func pausedInstants(style: String) throws {
    let directory = try TemporaryDirectory()
    let size = "\(Self.width)x\(Self.height)"
    // One second at 5 fps: frames at 0, 25, 50, 75 and 100% of the duration.
    let rendered = try runStagehand(
      ["render", style, "--size", size, "--duration", "1", "--fps", "5", "-o", directory.path + "/render/%04d.png"],
      environment: cleanEnvironment)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    var renders: [DecodedPicture] = []
    for frame in 2...4 {
      renders.append(try #require(IndependentDecoders.readPNG(directory.path + "/render/000\(frame).png")))
    }
    var shots: [DecodedPicture] = []
    for (index, instant) in ["0.25", "0.5", "0.75"].enumerated() {
      let picture = try Browser.exportedPicture(
        [style, "--size", size, "--duration", "1", "--at", instant], page: directory.path + "/\(style)-\(instant).html",
        shot: directory.path + "/\(style)-\(instant).png", width: Self.width, height: Self.height,
        environment: cleanEnvironment)
      shots.append(picture)
      let error = picture.meanDifference(from: renders[index])
      print("browser comparison: \(style) at \(instant) s of 1 s: mean error \(error) / 255 per channel")
      #expect(error <= Self.meanTolerance, "\(style) at \(instant): mean error \(error)")
    }
    // The comparison tells instants apart: each screenshot is closer to its own instant than to the others.
    for i in 0..<3 {
      for j in 0..<3 where i != j {
        #expect(shots[i].meanDifference(from: renders[i]) < shots[i].meanDifference(from: renders[j]))
      }
    }
  }
}
