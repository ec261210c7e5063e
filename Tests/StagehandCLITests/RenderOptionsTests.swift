import Foundation
import StagehandTestSupport
import Testing

/// `stagehand render`'s picture options end to end: WebP quality, the display scale, and what it says about reduced
/// motion and odd Y4M sizes.
@Suite("stagehand render: quality, display scale, notices")
struct RenderOptionsTests {
  /// Renders `style` over the gradients A and B with `extra` arguments into `name` in `directory`.
  func render(
    _ style: String, _ directory: TemporaryDirectory, _ name: String, _ extra: [String],
    environment: [String: String] = cleanEnvironment
  ) throws -> ProcessResult {
    try runStagehand(
      [
        "render", style, "--from", directory.path + "/A.png", "--to", directory.path + "/B.png", "--fps", "10",
        "-o", directory.path + "/" + name,
      ] + extra, environment: environment)
  }

  func size(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  @Test("--quality sets the WebP quality (a lower one makes a smaller file); --lossless keeps every pixel")
  func quality() throws {
    let directory = try RenderInputs.directory()
    for (name, extra) in [
      ("low.webp", ["--quality", "5"]), ("high.webp", ["--quality", "100"]), ("exact.webp", ["--lossless"]),
    ] {
      let result = try render("cross-dissolve", directory, name, ["--size", "64x48"] + extra)
      #expect(result.status == 0, "\(result.standardError)")
    }
    #expect(try size(directory.path + "/low.webp") < size(directory.path + "/high.webp"))
    let lossy = try #require(IndependentDecoders.readAnimatedWebP(directory.path + "/high.webp"))
    let exact = try #require(IndependentDecoders.readAnimatedWebP(directory.path + "/exact.webp"))
    #expect(lossy.frames[0].picture.largestDifference(from: RenderInputs.a) > 0, "lossy even at 100")
    #expect(exact.frames[0].picture.largestDifference(from: RenderInputs.a) == 0, "lossless: A exactly")
    #expect(exact.frames.last?.picture.largestDifference(from: RenderInputs.b) == 0, "lossless: B exactly")
  }

  @Test(
    "a --quality out of range, or --quality or --lossless for another format, is a usage error naming the option",
    arguments: [
      (["--quality", "101", "-o", "x.webp"], "--quality 101 is not valid; give 0 to 100"),
      (["--quality", "-1", "-o", "x.webp"], "--quality -1 is not valid; give 0 to 100"),
      (["--quality", "50", "-o", "x.y4m"], "--quality applies to WebP output only, not to y4m"),
      (["--lossless", "-o", "f/%04d.png"], "--lossless applies to WebP output only, not to png"),
    ])
  func badQuality(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try runStagehand(
      ["render", "push"] + arguments.map { $0.hasPrefix("x.") || $0.hasPrefix("f/") ? directory.path + "/" + $0 : $0 },
      environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(directory.contents == [], "nothing is written")
  }

  @Test("--display-scale 2 draws frames of twice the size, at that size: not the 1x frames enlarged")
  func displayScale() throws {
    let directory = try RenderInputs.directory()
    let once = try runStagehand(
      ["render", "push", "--size", "32x24", "--fps", "10", "-o", directory.path + "/1x.rgba"],
      environment: cleanEnvironment)
    let twice = try runStagehand(
      ["render", "push", "--size", "32x24", "--display-scale", "2", "--fps", "10", "-o", directory.path + "/2x.rgba"],
      environment: cleanEnvironment)
    #expect(once.status == 0 && twice.status == 0, "\(once.standardError)\(twice.standardError)")
    #expect(twice.standardOutput.contains(": 4 frames, 64x48 at 10 fps"), "\(twice.standardOutput)")
    let small = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path + "/1x.rgba")))
    let large = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path + "/2x.rgba")))
    #expect(small.count == 4 * 32 * 24 * 4 && large.count == 4 * 64 * 48 * 4, "4 frames of 32x24 and of 64x48")
    // The first frame (card A) at 2x against the 1x frame with each pixel doubled: a card drawn at 64x48 has edges
    // that fall between the doubled pixels.
    let first = DecodedPicture.frame(0, of: small, width: 32, height: 24)
    var doubled: [UInt8] = []
    for y in 0..<48 { for x in 0..<64 { doubled += first.channels(x / 2, y / 2) } }
    let enlarged = DecodedPicture(width: 64, height: 48, rgba: doubled)
    #expect(DecodedPicture.frame(0, of: large, width: 64, height: 48).largestDifference(from: enlarged) > 0)
  }

  @Test("--display-scale that makes frames larger than 8192 pixels a side is a usage error")
  func displayScaleTooLarge() throws {
    let result = try runStagehand(
      ["render", "push", "--size", "5000x100", "--display-scale", "2", "-o", "/nonexistent/x.webp"],
      environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(
      result.standardError.contains("gives frames of 10000x200 pixels, more than 8192"), "\(result.standardError)")
  }

  @Test("with reduced motion, render says on standard error, in one line, that it renders the fallback instead")
  func reducedMotionNotice() throws {
    let directory = try RenderInputs.directory()
    var environment = cleanEnvironment
    environment["STAGEHAND_REDUCE_MOTION"] = "1"
    let reduced = try render("flip", directory, "reduced.rgba", ["--size", "32x24"], environment: environment)
    #expect(reduced.status == 0)
    let lines = reduced.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(reduced.standardError)")
    #expect(
      reduced.standardError.hasPrefix(
        "stagehand: warning: reduced motion is on, so this renders org.stagehand.cross-dissolve:cross-dissolve, the "
          + "reduced-motion fallback of flip, instead of flip"), "\(reduced.standardError)")
    let flag = try render("flip", directory, "flag.rgba", ["--size", "32x24", "--reduce-motion"])
    #expect(flag.status == 0 && flag.standardError.contains("reduced motion is on"), "\(flag.standardError)")
    let plain = try render("flip", directory, "plain.rgba", ["--size", "32x24"])
    #expect(plain.status == 0 && plain.standardError == "", "\(plain.standardError)")
  }

  @Test("Y4M of an odd width or height is written, with a warning that common encoders need even sizes")
  func oddY4M() throws {
    let directory = try RenderInputs.directory()
    for dimensions in ["63x48", "64x47"] {
      let odd = try render("push", directory, "odd.y4m", ["--size", dimensions])
      #expect(odd.status == 0)
      #expect(
        odd.standardError.contains("stagehand: warning: the frames are \(dimensions) pixels, and common video encoders")
          && odd.standardError.contains("give an even --size"), "\(odd.standardError)")
      #expect(try size(directory.path + "/odd.y4m") > 0)
    }
    let even = try render("push", directory, "even.y4m", ["--size", "64x48"])
    #expect(even.status == 0 && even.standardError == "", "\(even.standardError)")
    let webp = try render("push", directory, "odd.webp", ["--size", "63x47"])
    #expect(webp.status == 0 && webp.standardError == "", "WebP has no such limit: \(webp.standardError)")
  }
}
