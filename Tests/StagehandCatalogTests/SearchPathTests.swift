import Foundation
import StagehandCatalog
import StagehandTestSupport
import Testing

@Suite("The plugin search path")
struct SearchPathTests {
  @Test("STAGEHAND_PLUGIN_PATH: absolute directories first, empty and relative entries ignored with a warning")
  func environment() {
    let path = PluginSearchPath.standard(
      environment: ["STAGEHAND_PLUGIN_PATH": "/opt/a::plugins:/opt/b", "HOME": "/home/u"],
      executableDirectory: "/usr/bin")
    #expect(
      path.directories
        == [
          "/opt/a", "/opt/b", "/home/u/.local/share/stagehand/plugins", "/usr/local/lib/stagehand/plugins",
          "/usr/lib/stagehand/plugins", "/usr/bin", "/usr/lib/stagehand/plugins",
        ].reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
    #expect(path.warnings.count == 2)
    #expect(path.warnings[0].contains("empty entry"))
    #expect(path.warnings[1].contains("'plugins' is relative"))
    #expect(!path.directories.contains(FileManager.default.currentDirectoryPath))
  }

  @Test("XDG_DATA_HOME replaces ~/.local/share")
  func xdgDataHome() {
    let path = PluginSearchPath.standard(
      environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"], executableDirectory: "/x")
    #expect(path.directories.first == "/data/stagehand/plugins")
  }

  @Test("libraries writable by every user are refused")
  func worldWritable() throws {
    let directory = try CFixture.temporaryDirectory("trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = directory.appendingPathComponent("libopen.so")
    try FileManager.default.copyItem(
      at: BuiltProducts.directory.appendingPathComponent("libStagehandPush.so"), to: library)
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: library.path)
    let (files, refused) = PluginSearchPath(directories: [directory.path]).libraries()
    #expect(files.isEmpty)
    #expect(refused.count == 1 && refused[0].contains("writable by every user"))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: library.path)
    #expect(PluginSearchPath(directories: [directory.path]).libraries().files == [library.path])
  }
}
