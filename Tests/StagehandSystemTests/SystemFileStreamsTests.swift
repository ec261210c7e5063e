import Foundation
import StagehandSystem
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Pipes, non-blocking reads, waits for readiness, whole files and temporary files, on real descriptors.
@Suite struct SystemFileStreamsTests {
  @Test func pipeEndsAreCloseOnExec() throws {
    let ends = try SystemFile.pipe()
    defer {
      SystemFile.close(ends.read)
      SystemFile.close(ends.write)
    }
    #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
    #expect(fcntl(ends.write, F_GETFD) & FD_CLOEXEC != 0)
    let pair = try SystemFile.socketPair()
    defer {
      SystemFile.close(pair.0)
      SystemFile.close(pair.1)
    }
    #expect(fcntl(pair.0, F_GETFD) & FD_CLOEXEC != 0)
    #expect(fcntl(pair.1, F_GETFD) & FD_CLOEXEC != 0)
  }

  @Test func readAvailableTellsNothingYetFromTheEnd() throws {
    let ends = try SystemFile.pipe()
    defer { SystemFile.close(ends.read) }
    SystemFile.setBlocking(ends.read, false)
    var bytes = [UInt8](repeating: 0, count: 8)
    let read = { () throws -> Int? in
      try bytes.withUnsafeMutableBytes { try SystemFile.readAvailable(ends.read, into: $0) }
    }
    #expect(try SystemFile.waitReadable([ends.read, -1], milliseconds: 0) == [false, false])
    #expect(try read() == nil)
    try SystemFile.writeAll(ends.write, Array("abc".utf8))
    #expect(try SystemFile.waitReadable([-1, ends.read], milliseconds: 0) == [false, true])
    #expect(try read() == 3)
    #expect(bytes.prefix(3) == Array("abc".utf8)[...])
    SystemFile.close(ends.write)
    // The writer's end closed: readable, and the read finds the end.
    #expect(try SystemFile.waitReadable([ends.read], milliseconds: 0) == [true])
    #expect(try read() == 0)
  }

  @Test func aChannelReadTellsNothingYetBytesAndItsEnd() throws {
    let (ours, theirs) = try SystemFile.socketPair()
    SystemFile.setBlocking(ours, false)
    var chunk = [UInt8](repeating: 0, count: 16)
    #expect(SystemFile.readChannel(ours, into: &chunk) == nil)
    try SystemFile.writeAll(theirs, Array("ready".utf8))
    #expect(SystemFile.readChannel(ours, into: &chunk) == 5)
    #expect(chunk.prefix(5) == Array("ready".utf8)[...])
    SystemFile.close(theirs)
    #expect(SystemFile.readChannel(ours, into: &chunk) == 0)
    SystemFile.close(ours)
    // An error finishes the channel too.
    #expect(SystemFile.readChannel(ours, into: &chunk) == 0)
  }

  @Test func aFailedReadNamesTheCallThePathAndTheError() throws {
    let ends = try SystemFile.pipe()
    SystemFile.close(ends.read)
    SystemFile.close(ends.write)
    var bytes = [UInt8](repeating: 0, count: 8)
    #expect {
      try bytes.withUnsafeMutableBytes { try SystemFile.readAvailable(ends.read, into: $0, path: "the pipe") }
    } throws: { error in
      guard let error = error as? SystemCallError else { return false }
      return error.call == "read" && error.code == EBADF && error.description.hasPrefix("read the pipe: ")
    }
  }

  @Test func wholeFilesAndTheirLimit() throws {
    let seed = SeededGenerator.testSeed(0x5157_4649_4C45)
    var random = SeededGenerator(seed: seed)
    let directory = try CFixture.temporaryDirectory("system-files")
    defer { try? FileManager.default.removeItem(at: directory) }
    for round in 0..<20 {
      let count = Int.random(in: 0...200_000, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      let path = directory.appendingPathComponent("file-\(round)").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(SystemFile.contents(of: path) == bytes, "seed \(seed), round \(round)")
      #expect(SystemFile.contents(of: path, limit: count) == bytes, "seed \(seed), round \(round)")
      if count > 0 {
        #expect(SystemFile.contents(of: path, limit: count - 1) == nil, "seed \(seed), round \(round)")
        // A read at a random offset gets the rest of the file.
        let offset = Int.random(in: 0..<count, using: &random)
        let descriptor = try SystemFile.open(path, flags: O_RDONLY | O_CLOEXEC)
        defer { SystemFile.close(descriptor) }
        var tail = [UInt8](repeating: 0, count: count - offset + 10)
        let got = try tail.withUnsafeMutableBytes { try SystemFile.readFully(descriptor, into: $0, at: Int64(offset)) }
        #expect(got == count - offset && Array(tail.prefix(got)) == Array(bytes[offset...]), "seed \(seed)")
      }
    }
    #expect(SystemFile.contents(of: directory.appendingPathComponent("missing").path) == nil)
  }

  @Test func anUnlinkedTemporaryHasNoName() throws {
    let descriptor = try SystemFile.unlinkedTemporary(prefix: "stagehand-test")
    defer { SystemFile.close(descriptor) }
    #expect(try SystemFile.status(descriptor).st_nlink == 0)
    #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
    try SystemFile.writeAll(descriptor, Array("kept".utf8))
    var bytes = [UInt8](repeating: 0, count: 8)
    let count = try bytes.withUnsafeMutableBytes { try SystemFile.readFully(descriptor, into: $0, at: 0) }
    #expect(bytes.prefix(count) == Array("kept".utf8)[...])
  }

  /// A read blocked on an empty pipe, interrupted by a signal whose handler does not ask for restarting: the read is
  /// made again (the one EINTR policy), and it returns the bytes written afterwards.
  @Test func anInterruptedReadIsMadeAgain() throws {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    action.sa_flags = 0  // no SA_RESTART: a blocked read fails with EINTR
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    #expect(sigaction(SIGUSR1, &action, &previous) == 0)
    defer { sigaction(SIGUSR1, &previous, nil) }

    let ends = try SystemFile.pipe()
    defer {
      SystemFile.close(ends.read)
      SystemFile.close(ends.write)
    }
    let shared = Locked(ReaderState())
    let reader = Thread {
      // The test runner's threads may block it; this one takes it.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      shared.withLock { $0.thread = pthread_self() }
      var bytes = [UInt8](repeating: 0, count: 8)
      let read = ends.read
      let count = bytes.withUnsafeMutableBytes { buffer in
        SystemFile.retryingInterrupts {
          shared.withLock { $0.calls += 1 }
          return Glibc.read(read, buffer.baseAddress, buffer.count)
        }
      }
      shared.withLock { $0.result = count >= 0 ? Array(bytes.prefix(count)) : [] }
    }
    reader.start()
    // Signals until the read has been made at least twice: it was interrupted and made again.
    var attempts = 0
    while shared.withLock({ $0.calls }) < 2 && attempts < 10_000 {
      if let thread = shared.withLock({ $0.thread }), shared.withLock({ $0.calls }) == 1 {
        pthread_kill(thread, SIGUSR1)
      }
      attempts += 1
      usleep(1_000)
    }
    #expect(shared.withLock { $0.calls } >= 2)
    try SystemFile.writeAll(ends.write, Array("after".utf8))
    while shared.withLock({ $0.result }) == nil { usleep(1_000) }
    #expect(shared.withLock { $0.result } == Array("after".utf8))
  }
}

private struct ReaderState: @unchecked Sendable {
  var thread: pthread_t?
  var calls = 0
  var result: [UInt8]?
}
