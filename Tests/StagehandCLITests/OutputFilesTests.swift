import Foundation
import StagehandTestSupport
import Testing

/// Output files of `render`, `gallery` and `export`: PNG sequences never mix with older frames, missing directories
/// are created for every format, and messages name the user's paths.
@Suite("Output files")
struct OutputFilesTests {
  /// Renders `push` at 30 fps for `seconds` (12 frames for 0.4 s) to the frames `pattern`.
  static func renderFrames(_ pattern: String, seconds: String, _ extra: [String] = []) throws -> ProcessResult {
    try runStagehand(
      ["render", "push", "--size", "32x24", "--fps", "30", "--duration", seconds, "-o", pattern] + extra,
      environment: cleanEnvironment)
  }

  @Test("12 frames over 18 older frames of the pattern are refused before anything is written, naming them")
  func olderFramesRefused() throws {
    let directory = try TemporaryDirectory()
    let pattern = directory.path + "/fr/%04d.png"
    #expect(try Self.renderFrames(pattern, seconds: "0.6").status == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/fr").sorted()
    #expect(before.count == 18)
    let stamps = before.map { try? FileManager.default.attributesOfItem(atPath: directory.path + "/fr/" + $0) }
    let result = try Self.renderFrames(pattern, seconds: "0.4")
    #expect(result.status == 1)
    let message = result.standardError
    #expect(message.contains("the frames '\(pattern)' would mix with 18 older frames of that pattern"), "\(message)")
    #expect(message.contains("'\(directory.path)/fr/0001.png'") && message.contains("'\(directory.path)/fr/0018.png'"))
    #expect(message.contains("give --overwrite"))
    let after = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/fr").sorted()
    #expect(after == before, "nothing written, nothing left behind")
    let stampsAfter = after.map { try? FileManager.default.attributesOfItem(atPath: directory.path + "/fr/" + $0) }
    #expect(
      zip(stamps, stampsAfter).allSatisfy {
        ($0?[.modificationDate] as? Date) == ($1?[.modificationDate] as? Date)
      })
  }

  @Test("--overwrite: 12 frames over 18 leave exactly the 12 new ones, and files of other names alone")
  func overwriteRemovesOlderFrames() throws {
    let directory = try TemporaryDirectory()
    let pattern = directory.path + "/fr/%04d.png"
    #expect(try Self.renderFrames(pattern, seconds: "0.6").status == 0)
    for other in ["notes.txt", "0001.jpg", "x0001.png", "12.png"] {
      #expect(FileManager.default.createFile(atPath: directory.path + "/fr/" + other, contents: Data()))
    }
    let result = try Self.renderFrames(pattern, seconds: "0.4", ["--overwrite"])
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/fr").sorted()
    let frames = (1...12).map { String(format: "%04d.png", $0) }
    #expect(names == (frames + ["0001.jpg", "12.png", "notes.txt", "x0001.png"]).sorted())
    #expect(IndependentDecoders.readPNG(directory.path + "/fr/0012.png") != nil)
  }
}

/// Missing directories: created, with their parents, for every output of `render`, `export` and `gallery`; a
/// directory that cannot be made is named with the user's own path.
@Suite("Output directories")
struct OutputDirectoriesTests {
  @Test(
    "render, export and gallery create the missing directories of every format",
    arguments: [
      ["render", "push", "--size", "32x24", "-o", "new/a/x.webp"],
      ["render", "push", "--size", "32x24", "-o", "new/a/%04d.png"],
      ["render", "push", "--size", "32x24", "-o", "new/a/x.y4m"],
      ["render", "push", "--size", "32x24", "-o", "new/a/x.rgba"],
      ["export", "flip", "-o", "new/a/x.html"],
      ["export", "flip", "-o", "new/a/x.css"],
      ["export", "flip", "-o", "new/a/x.json"],
      ["gallery", "--size", "16x16", "-o", "new/a/gallery"],
    ])
  func created(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    let output = directory.path + "/" + arguments.last!
    let result = try runStagehand(arguments.dropLast() + [output], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/new/a")
    #expect(!written.isEmpty)
    #expect(written.allSatisfy { !$0.hasPrefix(".") }, "no temporary file: \(written)")
  }

  @Test(
    "a directory that cannot be made is refused naming the user's path, and nothing is left behind",
    arguments: [
      ["render", "push", "--size", "32x24", "-o", "file/sub/x.webp"],
      ["render", "push", "--size", "32x24", "-o", "file/sub/%04d.png"],
      ["render", "push", "--size", "32x24", "-o", "file/x.y4m"],
      ["export", "flip", "-o", "file/sub/x.html"],
      ["export", "flip", "-o", "file/x.json"],
      ["gallery", "--size", "16x16", "-o", "file/gallery"],
    ])
  func refused(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    #expect(FileManager.default.createFile(atPath: directory.path + "/file", contents: Data()))
    let output = directory.path + "/" + arguments.last!
    let result = try runStagehand(arguments.dropLast() + [output], environment: cleanEnvironment)
    #expect(result.status == 1)
    let named = output.replacingOccurrences(of: "%04d", with: "0001")
    #expect(result.standardError.contains("'\(named)': Not a directory"), "\(result.standardError)")
    #expect(directory.contents == ["file"])
  }

  @Test("export -o /nonexistent/x.html names that path, not a scratch file beside it")
  func exportNamesTheUsersPath() throws {
    let result = try runStagehand(["export", "flip", "-o", "/nonexistent/x.html"], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("cannot write '/nonexistent/x.html': No such file or directory"))
    #expect(!result.standardError.contains("x.html.png"))
  }
}

/// Inputs and outputs that are not regular files never hold a command: a pipe as a picture, an output or the
/// allow-list is refused at once (an output pipe after 2 s without a reader), and a picture too wide for the
/// renderer's fixed point is refused, never drawn blank.
@Suite("Inputs and outputs that are not regular files")
struct SpecialFilesTests {
  @Test("a pipe as --from is refused, naming it")
  func pipeAsPicture() throws {
    let directory = try TemporaryDirectory()
    let pipe = directory.path + "/pipe"
    #expect(mkfifo(pipe, 0o600) == 0)
    let result = try runStagehand(
      ["render", "push", "--size", "32x24", "--from", pipe, "-o", directory.path + "/out.webp"],
      environment: cleanEnvironment, timeLimit: 60)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(result.standardError.contains("'\(pipe)' is not a regular file"), "\(result.standardError)")
    #expect(directory.contents == ["pipe"])
  }

  @Test("a pipe that no program reads as -o is refused, naming it")
  func pipeAsOutput() throws {
    let directory = try TemporaryDirectory()
    let pipe = directory.path + "/pipe"
    #expect(mkfifo(pipe, 0o600) == 0)
    let result = try runStagehand(
      ["render", "push", "--size", "32x24", "-o", pipe, "--format", "rgba"], environment: cleanEnvironment,
      timeLimit: 60)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("cannot write '\(pipe)': it is a pipe that no program reads"),
      "\(result.standardError)")
    #expect(directory.contents == ["pipe"])
  }

  @Test("a pipe as the allow-list is refused, naming it: no plugin is allowed")
  func pipeAsAllowList() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path + "/stagehand", withIntermediateDirectories: true)
    let pipe = directory.path + "/stagehand/allowed-plugins"
    #expect(mkfifo(pipe, 0o600) == 0)
    var environment = cleanEnvironment
    environment["XDG_CONFIG_HOME"] = directory.path
    environment["XDG_CACHE_HOME"] = directory.path + "/cache"
    let result = try runStagehand(
      ["render", "push", "--size", "32x24", "-o", directory.path + "/out.webp"], environment: environment,
      timeLimit: 60)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("the allow-list \(pipe) is not a regular file"), "\(result.standardError)")
  }

  @Test("a picture past 16384 pixels a side is refused with the renderer's limit; one of 16384 is drawn")
  func tooWidePicture() throws {
    let directory = try TemporaryDirectory()
    let wide = directory.path + "/wide.png"
    let picture = DecodedPicture(width: 16_385, height: 1, rgba: [UInt8](repeating: 200, count: 16_385 * 4))
    #expect(IndependentDecoders.writePNG(picture, to: wide))
    let result = try runStagehand(
      ["render", "push", "--size", "32x24", "--from", wide, "-o", directory.path + "/out.webp"],
      environment: cleanEnvironment, timeLimit: 60)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("the image '\(wide)' is 16385x1 pixels")
        && result.standardError.contains("at most 16384 pixels on a side"), "\(result.standardError)")
    #expect(directory.contents == ["wide.png"])

    // At the limit, the picture fills the first frame (pixman's coordinates overflowed at 32767 and drew only the
    // background).
    let largest = directory.path + "/largest.png"
    let grey = DecodedPicture.filled(width: 16_384, height: 4, rgba: [200, 200, 200, 255])
    #expect(IndependentDecoders.writePNG(grey, to: largest))
    let output = directory.path + "/out.rgba"
    let drawn = try runStagehand(
      ["render", "push", "--size", "32x24", "--duration", "0.1", "--fps", "10", "--from", largest, "-o", output],
      environment: cleanEnvironment, timeLimit: 60)
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let frames = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(frames.count >= 32 * 24 * 4)
    #expect(frames.prefix(32 * 24 * 4).allSatisfy { $0 == 200 || $0 == 255 }, "the first frame is the picture")
  }

}
