import Foundation
import StagehandSystem
import StagehandTestSupport
import SystemPackage
import Testing

@Suite("The system layer: files through their descriptors (swift-system's FileDescriptor underneath)")
struct SystemFileDescriptorTests {
  @Test("open with O_CREAT makes the file with its mode; write, pread at an offset, truncate and close it")
  func createWriteReadTruncate() throws {
    let directory = try CFixture.temporaryDirectory("system-descriptors")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("file").path
    let descriptor = try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
    try SystemFile.writeAll(descriptor, Array("stagehand".utf8), path: path)
    try SystemFile.truncate(descriptor, to: 5, path: path)
    try SystemFile.closeWritten(descriptor, path: path)
    #expect(try SystemFile.status(ofPath: path).st_mode & 0o777 == 0o600)

    let reading = try SystemFile.open(path, flags: O_RDONLY | O_CLOEXEC)
    defer { SystemFile.close(reading) }
    var bytes = [UInt8](repeating: 0, count: 8)
    let count = try bytes.withUnsafeMutableBytes { buffer in
      try SystemFile.readFully(reading, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<8]), at: 2)
    }
    #expect(count == 3)
    #expect(String(decoding: bytes[0..<count], as: UTF8.self) == "age")
  }

  @Test("a second exclusive creation fails with EEXIST, as swift-system's Errno, naming the call and the path")
  func exclusiveCreationFails() throws {
    let directory = try CFixture.temporaryDirectory("system-descriptors-exists")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("file").path
    SystemFile.close(try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644))
    let error = #expect(throws: SystemCallError.self) {
      _ = try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
    }
    #expect(error?.call == "open")
    #expect(error?.path == path)
    #expect(error?.number == .fileExists)
    #expect(error?.code == EEXIST)
    #expect(error?.description == "open \(path): File exists (errno \(EEXIST))")
  }

  @Test("a write to a descriptor open only for reading fails with EBADF and names the file")
  func writeToReadOnlyFails() throws {
    let descriptor = try SystemFile.open("/dev/null", flags: O_RDONLY | O_CLOEXEC)
    defer { SystemFile.close(descriptor) }
    let error = #expect(throws: SystemCallError.self) {
      try SystemFile.writeAll(descriptor, [1, 2, 3], path: "/dev/null")
    }
    #expect(error?.call == "write")
    #expect(error?.number == .badFileDescriptor)
    #expect(error?.reason == "Bad file descriptor")
  }
}
