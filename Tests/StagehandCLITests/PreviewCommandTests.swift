import Foundation
import StagehandTestSupport
import Testing

@Suite("stagehand preview")
struct PreviewCommandTests {
  @Test("not on a terminal, preview prints the timeline of the forward and inverse animations")
  func timeline() throws {
    let result = try runStagehand(["preview", "push-from-left", "--samples", "2"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == Self.pushFromLeft)
  }

  static let pushFromLeft = """
    push-from-left (preset of push, plugin org.stagehand.push): direction=left variant=plain
    container 320x480, duration 0.4 s (the style's default)

    forward: 3 steps, 0.4 s
      step 1: at 0 s instantly: appearing translate (-320, 0, 0)
      step 2: at 0 s for 0.4 s, ease-in-out: appearing translate (320, 0, 0); disappearing translate (320, 0, 0)
      step 3: at 0.4 s instantly: disappearing fade -1
      t=0 s
        appearing: translation (-320, 0, 0), opacity 1
        disappearing: opacity 1
        stage: at rest
      t=0.4 s
        appearing: opacity 1
        disappearing: translation (320, 0, 0), opacity 0
        stage: at rest

    inverse: 3 steps, 0.4 s
      step 1: at 0 s instantly: appearing fade 1
      step 2: at 0 s for 0.4 s, ease-in-out: appearing translate (-320, 0, 0); disappearing translate (-320, 0, 0)
      step 3: at 0.4 s instantly: disappearing translate (320, 0, 0)
      t=0 s
        appearing: translation (320, 0, 0), opacity 0
        disappearing: opacity 1
        stage: at rest
      t=0.4 s
        appearing: opacity 1
        disappearing: translation (-320, 0, 0), opacity 1
        stage: at rest

    """

  @Test("--samples N prints N times from the start to the end; a layer back at rest reads 'at rest'")
  func samples() throws {
    let result = try runStagehand(
      ["preview", "cover-from-bottom-push-to-back", "--samples", "5"], environment: cleanEnvironment)
    #expect(result.status == 0)
    let times = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  t=") }
    let once = ["  t=0 s", "  t=0.1 s", "  t=0.2 s", "  t=0.3 s", "  t=0.4 s"]
    #expect(times.map(String.init) == once + once, "5 times for the forward animation and 5 for the inverse")
    #expect(!result.standardOutput.contains("scale (1, 1, 1)"))
    #expect(!result.standardOutput.contains("translation (0, 0, 0)"))
  }

  /// `preview push` with `count` different `--param`.
  static func parameters(_ count: Int) -> [String] {
    ["preview", "push"] + (0..<count).flatMap { ["--param", "x\($0)=1"] }
  }

  /// `preview` of a style name of 131,000 bytes.
  static let longName = ["preview", String(repeating: "a", count: 131_000)]

  @Test("--inverse, --duration and --size shape the timeline")
  func options() throws {
    let result = try runStagehand(
      [
        "preview", "flip", "--param", "axis=horizontal", "--inverse", "--duration", "1.2", "--size", "200x100",
        "--samples", "4",
      ], environment: cleanEnvironment)
    #expect(result.status == 0)
    let out = result.standardOutput
    #expect(out.hasPrefix("flip (style, plugin org.stagehand.flip): axis=horizontal camera-distance=4\n"))
    #expect(out.contains("container 200x100, duration 1.2 s"))
    #expect(!out.contains("forward:"))
    #expect(out.contains("inverse: 4 steps, 1.2 s"))
    #expect(out.contains("camera distance 400"), "4 heights of 100 points")
  }

  @Test(
    "bad input gives one clear line and exit code 64",
    arguments: [
      (
        ["preview", "pusj"],
        "stagehand: error: unknown style 'pusj'; did you mean 'push'? Run 'stagehand list' to see all. Plugins were "
          + "looked for in \(cleanSearchPath)\n"
      ),
      (
        ["preview", "push", "--param", "direction=up"],
        "stagehand: error: style 'push': parameter 'direction': 'up' is not a label of 'direction'; give one of left, right, top, bottom, leading, trailing (did you mean 'top'?)\n"
      ),
      (
        ["preview", "push", "--param", "speed=2"],
        "stagehand: error: style 'push' has no parameter 'speed'; its parameters are direction, variant\n"
      ),
    ])
  func badInput(arguments: [String], message: String) throws {
    let result = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError == message)
  }

  @Test(
    "invalid options are refused before any work, with exit code 64",
    arguments: [
      (["preview", "push", "--param", "direction"], "'direction' is not a parameter assignment; write NAME=VALUE"),
      (["preview", "push", "--duration=-1"], "--duration '-1' is not valid; give a number of seconds from 0 to 600"),
      (["preview", "push", "--duration", "-1"], "--duration '-1' is not valid"),
      (["preview", "push", "--duration", "0x10"], "--duration '0x10' is not valid"),
      (["preview", "push", "--duration", "1e300"], "--duration '1e300' is not valid"),
      (["preview", "push", "--duration", "1000000000"], "--duration '1000000000' is not valid"),
      (["preview", "push", "--duration", "nan"], "--duration 'nan' is not valid"),
      (["preview", "push", "--size", "0x10"], "--size '0x10' is not valid; give WIDTHxHEIGHT"),
      (["preview", "push", "--size", "x320xx480x"], "--size 'x320xx480x' is not valid"),
      (["preview", "push", "--size", "1e-320x1e-320"], "--size '1e-320x1e-320' is not valid"),
      (["preview", "push", "--size", "9000x100"], "--size '9000x100' is not valid"),
      (
        Self.parameters(3000),
        "arguments are more than any command takes (at most 256)"
      ),
      (
        Self.parameters(17),
        "--param is given 17 times, but a style has at most 16 parameters"
      ),
      (
        Self.longName,
        "an argument of 131000 bytes is longer than any name, value or path (at most 4096 bytes)"
      ),
      (
        ["preview", "push", "--param", "direction=left", "--param", "direction=right"],
        "--param 'direction' is given twice ('left' and 'right'); give each parameter once"
      ),
      (["preview", "push", "--fps", "0"], "--fps 0 is not valid; give 1 to 120"),
    ])
  func invalidOptions(arguments: [String], message: String) throws {
    let result = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message))
  }
}
