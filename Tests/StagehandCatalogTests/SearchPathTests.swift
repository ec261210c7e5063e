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

  @Test("normalized paths have no empty, '.' or '..' components")
  func normalized() {
    let cases = [
      "/": "/", "//": "/", "/usr/bin/../lib": "/usr/lib", "/a/./b//c/": "/a/b/c", "/..": "/", "/a/../..": "/",
      "/a/b/../../c": "/c", "/caf\u{E9}/./x": "/caf\u{E9}/x",
    ]
    for (path, expected) in cases {
      #expect(PluginSearchPath.normalized(path) == expected, "\(path)")
    }
  }

  @Test("XDG_DATA_HOME replaces ~/.local/share")
  func xdgDataHome() {
    let path = PluginSearchPath.standard(
      environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"], executableDirectory: "/x")
    #expect(path.directories.first == "/data/stagehand/plugins")
  }

  @Test("libraries writable by group or others, in such a directory, or linked from one, are untrusted")
  func trust() throws {
    let directory = try CFixture.temporaryDirectory("trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = directory.appendingPathComponent("libopen.so")
    try FileManager.default.copyItem(
      at: BuiltProducts.directory.appendingPathComponent("libStagehandPush.so"), to: library)
    func found() -> [FoundLibrary] { PluginSearchPath(directories: [directory.path]).libraries() }
    for (mode, who) in [(0o666, "every user"), (0o664, "its group")] {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: library.path)
      #expect(found().count == 1 && found()[0].identity == nil)
      #expect(found().first?.untrusted?.contains("writable by \(who)") == true, "\(found())")
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: library.path)
    #expect(found().map(\.path) == [library.path] && found()[0].untrusted == nil)

    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
    #expect(found().map(\.path) == [directory.path])
    #expect(found().first?.untrusted?.contains("its directory \(directory.path) is writable by every user") == true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)

    // A symlink is followed only into a directory nobody else can write.
    let open = try CFixture.temporaryDirectory("open")
    defer { try? FileManager.default.removeItem(at: open) }
    try FileManager.default.moveItem(at: library, to: open.appendingPathComponent("libopen.so"))
    try FileManager.default.createSymbolicLink(
      at: library, withDestinationURL: open.appendingPathComponent("libopen.so"))
    #expect(found().first?.untrusted == nil)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
    #expect(found().first?.untrusted?.contains("writable by every user") == true)
  }

  @Test("the same file found twice (a symlink next to it, a directory listed twice) is kept once")
  func sameFileOnce() throws {
    let directory = try CFixture.temporaryDirectory("twice")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = directory.appendingPathComponent("liba.so")
    try FileManager.default.copyItem(
      at: BuiltProducts.directory.appendingPathComponent("libStagehandPush.so"), to: library)
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent("libb.so"), withDestinationURL: library)
    let found = PluginSearchPath(directories: [directory.path, directory.path]).libraries()
    #expect(found.map(\.path) == [library.path])
  }

  @Test("among 150 names, 50 hard links of one file count once, and 100 other files each once (the table grows)")
  func manyFilesAndHardLinks() throws {
    let directory = try CFixture.temporaryDirectory("hard-links")
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = directory.appendingPathComponent("lib-000.so")
    try Data("one file".utf8).write(to: original)
    for i in 1...50 {
      try FileManager.default.linkItem(
        at: original, to: directory.appendingPathComponent("lib-l\(String(format: "%03d", i)).so"))
    }
    for i in 1...100 {
      try Data("file \(i)".utf8).write(to: directory.appendingPathComponent("lib-f\(String(format: "%03d", i)).so"))
    }
    let found = PluginSearchPath(directories: [directory.path]).libraries()
    #expect(found.count == 101)
    #expect(found.first?.path == original.path, "the first name in byte order stands for the file")
    #expect(Set(found.map(\.path)).count == 101)
  }
}
