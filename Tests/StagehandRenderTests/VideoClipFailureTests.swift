import Foundation
import StagehandTestSupport
import Testing

@testable import StagehandRender

/// A clip whose stream fails keeps its first error: several drawing threads ask for its frames, and each must report
/// the same cause.
@Suite("Video clips that fail")
struct VideoClipFailureTests {
  @Test(
    "every request after a malformed frame gets the first error, not the end of the stream read on past it",
    arguments: [
      ("YUV4MPEG2 W4 H2\nFRAMX\n", "frame 0 does not start with FRAME"),
      ("YUV4MPEG2 W4 H2\nFRAME\n\u{1}", "ends inside frame 0"),
    ])
  func firstErrorKept(bytes: String, why: String) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/bad.y4m"
    try Y4MClips.write(Array(bytes.utf8), to: path)
    let clip = try VideoClip.open(path: path)
    defer { clip.close() }
    // Before the fix, the second request read on past the bad line, met the end of the stream and called frame 0
    // truncated; which of the two errors `render` printed depended on which drawing thread came first.
    for attempt in 0..<3 {
      do {
        _ = try clip.frame(0, keepingFrom: 0)
        Issue.record("request \(attempt) of a malformed clip returned a frame")
      } catch {
        #expect("\(error)".contains(why), "request \(attempt): \(error)")
      }
    }
  }
}
