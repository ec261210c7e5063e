import Foundation
import StagehandTestSupport
import Testing

/// `stagehand export` and `stagehand gallery` end to end, and their refusals.
@Suite("stagehand export and gallery")
struct ExportCommandTests {
  @Test("--format css to standard output: three @keyframes and nothing else on standard error")
  func cssToStandardOutput() throws {
    let result = try runStagehand(["export", "push-from-left", "--format", "css"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.components(separatedBy: "@keyframes").count == 4)
    #expect(result.standardOutput.contains("cubic-bezier("))
  }

  @Test("the format from the name: a page with both cards embedded, and a JSON timeline")
  func formatsFromNames() throws {
    let directory = try TemporaryDirectory()
    let page = try runStagehand(
      ["export", "cover", "--at", "0.2", "-o", directory.path + "/cover.html"], environment: cleanEnvironment)
    #expect(page.status == 0, "\(page.standardError)")
    let html = try String(contentsOfFile: directory.path + "/cover.html", encoding: .utf8)
    #expect(html.components(separatedBy: "data:image/png;base64,").count == 3)
    #expect(html.contains("animation-delay: -0.2s; animation-play-state: paused"))
    #expect(!html.contains("<script"))
    let json = try runStagehand(
      ["export", "flip", "--inverse", "-o", directory.path + "/flip.json"], environment: cleanEnvironment)
    #expect(json.status == 0, "\(json.standardError)")
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: directory.path + "/flip.json")))
    #expect((object as? [String: Any])?["direction"] as? String == "inverse")
    // Nothing but the outputs: no temporary file left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["cover.html", "flip.json"])
  }

  @Test(
    "usage errors name the option and the fix, exit 64",
    arguments: [
      (["export", "push", "--format", "xml"], "--format 'xml' is not valid; give one of css, html, json"),
      (["export", "push", "-o", "out.txt"], "cannot tell the format of 'out.txt' from its name"),
      (["export", "push"], "standard output needs --format"),
      (["export", "push", "--format", "css", "--at", "0.1"], "--at applies to --format html only"),
      (["export", "push", "--format", "html", "--at", "soon"], "--at 'soon' is not valid"),
      (["export", "nope", "--format", "css"], "unknown style 'nope'"),
      (["gallery", "-o", "/tmp/x", "--size", "8x8"], "--size '8x8' is not valid"),
      (["gallery", "-o", "/tmp/x", "--fps", "0"], "--fps 0 is not valid"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardOutput == "")
  }

  @Test("an unwritable output: exit 1, a message naming the file, nothing left behind")
  func unwritable() throws {
    let directory = try TemporaryDirectory()
    // A missing directory is created (OutputDirectoriesTests); a file in the way is not.
    let file = directory.path + "/file"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let missing = file + "/out.css"
    let result = try runStagehand(["export", "push", "-o", missing], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("cannot write '\(missing)'"), "\(result.standardError)")
    let gallery = try runStagehand(["gallery", "-o", file], environment: cleanEnvironment)
    #expect(gallery.status == 1)
    #expect(gallery.standardError.contains("'\(file)' exists and is not a directory"), "\(gallery.standardError)")
  }

  @Test("the gallery: a page, two WebPs per style and preset at the size asked, and the contact sheet")
  func gallery() throws {
    let (output, result) = try SharedGallery.made.get()
    #expect(result.status == 0, "\(result.standardError)")
    let (width, height) = (SharedGallery.width, SharedGallery.height)
    let names = try FileManager.default.contentsOfDirectory(atPath: output)
    let items = bundledCatalog.entries.reduce(0) { $0 + 1 + $1.style.presets.count }
    #expect(names.filter { $0.hasSuffix(".forward.webp") }.count == items)
    #expect(names.filter { $0.hasSuffix(".inverse.webp") }.count == items)
    #expect(names.contains("index.html") && names.contains("contact-sheet.png"))
    #expect(!names.contains { $0.hasSuffix(".tmp") })
    let flip = try #require(IndependentDecoders.readAnimatedWebP(output + "/org.stagehand.flip_flip.forward.webp"))
    #expect(flip.width == width && flip.height == height)
    let sheet = try #require(IndependentDecoders.readPNG(output + "/contact-sheet.png"))
    #expect(sheet.width == 3 * (width + 4) + 4 && sheet.height == items * (height + 4) + 4)
    let html = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    // Self-contained: its one script is inline, and nothing comes from the network.
    #expect(!html.contains("<script src") && !html.contains("http://") && !html.contains("https://"))
    #expect(html.contains("org.example.zoom"), "the third-party example plugin is in the gallery")
    // Plugin, parameters and their values, duration and flags.
    #expect(html.contains("plugin Flip (org.stagehand.flip 1.0.0)"))
    #expect(html.contains("duration 0.6 s; flags: 3D"))
    #expect(
      html.contains(
        "<tr><td>camera-distance</td><td>a number from 1 to 100 (extents)</td><td>4 extents</td></tr>"))
    #expect(html.contains("<code>axis=horizontal camera-distance=4</code>"), "flip-horizontally's values")
    #expect(html.contains("src=\"org.stagehand.flip_flip.inverse.webp\""))
  }
}
