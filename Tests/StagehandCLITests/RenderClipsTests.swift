import Foundation
import StagehandTestSupport
import Testing

/// `stagehand render` of moving pictures, end to end through the built binary: Y4M clips (files and standard input)
/// and videos through ffmpeg, joined at `--offset` as FFmpeg's xfade joins them.
///
/// The clips are flat colours that change every frame, written as Y4M by the tests; the frames are written as PNG
/// (lossless) and compared with the BT.601 conversion of the clip's samples done independently in floating point
/// (`Y4MClips.rgb`). The tolerance is 1 level a channel: the renderer converts in 16.16 fixed point, which can round
/// a value lying within 1/65536 of a half the other way; neighbouring frames differ by 6 or more.
@Suite("stagehand render of clips")
struct RenderClipsTests {
  /// Writes clip A (12 frames at 10 fps) and B (`bFrames` at `bRate`) into a new directory.
  func clips(bFrames: Int = 15, bRate: String = "10:1", bWidth: Int = 64) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try Y4MClips.write(
      Y4MClips.flat(width: 64, height: 48, frames: (0..<12).map(Y4MClips.a)), to: directory.path + "/A.y4m")
    try Y4MClips.write(
      Y4MClips.flat(width: bWidth, height: 48, rate: bRate, frames: (0..<bFrames).map(Y4MClips.b)),
      to: directory.path + "/B.y4m")
    return directory
  }

  /// Frame `n` (from 1) of the PNG sequence in `directory`/frames.
  func frame(_ directory: TemporaryDirectory, _ n: Int) throws -> DecodedPicture {
    try #require(IndependentDecoders.readPNG(directory.path + String(format: "/frames/%04d.png", n)))
  }

  @Test("--offset: A alone, the transition, then the rest of B; A's and B's frames within 1 level")
  func joinedClip() throws {
    let directory = try clips()
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/A.y4m", "--to", directory.path + "/B.y4m",
        "--size", "64x48", "--fps", "10", "--duration", "0.5", "--offset", "0.4", "-o",
        directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    // 4 frames of A alone (0.4 s), 5 of the transition (0.5 s), and B's frames 5 to 14: 19.
    #expect(result.standardOutput.hasPrefix("\(directory.path)/frames/%04d.png: 19 frames, 64x48 at 10 fps"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 19)
    for n in 1...4 {
      let picture = try frame(directory, n)
      #expect(picture.difference(10, 10, from: Y4MClips.rgb(Y4MClips.a(n - 1))) <= 1, "frame \(n): A's \(n - 1)")
    }
    for n in 10...19 {
      let picture = try frame(directory, n)
      #expect(picture.difference(10, 10, from: Y4MClips.rgb(Y4MClips.b(n - 5))) <= 1, "frame \(n): B's \(n - 5)")
    }
  }

  @Test("transition frame k draws A's frame at that moment and B's frame k (B at twice the rate: its frame 2k)")
  func matchingFrames() throws {
    let directory = try clips(bFrames: 30, bRate: "20:1")
    let result = try runStagehand(
      [
        "render", "push-from-left", "--from", directory.path + "/A.y4m", "--to", directory.path + "/B.y4m",
        "--size", "64x48", "--fps", "10", "--duration", "0.5", "--offset", "0.3", "-o",
        directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    // B comes in from the left: its frame is at the left edge, A's at the right edge (in the middle of the
    // transition both; near its start A's, near its end B's, whatever the timing curve).
    func picture(_ k: Int) throws -> DecodedPicture { try frame(directory, 3 + k + 1) }
    #expect(try picture(2).difference(1, 24, from: Y4MClips.rgb(Y4MClips.b(4))) <= 1, "frame 2: B's 4")
    #expect(try picture(2).difference(62, 24, from: Y4MClips.rgb(Y4MClips.a(5))) <= 1, "frame 2: A's 5")
    #expect(try picture(1).difference(62, 24, from: Y4MClips.rgb(Y4MClips.a(4))) <= 1, "frame 1: A's 4")
    #expect(try picture(3).difference(1, 24, from: Y4MClips.rgb(Y4MClips.b(6))) <= 1, "frame 3: B's 6")
    // After the transition (frame 9 on), B at 20 fps is shown at 10 fps: its frames 10, 12, ... to 28; 3 + 15 frames.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 18)
    let last = try frame(directory, 18)
    #expect(last.difference(10, 10, from: Y4MClips.rgb(Y4MClips.b(28))) <= 1)
  }

  @Test("a clip that ends before its part holds its last frame; a clip of other proportions is fitted (--fit)")
  func holdAndFit() throws {
    let directory = try clips(bFrames: 3, bWidth: 32)
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/A.y4m", "--to", directory.path + "/B.y4m",
        "--size", "64x48", "--fps", "10", "--duration", "0.5", "--offset", "1.5", "--fit", "--background",
        "00ff00", "-o", directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    // A has 12 frames: frames 13 to 15 hold its last one. B (3 frames) ends inside the transition: 15 + 5 frames.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 20)
    #expect(try frame(directory, 15).difference(30, 10, from: Y4MClips.rgb(Y4MClips.a(11))) <= 1)
    let last = try frame(directory, 20)
    #expect(last.difference(32, 24, from: Y4MClips.rgb(Y4MClips.b(2))) <= 1, "B's last frame, held")
    #expect(last.channels(2, 24) == [0, 255, 0, 255], "B, 32 pixels wide, letterboxed in the background")
  }

  @Test("--offset over two stills: A for the offset, then the transition, and the output ends with it")
  func stillsWithOffset() throws {
    let directory = try RenderInputs.directory()
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/A.png", "--to", directory.path + "/B.png",
        "--size", "64x48", "--fps", "10", "--duration", "0.5", "--offset", "0.3", "-o",
        directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment, timeLimit: 60)
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 8, "3 frames of A, 5 of the transition")
    for n in 1...4 { #expect(try frame(directory, n) == RenderInputs.a, "frame \(n)") }
    #expect(try frame(directory, 8) == RenderInputs.b)
  }

  @Test("--from - reads a Y4M stream on standard input")
  func standardInput() throws {
    let directory = try clips()
    let result = try run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "exec \"$0\" \"$@\" < \"$STAGEHAND_TEST_INPUT\"", BuiltProducts.stagehand.path, "render", "push",
        "--from", "-", "--to", directory.path + "/B.y4m", "--size", "64x48", "--fps", "10", "--duration", "0.5",
        "--offset", "0.2", "-o", directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment.merging(["STAGEHAND_TEST_INPUT": directory.path + "/A.y4m"]) { $1 })
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try frame(directory, 1).difference(10, 10, from: Y4MClips.rgb(Y4MClips.a(0))) <= 1)
    #expect(try frame(directory, 2).difference(10, 10, from: Y4MClips.rgb(Y4MClips.a(1))) <= 1)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 17, "2 frames of A, then B's 15")
  }

  @Test(
    "bad Y4M headers and frames exit 1 naming the file and why, and leave no output",
    arguments: [
      ("YUV4MPEG2 W64 H4", "ends inside its YUV4MPEG2 header"),
      ("YUV4MPEG2 Wabc H48\n", "Wabc is not a positive whole number"),
      ("YUV4MPEG2 W64\n", "gives no height"),
      ("YUV4MPEG2 W16000 H16000\n", "more than the 40000000 pixels"),
      ("YUV4MPEG2 W64 H48 F1000000:1\n", "F1000000:1"),
      ("YUV4MPEG2 W64 H48 F30:0\n", "F30:0"),
      ("YUV4MPEG2 W64 H48 C420p10\n", "C420p10 is not read here"),
      ("YUV4MPEG2 W64 H48\nFRAMX\n", "frame 0 does not start with FRAME"),
      ("YUV4MPEG2 W64 H48\nFRAME\n\u{1}\u{2}", "ends inside frame 0"),
      ("YUV4MPEG2 W64 H48\n" + String(repeating: "F", count: 5000), "no line feed"),
      ("YUV4MPEG2 W64 H48\n", "has no frame: it ends right after its YUV4MPEG2 header"),
      ("YUV4MPEG2 W16385 H2\n", "at most 16384 pixels on a side"), ("", "is empty (0 bytes)"),
    ])
  func badHeaders(bytes: String, why: String) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/bad.y4m"
    try Y4MClips.write(Array(bytes.utf8), to: path)
    let result = try runStagehand(
      ["render", "push", "--from", path, "--size", "64x48", "-o", directory.path + "/out.webp"],
      environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("'\(path)'") && result.standardError.contains(why), "\(result.standardError)")
    #expect(directory.contents == ["bad.y4m"], "no output, no temporary file")
  }

  @Test(
    "--offset is a number of seconds, refused with 64 when it is not, or when it leaves no frame for the transition",
    arguments: [
      ("1e1", "--offset '1e1' is not valid; give seconds written with digits"), ("-1", "--offset '-1' is not valid"),
      ("abc", "--offset 'abc' is not valid"),
      ("3600", "--offset 3600 at 30 fps puts 108000 frames before the transition, and an output has at most"),
    ])
  func badOffsets(offset: String, why: String) throws {
    let directory = try clips()
    let result = try runStagehand(
      [
        "render", "push", "--from", directory.path + "/A.y4m", "--offset", offset, "--size", "64x48", "-o",
        directory.path + "/out.y4m",
      ], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(why), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/out.y4m"))
  }

  @Test("-o naming a file --from or --to reads (also through a link) is refused with 64, and the input is kept")
  func outputIsAnInput() throws {
    let directory = try clips()
    let clip = directory.path + "/A.y4m"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.y4m", withDestinationPath: clip)
    for (option, input, output) in [
      ("--from", clip, clip), ("--to", clip, clip), ("--from", directory.path + "/link.y4m", clip),
      ("--to", clip, directory.path + "/link.y4m"),
    ] {
      let result = try runStagehand(
        ["render", "push", option, input, "--size", "64x48", "-o", output], environment: cleanEnvironment)
      #expect(result.status == 64, "\(option) \(input) -o \(output)")
      #expect(
        result.standardError.contains("-o '\(output)' is the file \(option) reads ('\(input)')")
          && result.standardError.contains("give -o another file"), "\(result.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: clip)) == bytes, "the clip is kept")
    }
  }

  @Test("a video that is not Y4M without ffmpeg on the PATH: a clear error saying to install it or give a .y4m")
  func missingFFmpeg() throws {
    let directory = try clips()
    let empty = try TemporaryDirectory()
    try Y4MClips.write(Array("not a picture and not Y4M".utf8), to: directory.path + "/clip.mkv")
    let result = try runStagehand(
      [
        "render", "push", "--from", directory.path + "/A.y4m", "--to", directory.path + "/clip.mkv", "--size",
        "64x48", "-o", directory.path + "/out.y4m",
      ], environment: cleanEnvironment.merging(["PATH": empty.path]) { $1 })
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("'\(directory.path)/clip.mkv'")
        && result.standardError.contains("ffmpeg, which decodes other videos, is not on the PATH")
        && result.standardError.contains("install ffmpeg"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/out.y4m"))
  }

  @Test("a video ffmpeg reads is decoded through it; one it cannot read gives its message")
  func throughFFmpeg() throws {
    let ffmpeg = "/usr/bin/ffmpeg"
    try #require(FileManager.default.isExecutableFile(atPath: ffmpeg), "Scripts/bootstrap installs ffmpeg")
    let directory = try clips()
    // B's Y4M frames in a Matroska file, losslessly (FFV1): the same colours must come out.
    let made = try run(
      URL(fileURLWithPath: ffmpeg),
      ["-v", "error", "-i", directory.path + "/B.y4m", "-c:v", "ffv1", directory.path + "/B.mkv"])
    #expect(made.status == 0, "\(made.standardError)")
    let result = try runStagehand(
      [
        "render", "cross-dissolve", "--from", directory.path + "/A.y4m", "--to", directory.path + "/B.mkv",
        "--size", "64x48", "--fps", "10", "--duration", "0.5", "-o", directory.path + "/frames/%04d.png",
      ], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames")
    #expect(names.count == 15)
    #expect(try frame(directory, 15).difference(10, 10, from: Y4MClips.rgb(Y4MClips.b(14))) <= 1)
    try Y4MClips.write(Array("not a picture and not a video".utf8), to: directory.path + "/text.mkv")
    let bad = try runStagehand(
      ["render", "push", "--to", directory.path + "/text.mkv", "--size", "64x48", "-o", directory.path + "/o.y4m"],
      environment: cleanEnvironment)
    #expect(bad.status == 1)
    #expect(
      bad.standardError.contains("ffmpeg cannot decode it as a video (ffmpeg exited with status"),
      "\(bad.standardError)")
  }
}
