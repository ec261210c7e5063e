import Foundation
import StagehandTestSupport
import Testing

/// `--reduce-motion` (and `STAGEHAND_REDUCE_MOTION=1`), `--layout-direction` and `--display-scale`, which every
/// command that plays a transition shares, and the reduced-motion fallback in `info`.
@Suite("Reduced motion, layout direction and display scale on the command line")
struct PresentationCommandTests {
  /// A directory holding the motion fixture (org.example.motion: slide falls back to fade), and a cache of its own.
  static let setup = Result { () throws -> (root: URL, environment: [String: String]) in
    let root = try CFixture.temporaryDirectory("presentation-command")
    let plugins = root.appendingPathComponent("plugins")
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    try MotionFixture.compile(into: plugins, name: "libmotion.so")
    try MotionFixture.compile(
      into: plugins, name: "libcross.so", id: "org.example.cross", slideFallback: "org.example.missing:fade")
    return (root, environment(cacheUnder: root, pluginPath: plugins.path))
  }

  static func stagehand(_ arguments: [String], extra: [String: String] = [:]) throws -> ProcessResult {
    try runStagehand(arguments, environment: setup.get().environment.merging(extra) { $1 })
  }

  @Test("preview --reduce-motion plays the fallback, says so, and builds it with reduced motion set")
  func reduceMotionFlag() throws {
    let result = try Self.stagehand(["preview", "org.example.motion:slide", "--reduce-motion", "--samples", "1"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "slide (style, plugin org.example.motion): edge=leading")
    #expect(lines.dropFirst().first == "container 320x480, duration 0.2 s (the style's default), reduced motion")
    #expect(lines.dropFirst(2).first == "plays org.example.motion:fade instead, the reduced-motion fallback of slide")
    // The fade's own builder saw the flag: its pause of length 0 comes first.
    #expect(result.standardOutput.contains("forward: 3 steps, 0.2 s\n  step 1: at 0 s instantly: pause"))
  }

  @Test("STAGEHAND_REDUCE_MOTION=1 does what --reduce-motion does; 0 does not; anything else is a usage error")
  func reduceMotionVariable() throws {
    let flag = try Self.stagehand(["preview", "org.example.motion:slide", "--reduce-motion", "--samples", "1"])
    let variable = try Self.stagehand(
      ["preview", "org.example.motion:slide", "--samples", "1"], extra: ["STAGEHAND_REDUCE_MOTION": "1"])
    #expect(variable.status == 0)
    #expect(variable.standardOutput == flag.standardOutput)
    let off = try Self.stagehand(
      ["preview", "org.example.motion:slide", "--samples", "1"], extra: ["STAGEHAND_REDUCE_MOTION": "0"])
    #expect(off.status == 0)
    #expect(
      off.standardOutput.hasPrefix(
        "slide (style, plugin org.example.motion): edge=leading\ncontainer 320x480, duration 0.4 s (the style's default)\n"
      ))
    let bad = try Self.stagehand(["preview", "org.example.motion:slide"], extra: ["STAGEHAND_REDUCE_MOTION": "yes"])
    #expect(bad.status == 64)
    #expect(
      bad.standardError.contains(
        "STAGEHAND_REDUCE_MOTION='yes' is not valid; set it to 1 to reduce motion, or to 0 (or unset it) not to"))
    #expect(bad.standardOutput == "")
  }

  @Test("a fallback of a plugin that is not installed fails the build with exit code 1, naming both")
  func unresolvableFallback() throws {
    let result = try Self.stagehand(["preview", "org.example.cross:slide", "--reduce-motion"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "\nstagehand: error: style 'org.example.cross:slide' names 'org.example.missing:fade' as its reduced-motion fallback, "
          + "which cannot be played: unknown style 'org.example.missing:fade'"))
    #expect(result.standardError.contains("Install the plugin that provides it, or play without reduced motion"))
    #expect(result.standardOutput == "")
    let full = try Self.stagehand(["preview", "org.example.cross:slide", "--samples", "1"])
    #expect(full.status == 0)
  }

  @Test("--layout-direction rtl makes a leading slide come from the right")
  func layoutDirection() throws {
    let ltr = try Self.stagehand(["preview", "org.example.motion:slide", "--samples", "1"])
    let rtl = try Self.stagehand(["preview", "org.example.motion:slide", "--samples", "1", "--layout-direction", "rtl"])
    #expect(ltr.status == 0 && rtl.status == 0)
    #expect(ltr.standardOutput.contains("step 1: at 0 s instantly: appearing translate (-320, 0, 0)"))
    #expect(rtl.standardOutput.contains("step 1: at 0 s instantly: appearing translate (320, 0, 0)"))
    #expect(rtl.standardOutput.contains("duration 0.4 s (the style's default), layout rtl\n"))
  }

  @Test(
    "bad values are refused before any work, with exit code 64 and a message that says what is valid",
    arguments: [
      (["--layout-direction", "up"], "--layout-direction 'up' is not valid; give ltr or rtl"),
      (["--layout-direction", "RTL"], "--layout-direction 'RTL' is not valid; give ltr or rtl"),
      (
        ["--display-scale", "0"],
        "--display-scale '0' is not valid; give a number of pixels per point from 0.25 to 16, such as 2"
      ),
      (["--display-scale", "nan"], "--display-scale 'nan' is not valid"),
      (["--display-scale", "17"], "--display-scale '17' is not valid"),
    ])
  func invalid(arguments: [String], message: String) throws {
    let output = try Self.setup.get().root.appendingPathComponent("never-written").path
    let commands = [
      ["preview", "org.example.motion:slide"], ["render", "org.example.motion:slide", "-o", output + ".webp"],
      ["export", "org.example.motion:slide"], ["demo"], ["gallery", "-o", output],
    ]
    for command in commands {
      let result = try Self.stagehand(command + arguments)
      #expect(result.status == 64, "\(command)")
      #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
      #expect(result.standardOutput == "")
    }
    #expect(
      !FileManager.default.fileExists(atPath: output + ".webp") && !FileManager.default.fileExists(atPath: output))
  }

  @Test("demo runs with reduced motion and right to left")
  func demo() throws {
    let result = try runStagehand(
      ["demo", "--reduce-motion", "--layout-direction", "rtl"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("push"))
  }

  @Test("the help of preview, render, export, demo and gallery lists the three options")
  func help() throws {
    for command in ["preview", "render", "export", "demo", "gallery"] {
      let result = try Self.stagehand([command, "--help"])
      #expect(result.status == 0)
      let help = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(help.contains("--reduce-motion Play each style's reduced-motion fallback"), "\(command)")
      #expect(help.contains("STAGEHAND_REDUCE_MOTION=1"), "\(command)")
      #expect(help.contains("--layout-direction <direction>"), "\(command)")
      #expect(
        help.contains(
          "--layout-direction <direction> The layout direction, ltr or rtl: which side is leading for directional "
            + "styles. (default: ltr)"), "\(command)")
      #expect(
        help.contains("--display-scale <scale> Pixels per point of the display, from 0.25 to 16. (default: 1)"),
        "\(command)")
    }
  }

  @Test("info shows the fallback, in text and in --json")
  func info() throws {
    let text = try Self.stagehand(["info", "org.example.motion:slide"])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("\n  reduced-motion fallback: fade\n"))
    let fade = try Self.stagehand(["info", "org.example.motion:fade-quick"])
    #expect(fade.standardOutput.contains("\n  reduced-motion fallback: none\n"))

    let json = try Self.stagehand(["info", "org.example.motion:slide", "--json"])
    #expect(json.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let style = try #require(object["style"] as? [String: Any])
    #expect(style["qualifiedName"] as? String == "org.example.motion:slide")
    #expect(style["reducedMotionFallback"] as? String == "fade")
    let plugin = try Self.stagehand(["info", "org.example.motion", "--json"])
    let described = try #require(
      JSONSerialization.jsonObject(with: Data(plugin.standardOutput.utf8)) as? [String: Any])
    let styles = try #require((described["plugin"] as? [String: Any])?["styles"] as? [[String: Any]])
    #expect(styles.map { $0["reducedMotionFallback"] as? String } == ["fade", nil])

    let list = try Self.stagehand(["list", "--json"])
    let document = try #require(
      JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
    let listed = try #require(document["styles"] as? [[String: Any]])
    let slide = listed.first { $0["qualifiedName"] as? String == "org.example.motion:slide" }
    #expect(slide?["reducedMotionFallback"] as? String == "fade")
  }
}
