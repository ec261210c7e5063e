import Foundation
import StagehandTestSupport
import Testing

/// `stagehand render` of ABI 1.1 styles from a plugin compiled from C (`StageEffectSources`): the end rule in the files
/// written, PNG frames and raw RGBA.
@Suite("stagehand render: ABI 1.1")
struct StageEffectRenderCommandTests {
  let a = RenderInputs.a
  let b = RenderInputs.b

  @Test(
    "the last frame shows the revealed content alone, however the leaving content ends",
    arguments: [
      ("r11-slide-stay", ["--inverse"]), ("r11-slide-fade", ["--inverse"]), ("r11-uncover", ["--inverse"]),
      ("r11-lingering", []), ("r11-slide-stay", ["--both"]),
    ])
  func lastFrame(style: String, direction: [String]) throws {
    let directory = try RenderInputs.directory()
    let result = try runStagehand(
      [
        "render", style, "--from", directory.path + "/A.png", "--to", directory.path + "/B.png", "--size", "64x48",
        "--fps", "20", "-o", directory.path + "/frames/%04d.png",
      ] + direction, environment: try StageEffectBrowserTests.environment())
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames").sorted()
    #expect(names.count >= 4)
    let last = try #require(IndependentDecoders.readPNG(directory.path + "/frames/" + names.last!))
    let before = try #require(IndependentDecoders.readPNG(directory.path + "/frames/" + names[names.count - 2]))
    let revealed = direction.isEmpty ? b : a
    #expect(last == revealed, "\(style) \(direction): the last frame is the revealed content alone")
    #expect(before != revealed, "\(style) \(direction): the frame before still shows the leaving content")
  }

  @Test("raw RGBA on standard output ends with the revealed content alone too")
  func rawEnd() throws {
    let directory = try RenderInputs.directory()
    let output = directory.path + "/out.rgba"
    let result = try run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "out=$1; shift; exec \"$@\" > \"$out\"", "sh", output, BuiltProducts.stagehand.path, "render",
        "r11-slide-stay", "--inverse", "--from", directory.path + "/A.png", "--to", directory.path + "/B.png",
        "--size", "64x48", "--fps", "20", "-o", "-", "--format", "rgba",
      ], environment: try StageEffectBrowserTests.environment())
    #expect(result.status == 0, "\(result.standardError)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    let frame = 64 * 48 * 4
    #expect(bytes.count % frame == 0 && bytes.count >= 2 * frame)
    #expect(Array(bytes.suffix(frame)) == a.rgba)
  }
}
