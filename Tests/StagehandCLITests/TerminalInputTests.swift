import Foundation
import StagehandTestSupport
import Testing

/// The keyboard and job control during a terminal preview, and what a terminal is spared.
@Suite("The terminal preview and the keyboard")
struct TerminalInputTests {
  static var environment: [String: String] {
    var environment = cleanEnvironment
    environment["TERM"] = "xterm-256color"
    return environment
  }

  /// Types `text` on the terminal's keyboard.
  static func type(_ text: String, into input: Pipe) {
    // A preview that has already ended must fail its test, not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  @Test(
    "q and Escape quit a preview at once: the terminal is restored, and the status is 0", arguments: ["q", "\u{1B}"])
  func quitKeys(_ key: String) throws {
    let root = try CFixture.temporaryDirectory("quit-key")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try TerminalRun(
      shell: TerminalRun.command(["preview", "push", "--duration", "60"]) + "; echo \"status=$?\"",
      environment: Self.environment, root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 60) { run.body.contains("t=") }, "the preview draws")
    Self.type(key, into: input)
    // A minute of animation is left: only the key ends it before the limit of this wait.
    #expect(run.wait(seconds: 30) { run.body.contains("status=") }, "the key ended the preview")
    let screen = run.body
    #expect(screen.contains(restoreSequence + "status=0"), "restored, then status 0")
  }

  @Test("keys typed during a preview are neither echoed over it nor left for the shell")
  func typedKeys() throws {
    let root = try CFixture.temporaryDirectory("typed-keys")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try TerminalRun(
      shell: TerminalRun.command(["preview", "push", "--duration", "3", "--fps", "10"])
        + "; read -t 2 line; echo \"left=[$line]\"",
      environment: Self.environment, root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 60) { run.body.contains("t=") }, "the preview draws")
    Self.type("zyxw\n", into: input)
    #expect(run.wait(seconds: 60) { run.body.contains("left=[") }, "the preview ended and the shell read")
    let screen = run.body
    #expect(screen.contains("left=[]"), "nothing typed was left for the shell")
    #expect(!screen.contains("zyxw"), "nothing typed was echoed")
  }

  @Test("Ctrl-Z (SIGTSTP) restores the terminal before the preview stops; fg takes it again and drawing resumes")
  func suspendAndResume() throws {
    let root = try CFixture.temporaryDirectory("suspend")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    // bash with job control (set -m), as an interactive shell: the preview runs in a process group of its own in
    // the foreground; when it stops, bash goes on to the next command, and fg continues it.
    let command = TerminalRun.command(["preview", "push", "--duration", "60"])
    let run = try TerminalRun(
      shell: "exec /bin/bash -c 'set -m; \(command); echo STOPPED-HERE; fg; echo \"status=$?\"'",
      environment: Self.environment, root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 60) { run.body.contains("t=") && run.stagehandDescendant != nil }, "it draws")
    let pid = try #require(run.stagehandDescendant)
    kill(pid, SIGTSTP)
    #expect(run.wait(seconds: 30) { run.body.contains("STOPPED-HERE") }, "the preview stopped and bash went on")
    let stopped = run.body
    let marker = try #require(stopped.range(of: "STOPPED-HERE"))
    let beforeStop = stopped[..<marker.lowerBound]
    let restored = try #require(beforeStop.range(of: restoreSequence, options: .backwards), "restored before the stop")
    #expect(!beforeStop[restored.upperBound...].contains("\u{1B}["), "nothing was drawn after the restoring sequence")

    // fg: the screen is taken again and frames follow.
    #expect(
      run.wait(seconds: 30) {
        let after = run.body.components(separatedBy: "STOPPED-HERE").last ?? ""
        return after.contains(enterSequence) && (after.components(separatedBy: enterSequence).last ?? "").contains("t=")
      }, "drawing resumed after fg")
    Self.type("q", into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("status=") })
    #expect(run.body.hasSuffix(restoreSequence + "status=0\r\n") || run.body.contains(restoreSequence + "status=0"))
  }

  @Test("TERM=dumb gets the plain timeline a pipe gets, without an escape sequence")
  func dumbTerminal() throws {
    let root = try CFixture.temporaryDirectory("dumb")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = cleanEnvironment
    environment["TERM"] = "dumb"
    let run = try TerminalRun(["preview", "push", "--duration", "0.2"], environment: environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { !run.process.isRunning }, "it finished")
    #expect(run.process.terminationStatus == 0)
    let screen = run.body
    #expect(screen.contains("forward: ") && screen.contains("  t=0 s"), "\(screen)")
    #expect(!screen.contains("\u{1B}["), "no escape sequence")
  }

  @Test(
    "binary frames to a terminal are refused with what to do; to a pipe they are written", arguments: ["rgba", "y4m"])
  func binaryToTerminal(_ format: String) throws {
    let root = try CFixture.temporaryDirectory("binary")
    defer { try? FileManager.default.removeItem(at: root) }
    let arguments = ["render", "push", "--size", "16x16", "--fps", "5", "-o", "-", "--format", format]
    let run = try TerminalRun(arguments, environment: Self.environment, root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 60) { !run.process.isRunning }, "it finished")
    #expect(run.process.terminationStatus == 64)
    let screen = run.body
    #expect(screen.contains("stagehand: error: -o - would write \(format) frames, which are binary, to the terminal"))
    #expect(screen.contains("redirect standard output to a file or a pipe"))

    let piped = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(!piped.standardOutput.isEmpty)
  }
}
