import Foundation
import StagehandSystem
import StagehandTestSupport
import Testing

@Suite("The system layer: files and directories by their paths")
struct SystemFilePathsTests {
  @Test("a failed call by path is an error that names the call, the path and the system's error number")
  func failuresNameCallAndPath() throws {
    let directory = try CFixture.temporaryDirectory("system-paths-errors")
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing").path
    let calls: [(String, () throws(SystemCallError) -> Void)] = [
      ("stat", { () throws(SystemCallError) in _ = try SystemFile.status(ofPath: missing) }),
      ("unlink", { () throws(SystemCallError) in try SystemFile.remove(missing) }),
      ("rmdir", { () throws(SystemCallError) in try SystemFile.removeDirectory(missing) }),
      ("rename", { () throws(SystemCallError) in try SystemFile.rename(missing, to: missing + ".new") }),
      ("realpath", { () throws(SystemCallError) in _ = try SystemFile.resolvedPath(missing) }),
      ("opendir", { () throws(SystemCallError) in _ = try SystemDirectory.names(in: missing) }),
      ("mkdir", { () throws(SystemCallError) in try SystemFile.makeDirectory(missing + "/a/b", mode: 0o700) }),
    ]
    for (call, body) in calls {
      let error = #expect(throws: SystemCallError.self, "\(call)") { try body() }
      #expect(error?.call == call)
      #expect(error?.path?.hasPrefix(missing) == true, "\(call): \(String(describing: error?.path))")
      #expect(error?.code == ENOENT, "\(call)")
    }
  }

  @Test("a directory is made once, then EEXIST; a file is renamed over another and removed")
  func makeRenameRemove() throws {
    let directory = try CFixture.temporaryDirectory("system-paths-make")
    defer { try? FileManager.default.removeItem(at: directory) }
    let made = directory.appendingPathComponent("made").path
    try SystemFile.makeDirectory(made, mode: 0o700)
    #expect(SystemFile.isDirectory(try SystemFile.status(ofPath: made)))
    let again = #expect(throws: SystemCallError.self) { try SystemFile.makeDirectory(made, mode: 0o700) }
    #expect(again?.code == EEXIST)

    let (descriptor, temporary) = try SystemFile.makeTemporaryFile(prefix: made + "/.file.")
    #expect(temporary.hasPrefix(made + "/.file.") && temporary.utf8.count == made.utf8.count + 13)
    #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "the temporary file's descriptor is close-on-exec")
    try SystemFile.writeAll(descriptor, Array("twelve bytes".utf8), path: temporary)
    try SystemFile.flush(descriptor, path: temporary)
    try SystemFile.setMode(descriptor, 0o640, path: temporary)
    try SystemFile.truncate(descriptor, to: 6, path: temporary)
    try SystemFile.closeWritten(descriptor, path: temporary)
    #expect(try SystemFile.status(ofPath: temporary).st_mode & 0o777 == 0o640)

    let target = made + "/file"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try SystemFile.rename(temporary, to: target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "twelve")
    #expect(!FileManager.default.fileExists(atPath: temporary))
    #expect(SystemFile.isAccessible(target, R_OK))
    #expect(!SystemFile.isAccessible(target, X_OK))

    try SystemFile.remove(target)
    SystemFile.removeIfPossible(target)  // nothing left to remove, and no error
    try SystemFile.removeDirectory(made)
    #expect(!FileManager.default.fileExists(atPath: made))
  }

  @Test("a symbolic link's own status, its target's, and its resolved path")
  func linksAndStatus() throws {
    let directory = try CFixture.temporaryDirectory("system-paths-links")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link").path, withDestinationPath: "file")
    let descriptor = try SystemFile.open(directory.path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { SystemFile.close(descriptor) }
    let link = try "link".withCString { name in
      try SystemFile.status(of: name, inDirectory: descriptor, followingLinks: false)
    }
    let target = try "link".withCString { name in
      try SystemFile.status(of: name, inDirectory: descriptor, followingLinks: true)
    }
    #expect(SystemFile.isSymbolicLink(link) && !SystemFile.isRegular(link))
    #expect(SystemFile.isRegular(target) && target.st_size == 1)
    let resolved = try SystemFile.resolvedPath(directory.path + "/./link")
    #expect(resolved == (try SystemFile.resolvedPath(file)) && resolved.hasSuffix("/file"))
    let missing = #expect(throws: SystemCallError.self) {
      _ = try "none".withCString { name in
        try SystemFile.status(of: name, inDirectory: descriptor, followingLinks: false, path: "the entry none")
      }
    }
    #expect(missing?.call == "fstatat" && missing?.path == "the entry none" && missing?.code == ENOENT)
  }

  @Test("a directory's entries are listed without . and .., by path and through a descriptor that stays open")
  func directoryEntries() throws {
    let directory = try CFixture.temporaryDirectory("system-paths-list")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try SystemDirectory.names(in: directory.path).isEmpty)
    let names = ["a.so", "..b", ".c", "d d", "é"]
    for name in names { try Data().write(to: directory.appendingPathComponent(name)) }
    #expect(try SystemDirectory.names(in: directory.path).sorted() == names.sorted())

    let descriptor = try SystemFile.open(directory.path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { SystemFile.close(descriptor) }
    for _ in 0..<2 {
      var seen: [String] = []
      try SystemDirectory.forEachName(inOpenDirectory: descriptor, path: directory.path) {
        seen.append(String(decoding: $0, as: UTF8.self))
      }
      #expect(seen.sorted() == names.sorted())
    }
    // The caller's descriptor is still open and usable.
    #expect(SystemFile.isDirectory(try SystemFile.status(descriptor)))
  }
}
