import StagehandSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real child processes started, read and reaped through `ChildProcess`: exits, signals, pipes, passed descriptors.
@Suite struct ChildProcessTests {
  /// Runs `/bin/sh -c script` with its standard output on a pipe; returns how it ended and what it wrote.
  private func run(_ script: String) throws -> (exit: ChildExit?, output: String) {
    let ends = try SystemFile.pipe()
    let child = try ChildProcess.start("/bin/sh", arguments: ["-c", script], output: ends.write, errors: nil)
    SystemFile.close(ends.write)
    defer { SystemFile.close(ends.read) }
    let output = try readToEnd(ends.read)
    return (child.waitForExit(), output)
  }

  private func readToEnd(_ descriptor: Int32) throws -> String {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = try bytes.withUnsafeMutableBytes { try SystemFile.readFully(descriptor, into: $0) }
    return String(decoding: bytes.prefix(count), as: UTF8.self)
  }

  @Test func trueExitsWithZero() throws {
    let ends = try SystemFile.pipe()
    defer { SystemFile.close(ends.read) }
    let child = try ChildProcess.start("/bin/true", arguments: [], output: ends.write, errors: nil)
    SystemFile.close(ends.write)
    let exit = child.waitForExit()
    #expect(exit == .exited(0))
    #expect(exit?.isSuccess == true)
    #expect(child.exit == .exited(0))
    #expect(!child.isRunning)
    // Asked again, the end is the one recorded: the child is reaped once.
    #expect(child.waitForExit() == .exited(0))
    #expect(child.exitIfEnded() == .exited(0))
  }

  @Test(arguments: [0, 1, 3, 42, 255] as [Int32])
  func exitStatusIsDecoded(code: Int32) throws {
    let (exit, _) = try run("exit \(code)")
    #expect(exit == .exited(code))
    #expect(exit?.isSuccess == (code == 0))
    #expect(exit?.description == "exited with status \(code)")
  }

  // Signals the test runner does not block: a child inherits the signal mask, and the runner's threads block SIGTERM,
  // SIGABRT and SIGUSR2 (measured: `kill -TERM $$` left such a child running).
  @Test(arguments: [SIGKILL, SIGSEGV, SIGBUS])
  func signalIsDecoded(signal: Int32) throws {
    let (exit, _) = try run("kill -\(signal) $$")
    #expect(exit == .signaled(signal))
    #expect(exit?.description == "ended by signal \(signal)")
  }

  @Test func standardOutputAndErrorGoWhereTheyAreSent() throws {
    let errors = try SystemFile.unlinkedTemporary(prefix: "stagehand-test")
    defer { SystemFile.close(errors) }
    let ends = try SystemFile.pipe()
    let child = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "printf out; printf err >&2; read line; printf \"[$line]\""], output: ends.write,
      errors: errors)
    SystemFile.close(ends.write)
    defer { SystemFile.close(ends.read) }
    // Standard input is /dev/null: `read` finds its end at once.
    #expect(try readToEnd(ends.read) == "out[]")
    #expect(child.waitForExit() == .exited(0))
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = try bytes.withUnsafeMutableBytes { try SystemFile.readFully(errors, into: $0, at: 0) }
    #expect(String(decoding: bytes.prefix(count), as: UTF8.self) == "err")
  }

  @Test func aMissingExecutableIsATypedError() throws {
    let ends = try SystemFile.pipe()
    defer {
      SystemFile.close(ends.read)
      SystemFile.close(ends.write)
    }
    let path = "/nonexistent/stagehand-no-such-program"
    #expect {
      try ChildProcess.start(path, arguments: [], output: ends.write, errors: nil)
    } throws: { error in
      guard let error = error as? SystemCallError else { return false }
      return error.call == "posix_spawn" && error.path == path && error.code == ENOENT
        && error.description.hasPrefix("posix_spawn \(path): ")
    }
    #expect {
      try ChildProcess.startIsolated(path, arguments: [], environment: [], channel: ends.write)
    } throws: { error in
      (error as? SystemCallError).map { $0.call == "posix_spawn" && $0.path == path && $0.code == ENOENT } ?? false
    }
  }

  @Test func anIsolatedChildGetsItsChannelAndDescriptorsOnly() throws {
    let file = try SystemFile.unlinkedTemporary(prefix: "stagehand-test")
    defer { SystemFile.close(file) }
    try SystemFile.writeAll(file, Array("passed".utf8))
    let ends = try SystemFile.pipe()
    // Descriptor 4 is the file (read from its start), 3 the channel; 5 is not open; standard output is /dev/null.
    let script =
      "printf visible; exec 0<&4; cat >&3; printf ' %s' \"$GREETING\" >&3; "
      + "if (exec 0<&5) 2>/dev/null; then printf ' 5-open' >&3; else printf ' 5-closed' >&3; fi"
    let passed = try SystemFile.open("/proc/self/fd/\(file)", flags: O_RDONLY | O_CLOEXEC)
    let child = try ChildProcess.startIsolated(
      "/bin/sh", arguments: ["-c", script], environment: ["GREETING=hello"], channel: ends.write,
      descriptors: [passed])
    SystemFile.close(passed)
    SystemFile.close(ends.write)
    defer { SystemFile.close(ends.read) }
    #expect(try readToEnd(ends.read) == "passed hello 5-closed")
    #expect(child.waitForExit() == .exited(0))
  }

  @Test func killEndsARunningChildAndReapsIt() throws {
    let ends = try SystemFile.pipe()
    defer { SystemFile.close(ends.read) }
    let child = try ChildProcess.start("/bin/sleep", arguments: ["60"], output: ends.write, errors: nil)
    SystemFile.close(ends.write)
    #expect(child.isRunning)
    #expect(child.exitIfEnded() == nil)
    #expect(child.exit(polling: 2, every: 1_000_000) == nil)
    child.kill()
    #expect(child.exit == .signaled(SIGKILL))
    #expect(!child.isRunning)
    // Killing it again does nothing: it is reaped, and its pid may be another process's.
    child.kill()
    #expect(child.exit == .signaled(SIGKILL))
  }

  @Test func aChildReapedElsewhereIsGoneWithNoEnd() throws {
    let ends = try SystemFile.pipe()
    defer { SystemFile.close(ends.read) }
    let child = try ChildProcess.start("/bin/sleep", arguments: ["60"], output: ends.write, errors: nil)
    SystemFile.close(ends.write)
    ChildProcess.kill(pid: child.pid)
    #expect(child.waitForExit() == nil)
    #expect(child.exit == nil)
    #expect(!child.isRunning)
  }

  @Test func waitStatusDecoding() {
    #expect(ChildExit(waitStatus: 0) == .exited(0))
    #expect(ChildExit(waitStatus: 3 << 8) == .exited(3))
    #expect(ChildExit(waitStatus: 255 << 8) == .exited(255))
    #expect(ChildExit(waitStatus: SIGSEGV) == .signaled(SIGSEGV))
    // A core dump sets bit 7; the signal is the low seven bits.
    #expect(ChildExit(waitStatus: SIGABRT | 0x80) == .signaled(SIGABRT))
  }
}
