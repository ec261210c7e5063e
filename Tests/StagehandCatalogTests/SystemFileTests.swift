import Foundation
import StagehandSystem
import StagehandTestSupport
import Testing

@Suite("The system layer: files through descriptors")
struct SystemFileTests {
  /// How many descriptors of this process are open on `path` (other tests, running alongside, open other files).
  static func descriptors(on path: String) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == path
    }.count
  }

  struct Refused: Error {}

  @Test("a failed open is an error that names the call, the path and the system's words")
  func failedOpenNamesCallAndPath() throws {
    let directory = try CFixture.temporaryDirectory("system-open")
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing").path
    let error = #expect(throws: SystemCallError.self) { try SystemFile.open(missing, flags: O_RDONLY) }
    #expect(error?.call == "open")
    #expect(error?.path == missing)
    #expect(error?.code == ENOENT)
    #expect(error?.description == "open \(missing): \(String(cString: strerror(ENOENT))) (errno \(ENOENT))")
  }

  @Test("openChecked hands the status of the opened file to the check, and closes it when the check refuses")
  func openCheckedClosesOnRefusal() throws {
    let directory = try CFixture.temporaryDirectory("system-checked")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("file").path
    try Data("twelve bytes".utf8).write(to: URL(fileURLWithPath: path))
    for _ in 0..<50 {
      #expect(throws: Refused.self) {
        _ = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC, failure: { _ in Refused() }) { _ in
          throw Refused()
        }
      }
    }
    #expect(try Self.descriptors(on: path) == 0, "a refused file's descriptor was left open")
    var seen: stat?
    let opened = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC, failure: { _ in Refused() }) {
      info throws(Refused) in seen = info
    }
    defer { SystemFile.close(opened.descriptor) }
    #expect(seen?.st_size == 12)
    #expect(opened.status.st_ino == seen?.st_ino)
    #expect(SystemFile.isRegular(opened.status))
    #expect(SystemFile.name(of: opened.descriptor) == path)
  }

  @Test("openChecked turns a failed open into the caller's error")
  func openCheckedFailure() throws {
    var calls: [String] = []
    #expect(throws: Refused.self) {
      _ = try SystemFile.openChecked(
        "/nonexistent/stagehand", flags: O_RDONLY,
        failure: { (error: SystemCallError) -> Refused in
          calls.append(error.call)
          return Refused()
        }
      ) { (_: stat) throws(Refused) in }
    }
    #expect(calls == ["open"])
  }
}
