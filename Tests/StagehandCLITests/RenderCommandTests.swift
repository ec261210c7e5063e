import Foundation
import StagehandTestSupport
import Testing

/// `stagehand render` end to end: the built binary writes every format, read back with independent decoders.
@Suite("stagehand render")
struct RenderCommandTests {
  let a = RenderInputs.a
  let b = RenderInputs.b

  /// Runs `stagehand` with standard output sent to the file `output` (byte for byte).
  func runToFile(_ output: String, _ arguments: [String]) throws -> ProcessResult {
    try run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "out=$1; shift; exec \"$@\" > \"$out\"", "sh", output, BuiltProducts.stagehand.path] + arguments,
      environment: cleanEnvironment)
  }

  @Test("PNG frames: round(duration x fps) files, the first picture A and the last picture B exactly")
  func pngFrames() throws {
    let directory = try RenderInputs.directory()
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/A.png", "--to", directory.path + "/B.png",
        "--size", "64x48", "--fps", "10", "-o", directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(result.standardOutput == "\(directory.path)/frames/%04d.png: 4 frames, 64x48 at 10 fps (0.4 s)\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames").sorted()
    #expect(names == ["0001.png", "0002.png", "0003.png", "0004.png"])
    #expect(IndependentDecoders.readPNG(directory.path + "/frames/0001.png") == a)
    #expect(IndependentDecoders.readPNG(directory.path + "/frames/0004.png") == b)
  }

  @Test("-o - --format rgba: nothing but the frames on standard output, first A, last B")
  func rawToStandardOutput() throws {
    let directory = try RenderInputs.directory()
    let output = directory.path + "/out.raw"
    let result = try runToFile(
      output,
      [
        "render", "push-from-left", "--from", directory.path + "/A.png", "--to", directory.path + "/B.png",
        "--size", "64x48", "--fps", "30", "-o", "-", "--format", "rgba",
      ])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(bytes.count == 12 * 64 * 48 * 4, "0.4 s at 30 fps: 12 frames")
    #expect(DecodedPicture.frame(0, of: bytes, width: 64, height: 48) == a)
    #expect(DecodedPicture.frame(11, of: bytes, width: 64, height: 48) == b)
  }

  @Test("-o - --format y4m: a YUV4MPEG2 stream; ffprobe, when installed, counts its frames")
  func y4mToStandardOutput() throws {
    let directory = try RenderInputs.directory()
    let output = directory.path + "/out.y4m"
    let result = try runToFile(
      output, ["render", "flip", "--size", "64x48", "--fps", "20", "-o", "-", "--format", "y4m", "--both"])
    #expect(result.status == 0)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    let header = "YUV4MPEG2 W64 H48 F20:1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
    #expect(bytes.starts(with: Array(header.utf8)))
    #expect(bytes.count == header.utf8.count + 24 * (6 + 64 * 48 * 3 / 2), "0.6 s at 20 fps, forward and inverse")
    let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")
    if FileManager.default.isExecutableFile(atPath: ffprobe.path) {
      let probe = try run(
        ffprobe,
        [
          "-v", "error", "-count_frames", "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0",
          output,
        ])
      #expect(probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "64,48,24")
    }
  }

  @Test("animated WebP with --both: forward then inverse, looping; libwebp decodes A, then B, then A again")
  func webpBoth() throws {
    let directory = try RenderInputs.directory()
    let output = directory.path + "/push.webp"
    let result = try runStagehand(
      [
        "render", "push", "--from", directory.path + "/A.png", "--to", directory.path + "/B.png", "--size", "64x48",
        "--fps", "30", "--both", "-o", output,
      ], environment: cleanEnvironment)
    #expect(result.status == 0)
    let animation = try #require(IndependentDecoders.readAnimatedWebP(output))
    #expect(animation.width == 64 && animation.height == 48 && animation.loopCount == 0)
    // 24 frames of 1/30 s; libwebp's encoder merges the two identical frames in the middle (the forward's end and
    // the inverse's start) into one shown twice as long.
    #expect(animation.frames.count == 23)
    #expect(animation.frames.last?.endMilliseconds == 800)
    let middle = try #require(animation.frames.first { $0.endMilliseconds > 380 })
    #expect(middle.endMilliseconds == 433, "frames 12 and 13, from 367 to 433 ms")
    #expect(animation.frames[0].picture.meanDifference(from: a) < 4)
    #expect(middle.picture.meanDifference(from: b) < 4)
    #expect((animation.frames.last?.picture.meanDifference(from: a) ?? .infinity) < 4)
    #expect(directory.contents == ["A.png", "B.png", "push.webp"], "no temporary file is left")
  }

  @Test("--fit letterboxes a picture of other proportions in the background colour; cards stand in for no picture")
  func fitAndCards() throws {
    let directory = try TemporaryDirectory()
    #expect(
      IndependentDecoders.writePNG(
        DecodedPicture.gradient(width: 32, height: 8, flipped: false), to: directory.path + "/wide.png"))
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/wide.png", "--fit", "--background", "00ff00",
        "--size", "64x48", "--fps", "10", "-o", directory.path + "/f%d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0)
    let first = try #require(IndependentDecoders.readPNG(directory.path + "/f1.png"))
    #expect(first.channels(0, 0) == [0, 255, 0, 255], "above the letterboxed picture")
    #expect(first.channels(32, 24) != [0, 255, 0, 255], "the picture, in the middle")
    let last = try #require(IndependentDecoders.readPNG(directory.path + "/f4.png"))
    #expect(last.channels(32, 40) != first.channels(32, 40), "card B, not the picture")
  }

  @Test(
    "bad pictures exit 1 with a message naming the file and why, and leave no output",
    arguments: [
      ("damaged", "is damaged"), ("truncated", "is truncated"), ("huge", "more than the 40000000 pixels"),
      ("text", "neither PNG nor JPEG"), ("missing", "No such file or directory"),
    ])
  func badPictures(kind: String, why: String) throws {
    let directory = try RenderInputs.directory()
    let path = directory.path + "/\(kind).png"
    let good = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/A.png"))
    switch kind {
    case "damaged":
      var bytes = good
      let idat = try #require(bytes.range(of: Data("IDAT".utf8)))
      for offset in 4..<40 { bytes[idat.upperBound + offset] ^= 0x5A }
      try bytes.write(to: URL(fileURLWithPath: path))
    case "truncated": try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: path))
    case "huge":
      var bytes = good
      // IHDR's width and height become 60000 x 60000; the CRC no longer matches, but the size is refused first.
      for (offset, byte) in [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60].enumerated() { bytes[16 + offset] = UInt8(byte) }
      try bytes.write(to: URL(fileURLWithPath: path))
    case "text": try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
    default: break
    }
    let result = try runStagehand(
      ["render", "push", "--from", path, "--size", "64x48", "-o", directory.path + "/out.webp"],
      environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("'\(path)'") && result.standardError.contains(why), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/out.webp"))
    #expect(directory.contents.allSatisfy { !$0.hasPrefix(".") }, "no temporary file")
  }

  @Test("an unwritable output exits 1 naming it; a full standard output too; a format that cannot stream exits 64")
  func badOutputs() throws {
    let unwritable = try runStagehand(
      ["render", "push", "--size", "64x48", "-o", "/nonexistent/out.webp"], environment: cleanEnvironment)
    #expect(unwritable.status == 1)
    #expect(unwritable.standardError.contains("cannot write '/nonexistent/out.webp': No such file or directory"))
    let full = try runToFile("/dev/full", ["render", "push", "--size", "64x48", "-o", "-", "--format", "rgba"])
    #expect(full.status == 1)
    #expect(full.standardError.contains("standard output") && full.standardError.contains("No space left on device"))
    let webpOut = try runStagehand(
      ["render", "push", "-o", "-", "--format", "webp"], environment: cleanEnvironment)
    #expect(webpOut.status == 64)
    #expect(webpOut.standardError.contains("--format webp cannot go to standard output"))
    let single = try runStagehand(["render", "push", "-o", "frame.png"], environment: cleanEnvironment)
    #expect(single.status == 64)
    #expect(single.standardError.contains("put one %04d in the name"))
    let frames = try runStagehand(
      ["render", "push", "--duration", "600", "--fps", "240", "-o", "x.webp"], environment: cleanEnvironment)
    #expect(frames.status == 64)
    #expect(frames.standardError.contains("more than 36000 frames"))
  }

  @Test("an output that is a pipe (or a device) is written in place, never replaced by a renamed file")
  func pipeOutput() throws {
    let directory = try TemporaryDirectory()
    let pipe = directory.path + "/pipe"
    #expect(mkfifo(pipe, 0o600) == 0)
    let script =
      "cat \"$1\" > \"$2\" & \"$0\" render push --size 64x48 --fps 10 -o \"$1\" --format rgba; s=$?; wait; exit $s"
    let result = try run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, BuiltProducts.stagehand.path, pipe, directory.path + "/copy"],
      environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    var status = stat()
    #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a pipe")
    let copied = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/copy"))
    #expect(copied.count == 4 * 64 * 48 * 4)
    #expect(directory.contents == ["copy", "pipe"])
  }

  @Test("a directory as the output is refused before drawing")
  func directoryOutput() throws {
    let directory = try TemporaryDirectory()
    let result = try runStagehand(
      ["render", "push", "--size", "64x48", "-o", directory.path, "--format", "webp"], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("cannot write '\(directory.path)': Is a directory"))
  }
}

/// The two pictures the render tests start from: 64 x 48 gradients, the second one flipped.
enum RenderInputs {
  static let a = DecodedPicture.gradient(width: 64, height: 48, flipped: false)
  static let b = DecodedPicture.gradient(width: 64, height: 48, flipped: true)

  /// A new directory with the two pictures as A.png and B.png.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    #expect(IndependentDecoders.writePNG(a, to: directory.path + "/A.png"))
    #expect(IndependentDecoders.writePNG(b, to: directory.path + "/B.png"))
    return directory
  }
}
