import Foundation
import StagehandTestSupport
import Testing

/// `stagehand preview STYLE --interactive` and `stagehand demo --interactive`, driven in a pseudo-terminal: keys and
/// xterm mouse reports (SGR, mode 1006) typed on its keyboard, frames and the exit read from what it wrote.
@Suite("The interactive terminal preview")
struct InteractivePreviewTests {
  /// Mouse reporting on (button events, SGR encoding), and off.
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

  /// The cursor keys and the left button in SGR mouse reports (1-based column and row).
  static let right = "\u{1B}[C"
  static let left = "\u{1B}[D"
  static func press(_ column: Int, _ row: Int) -> String { "\u{1B}[<0;\(column);\(row)M" }
  static func drag(_ column: Int, _ row: Int) -> String { "\u{1B}[<32;\(column);\(row)M" }
  static func release(_ column: Int, _ row: Int) -> String { "\u{1B}[<0;\(column);\(row)m" }
  static let wheelDown = "\u{1B}[<65;20;10M"
  static let wheelUp = "\u{1B}[<64;20;10M"

  /// The picture drawn just before the last status line that reads `status`: from the last cursor-home before it.
  static func frame(before status: String, in screen: String) -> Substring? {
    guard let end = screen.range(of: status, options: .backwards),
      let start = screen[..<end.lowerBound].range(of: "\u{1B}[H", options: .backwards)
    else { return nil }
    return screen[start.upperBound..<end.lowerBound]
  }

  /// Runs `arguments` in a pseudo-terminal, then `; echo status=$?`, with the keyboard in `input`.
  static func start(_ arguments: [String], root: URL, input: Pipe) throws -> TerminalRun {
    try TerminalRun(
      shell: TerminalRun.command(arguments) + "; echo \"status=$?\"", environment: TerminalInputTests.environment,
      root: root, input: input)
  }

  /// What `screen` holds after the last `marker`; empty when there is none.
  static func after(_ marker: String, in screen: String) -> Substring {
    guard let found = screen.range(of: marker, options: .backwards) else { return "" }
    return screen[found.upperBound...]
  }

  /// How many times `text` occurs in `screen`.
  static func count(_ text: String, in screen: String) -> Int { screen.components(separatedBy: text).count - 1 }

  @Test("arrow keys, the wheel and a drag scrub the pop; Enter finishes, a release decides, Backspace cancels; q quits")
  func scrubsThePop() throws {
    let root = try CFixture.temporaryDirectory("interactive-preview")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try Self.start(["preview", "push", "--interactive", "--duration", "0.4"], root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 60) { run.body.contains("push pop p=0 held") }, "the pop is held at 0: \(run.body)")
    #expect(run.body.contains(enterSequence) && run.body.contains(Self.mouseOn), "the screen and the mouse are taken")

    // Four steps on with the arrow key, one back with the wheel: 0.15.
    TerminalInputTests.type(String(repeating: Self.right, count: 4), into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("push pop p=0.2 held") }, "\(run.body.suffix(300))")
    TerminalInputTests.type(Self.wheelUp, into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("push pop p=0.15 held") })
    let atStart = try #require(Self.frame(before: "push pop p=0 held", in: run.body))
    let scrubbed = try #require(Self.frame(before: "push pop p=0.15 held", in: run.body))
    #expect(atStart != scrubbed, "the picture follows the progress")
    #expect(atStart.count > 1000, "a whole picture was drawn")

    // Enter finishes with the spring; the pop then starts over at 0. (Each wait reads what was drawn after the last
    // end, so that a status drawn before it does not count.)
    TerminalInputTests.type("\r", into: input)
    #expect(run.wait(seconds: 30) { Self.after("push pop p=1 finished", in: run.body).contains("push pop p=0 held") })

    // A drag: the pop of a push from the right moves its content to the right, over the width of the picture (50
    // columns of a 100-column terminal). Past half way and released without a flick: it finishes.
    TerminalInputTests.type(Self.press(10, 10) + Self.drag(25, 10) + Self.drag(40, 12), into: input)
    #expect(run.wait(seconds: 30) { Self.after("push pop p=1 finished", in: run.body).contains("push pop p=0.6 held") })
    TerminalInputTests.type(Self.release(40, 12), into: input)
    #expect(
      run.wait(seconds: 30) {
        Self.count("push pop p=1 finished", in: run.body) == 2
          && Self.after("push pop p=1 finished", in: run.body).contains("push pop p=0 held")
      }, "\(run.body.suffix(300))")

    // Short of half way, held still for longer than the tracker's velocity window (0.1 s), so that the release is no
    // flick: it cancels, back to 0 with the spring.
    TerminalInputTests.type(Self.press(10, 10) + Self.drag(20, 10), into: input)
    #expect(run.wait(seconds: 30) { Self.after("push pop p=1 finished", in: run.body).contains("push pop p=0.2 held") })
    usleep(300_000)
    TerminalInputTests.type(Self.drag(20, 10) + Self.release(20, 10), into: input)
    #expect(
      run.wait(seconds: 30) { Self.after("push pop p=0 cancelled", in: run.body).contains("push pop p=0 held") },
      "\(run.body.suffix(300))")
    #expect(Self.count("push pop p=1 finished", in: run.body) == 2, "the short drag did not finish")

    // Wheel down twice, then Backspace: cancelled again.
    TerminalInputTests.type(Self.wheelDown + Self.wheelDown, into: input)
    #expect(
      run.wait(seconds: 30) { Self.after("push pop p=0 cancelled", in: run.body).contains("push pop p=0.1 held") })
    TerminalInputTests.type("\u{7F}", into: input)
    #expect(run.wait(seconds: 30) { Self.count("push pop p=0 cancelled", in: run.body) == 2 })

    TerminalInputTests.type("q", into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("status=") }, "q quit")
    let screen = run.body
    #expect(screen.contains(Self.mouseOff + restoreSequence + "status=0"), "mouse off, restored, then status 0")
    let restored = try #require(screen.range(of: restoreSequence, options: .backwards))
    #expect(!screen[restored.upperBound...].contains("\u{1B}["), "nothing was drawn after the terminal was put back")
  }

  @Test("Escape quits, and a signal restores the terminal with mouse reporting off", arguments: [0, SIGTERM, SIGINT])
  func exits(_ signal: Int32) throws {
    let root = try CFixture.temporaryDirectory("interactive-exit")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try Self.start(["preview", "cross-dissolve", "--interactive"], root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 60) { run.body.contains("pop p=0 held") && run.stagehandDescendant != nil })
    if signal == 0 {
      TerminalInputTests.type("\u{1B}", into: input)
    } else {
      kill(try #require(run.stagehandDescendant), signal)
    }
    #expect(run.wait(seconds: 30) { run.body.contains("status=") })
    let screen = run.body
    #expect(screen.contains(Self.mouseOff + restoreSequence + "status=\(signal == 0 ? 0 : 128 + signal)"), "\(signal)")
  }

  @Test("--interactive is refused, with why and what to do, when standard input or output is not a terminal")
  func refusedWithoutATerminal() throws {
    for command in [["preview", "push"], ["demo"]] {
      let result = try runStagehand(command + ["--interactive"], environment: cleanEnvironment)
      #expect(result.status == 64, "\(command)")
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.standardError.contains(
          "stagehand: error: \(command[0]) --interactive reads the arrow keys and the mouse from a terminal"),
        "\(result.standardError)")
      #expect(result.standardError.contains("is not a terminal; run it in a terminal"))
      #expect(result.standardError.contains("or leave out --interactive"))
    }
  }

  @Test("demo --interactive waits for each pop; Enter finishes it, Backspace cancels it and it is asked again")
  func demo() throws {
    let root = try CFixture.temporaryDirectory("interactive-demo")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try Self.start(["demo", "--interactive", "--fps", "20"], root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    #expect(run.wait(seconds: 90) { run.body.contains("pop about: inverse of cross-dissolve p=0 held") })
    TerminalInputTests.type(Self.right + "\u{7F}", into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("pop about: inverse of cross-dissolve p=0 cancelled") })
    #expect(run.wait(seconds: 30) { Self.count("pop about: inverse of cross-dissolve p=0 held", in: run.body) >= 2 })
    for name in ["about", "photos", "profile", "settings"] {
      #expect(run.wait(seconds: 30) { run.body.contains("pop \(name): inverse of") }, "\(name)")
      TerminalInputTests.type("\r", into: input)
      #expect(
        run.wait(seconds: 30) {
          run.body.range(of: "pop \(name): inverse of [^|]* p=1 finished", options: .regularExpression) != nil
        }, "\(name) finished")
    }
    #expect(run.wait(seconds: 30) { run.body.contains("status=") }, "the demo ended after the last pop")
    #expect(run.body.contains(Self.mouseOff + restoreSequence + "status=0"))
  }

  @Test("demo --interactive: after the window is resized during a pop, the pops that follow are drawn at the new size")
  func demoResized() throws {
    let root = try CFixture.temporaryDirectory("interactive-resize")
    defer { try? FileManager.default.removeItem(at: root) }
    let input = Pipe()
    let run = try Self.start(["demo", "--interactive", "--fps", "20"], root: root, input: input)
    defer {
      try? input.fileHandleForWriting.close()
      run.finish()
    }
    let about = "pop about: inverse of cross-dissolve p=0 held"
    #expect(run.wait(seconds: 90) { run.body.contains(about) && run.stagehandDescendant != nil })
    // The picture at the first size, taken before the resize: once the demo sees it, it draws the held pop again at
    // the new size under the same status line.
    let before = try #require(Self.frame(before: about, in: run.body))
    // 100x40 becomes 60x30: the pseudo-terminal's size is set through the demo's own standard input, and the kernel
    // sends it SIGWINCH.
    let pid = try #require(run.stagehandDescendant)
    let terminal = open("/proc/\(pid)/fd/0", O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    var size = winsize(ws_row: 30, ws_col: 60, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0)
    close(terminal)
    TerminalInputTests.type(Self.right, into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("pop about: inverse of cross-dissolve p=0.05 held") })
    TerminalInputTests.type("\r", into: input)
    let photos = "pop photos: inverse of flip-horizontally p=0 held"
    #expect(run.wait(seconds: 30) { run.body.contains(photos) })
    let after = try #require(Self.frame(before: photos, in: run.body))
    // A landscape stack fills 99 of 100 columns and 33 rows of half blocks; in 60 columns, 59 columns and 19 rows.
    let cells = (before.filter { $0 == "\u{2580}" }.count, after.filter { $0 == "\u{2580}" }.count)
    #expect(cells == (99 * 33, 59 * 19), "the picture before and after the resize: \(cells)")
    TerminalInputTests.type("q", into: input)
    #expect(run.wait(seconds: 30) { run.body.contains("status=0") })
  }
}
