import Foundation
import StagehandTestSupport
import Testing

/// `--timing` on `preview`, `render`, `export` and `gallery`, end to end through the built `stagehand`.
@Suite("stagehand --timing")
struct TimingCommandTests {
  /// The four numbers of every `cubic-bezier(...)` in `css`.
  func curves(in css: String) -> [[Double]] {
    css.components(separatedBy: "cubic-bezier(").dropFirst().map { piece in
      piece.prefix { $0 != ")" }.split(separator: ",").compactMap {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
    }
  }

  @Test(
    "export --timing cubic-bezier writes that curve for every step, and its exact reverse for the inverse",
    arguments: ["push-from-left", "flip-horizontally", "cover-from-bottom"])
  func cssCurve(style: String) throws {
    let forward = try runStagehand(
      ["export", style, "--format", "css", "--timing", "cubic-bezier(0.1, 0.7, 0.3, 1.2)"],
      environment: cleanEnvironment)
    #expect(forward.status == 0, "\(forward.standardError)")
    let written = curves(in: forward.standardOutput)
    #expect(!written.isEmpty)
    for curve in written {
      #expect(curve.count == 4 && zip(curve, [0.1, 0.7, 0.3, 1.2]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(curve)")
    }
    let inverse = try runStagehand(
      ["export", style, "--inverse", "--format", "css", "--timing", "cubic-bezier(0.1, 0.7, 0.3, 1.2)"],
      environment: cleanEnvironment)
    #expect(inverse.status == 0, "\(inverse.standardError)")
    for curve in curves(in: inverse.standardOutput) {
      #expect(curve.count == 4 && zip(curve, [0.7, -0.2, 0.9, 0.3]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(curve)")
    }
    // Without --timing, the style's own curve.
    let own = try runStagehand(["export", style, "--format", "css"], environment: cleanEnvironment)
    #expect(curves(in: own.standardOutput).allSatisfy { abs($0[0] - 0.1) > 1e-3 })
  }

  @Test(
    "preview --timing shows every step of the forward with the curve chosen, and of the inverse with its reverse; names in any case, spaces anywhere",
    arguments: [
      ("linear", "linear", "linear"), ("EASE-IN", "ease-in", "ease-out"),
      (" cubic-bezier( .25 ,0, 1, 1 ) ", "cubic-bezier(0.25, 0.0, 1.0, 1.0)", "cubic-bezier(0.0, 0.0, 0.75, 1.0)"),
    ])
  func previewSteps(timing: String, forward: String, inverse: String) throws {
    let result = try runStagehand(
      ["preview", "push-from-left", "--samples", "2", "--timing", timing], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let steps = result.standardOutput.split(separator: "\n").filter { $0.contains(" for 0.4 s, ") }
    #expect(steps.count == 2, "one timed step forward, one inverse: \(steps)")
    #expect(steps.first?.contains(", \(forward):") == true && steps.last?.contains(", \(inverse):") == true, "\(steps)")
  }

  @Test("render --timing changes the frames the style's own curve gives, and a spring renders")
  func renderFrames() throws {
    let directory = try TemporaryDirectory()
    var sizes: [String: Data] = [:]
    for timing in ["", "linear", "spring(0.5, 0.5)"] {
      let name = directory.path + "/\(timing.isEmpty ? "own" : timing.prefix(6).description).rgba"
      let result = try runStagehand(
        ["render", "cover-from-bottom", "--size", "32x48", "--fps", "10", "-o", name]
          + (timing.isEmpty ? [] : ["--timing", timing]), environment: cleanEnvironment)
      #expect(result.status == 0, "\(result.standardError)")
      sizes[timing] = try Data(contentsOf: URL(fileURLWithPath: name))
    }
    #expect(sizes[""]?.count == sizes["linear"]?.count, "the same number of frames")
    #expect(sizes[""] != sizes["linear"], "linear timing moves the cover differently")
    #expect(sizes["linear"] != sizes["spring(0.5, 0.5)"])
  }

  @Test(
    "a timing that cannot be read is a usage error naming it, what is wrong and what to write, exit 64",
    arguments: [
      (["export", "push", "--format", "css", "--timing", "bouncy"], "--timing 'bouncy' is not known; give linear"),
      (["render", "push", "-o", "x.png", "--timing", "cubic-bezier(1.5, 0, 1, 1)"], "x1 (1.5) is out of range"),
      (["preview", "push", "--timing", "cubic-bezier(0, 0, 1)"], "gives 3 numbers to cubic-bezier, which takes 4"),
      (["preview", "push", "--timing", "spring(0, 0.5)"], "the response is out of range; give a number of seconds"),
      (["preview", "push", "--timing", "spring(0.5, -1)"], "the damping ratio is out of range"),
      (["preview", "push", "--timing", "spring(0.5, 1e3)"], "'1e3' is not a number"),
      (["preview", "push", "--timing", "steps(4)"], "--timing 'steps(4)' is not known"),
      (["gallery", "-o", "unwritten", "--timing", "ease-sideways"], "--timing 'ease-sideways' is not known"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains("Run 'stagehand \(arguments[0]) --help' for usage."))
    #expect(result.standardOutput == "")
  }

  @Test("gallery --timing times every style and preset so: the page and the summary say it, and the pictures change")
  func gallery() throws {
    let directory = try TemporaryDirectory()
    var pictures: [String: Data] = [:]
    // At 10 fps a 0.4 s style has frames at a third and two thirds of its duration, where the curves part. The
    // styles' own timing is the shared gallery's (made without --timing at the same size and rate).
    let (own, ownResult) = try SharedGallery.made.get()
    let easeIn = directory.path + "/gallery-ease-in"
    let size = "\(SharedGallery.width)x\(SharedGallery.height)"
    let easeInResult = try runStagehand(
      [
        "gallery", "-o", easeIn, "--size", size, "--fps", "\(SharedGallery.fps)", "--threads", "2", "--timing",
        "ease-in",
      ],
      environment: cleanEnvironment)
    for (timing, path, result) in [("", own, ownResult), ("ease-in", easeIn, easeInResult)] {
      #expect(result.status == 0, "\(result.standardError)")
      let html = try String(contentsOfFile: path + "/index.html", encoding: .utf8)
      let note = ", every step timed ease-in (its reverse in the inverse)"
      #expect(html.contains(note) == !timing.isEmpty, "the page says the timing only when one was chosen")
      #expect(result.standardOutput.contains(note) == !timing.isEmpty, "\(result.standardOutput)")
      pictures[timing] = try Data(
        contentsOf: URL(fileURLWithPath: path + "/org.stagehand.cover_cover-from-bottom.forward.webp"))
    }
    #expect(pictures[""] != nil && pictures[""] != pictures["ease-in"], "ease-in moves the cover differently")
  }
}
