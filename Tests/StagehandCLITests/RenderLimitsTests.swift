import Foundation
import StagehandTestSupport
import Testing

/// A render that runs out of room. Where the tests may mount (as root), the output goes to a tmpfs of 96 KiB: a real
/// full disk, whose writes fail with ENOSPC. Elsewhere, the file size limit (`ulimit -f`) makes writes past 16 KiB fail
/// with EFBIG (stagehand ignores SIGXFSZ, which would otherwise kill it and leave its temporary file behind); a
/// ThreadSanitizer build cannot run under that limit (its runtime's own files exceed it), so that lane needs the mount.
@Suite("stagehand render out of room")
struct RenderLimitsTests {
  @Test(
    "a write that fails mid-render is reported with the file, exit 1, and nothing is left behind",
    arguments: [("out.webp", "out.webp'"), ("frames/%04d.png", "frames/0")])
  func outOfRoom(output: String, named: String) throws {
    let root = try CFixture.temporaryDirectory("render-limits")
    defer { try? FileManager.default.removeItem(at: root) }
    let disk = root.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mounted =
      try run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=96k", "tmpfs", disk.path]).status == 0
    defer { if mounted { _ = try? run(URL(fileURLWithPath: "/bin/umount"), [disk.path]) } }
    let limit = mounted ? "" : "ulimit -f 16; "
    let command =
      "\(limit)cd '\(disk.path)' && exec '\(BuiltProducts.stagehand.path)' render push --size 1280x720 "
      + "--fps 30 -o '\(output)'"
    let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: cleanEnvironment)
    #expect(result.status == 1, "\(result.standardError)")
    let why = mounted ? "No space left on device" : "File too large"
    // The file named is the one whose write failed (a frame of the sequence: which one depends on the room).
    #expect(
      result.standardError.contains("cannot write '\(named)") && result.standardError.contains("': \(why)")
        && result.standardError.contains("(nothing was left behind)"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == [], "a file was left behind")
  }
}
