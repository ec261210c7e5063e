import Foundation
import StagehandTestSupport
import Testing

/// A render that runs out of room: the file size limit (`ulimit -f`) makes every write past it fail with EFBIG, as a
/// full disk makes them fail with ENOSPC; without it the process would be killed by SIGXFSZ, leaving its temporary
/// file behind.
@Suite("stagehand render out of room")
struct RenderLimitsTests {
  @Test(
    "a write that fails mid-render is reported with the file, exit 1, and nothing is left behind",
    arguments: [("out.webp", "out.webp"), ("frames/%04d.png", "frames/0001.png")])
  func outOfRoom(output: String, named: String) throws {
    let root = try CFixture.temporaryDirectory("render-limits")
    defer { try? FileManager.default.removeItem(at: root) }
    let command =
      "ulimit -f 16; cd '\(root.path)' && exec '\(BuiltProducts.stagehand.path)' render push --size 1280x720 "
      + "--fps 30 -o '\(output)'"
    let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: cleanEnvironment)
    #expect(result.status == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains("cannot write '\(named)': File too large")
        && result.standardError.contains("(nothing was left behind)"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [], "a file was left behind")
  }
}
