import StagehandCatalog
import StagehandSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// The keyboard while a preview or the demo plays: keys are read without echo and without waiting for a line, so that
// `q` and Escape quit at once and nothing typed is echoed over the picture or left for the shell; Ctrl-Z (SIGTSTP)
// puts the terminal back before the process stops, and `fg` (SIGCONT) takes it again and redraws.

/// The terminal settings of standard input before the screen took it, put back when it is left, on a signal, and
/// before the process stops; only touched while the signal handlers that read them are not installed, or from those
/// handlers.
private let savedInput = TerminalSettings()
/// The settings the screen gives standard input: `savedInput` without echo and line buffering.
private let rawInput = TerminalSettings()

/// Whether `savedInput` holds settings to put back (standard input is a terminal and was changed).
private let inputChanged = Atomic<Bool>(false)

/// The escape sequence that takes the terminal: the alternate screen, the cursor hidden, the screen cleared.
let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

/// Set by SIGCONT's return (after a stop) and by SIGWINCH, taken by the player, which then measures the window
/// again, clears it and redraws.
let redrawNeeded = Atomic<Bool>(false)

/// Writes a static string to standard output (async-signal-safe).
func writeStatic(_ text: StaticString) {
  SystemTerminal.writeOnce(STDOUT_FILENO, text)
}

/// Standard input without echo and without line buffering (reads return at once), signals kept (Ctrl-C, Ctrl-Z).
func takeKeyboard() {
  guard SystemTerminal.isTerminal(STDIN_FILENO), savedInput.read(from: STDIN_FILENO) else { return }
  rawInput.copy(from: savedInput)
  rawInput.makeRaw()
  if rawInput.apply(to: STDIN_FILENO) {
    inputChanged.store(true, ordering: .sequentiallyConsistent)
  }
}

/// Drops what was typed and not read, then puts standard input back as it was (async-signal-safe).
func releaseKeyboard() {
  guard inputChanged.load(ordering: .sequentiallyConsistent) else { return }
  SystemTerminal.dropUnreadInput(STDIN_FILENO)
  savedInput.apply(to: STDIN_FILENO)
}

/// SIGTSTP (Ctrl-Z): puts the terminal back, stops the process as the default action would, and once continued
/// (`fg`), takes the terminal again and asks for a redraw. In an orphaned process group the kernel discards the stop,
/// and the preview simply goes on.
func suspend(_ signal: Int32) {
  let saved = errno
  writeStatic(restoreSequence)
  releaseKeyboard()
  SystemProcess.stopAsDefault(on: SIGTSTP, thenHandleWith: suspend)
  if inputChanged.load(ordering: .sequentiallyConsistent) {
    rawInput.apply(to: STDIN_FILENO)
  }
  writeStatic(enterSequence)
  if mouseReporting.load(ordering: .sequentiallyConsistent) { writeStatic(mouseOnSequence) }
  redrawNeeded.store(true, ordering: .relaxed)
  errno = saved
}

extension TerminalScreen {
  /// Whether standard input is the terminal, taken without echo and line buffering: reads return at once.
  static var keyboardTaken: Bool { inputChanged.load(ordering: .sequentiallyConsistent) }

  /// Whether a key that quits was typed since the last call: `q`, `Q`, or Escape alone (an escape sequence, which a
  /// cursor key sends, starts with Escape too but brings more bytes with it). Other keys are read and dropped.
  static func quitRequested() -> Bool {
    guard keyboardTaken else { return false }
    var quit = false
    forEachKeyboardRead(bufferSize: 64) { keys in
      if keys.contains(UInt8(ascii: "q")) || keys.contains(UInt8(ascii: "Q")) || keys.elementsEqual([0x1B]) {
        quit = true
      }
    }
    return quit
  }

  /// Reads standard input, the terminal taken, until it has nothing more, and hands `body` the bytes of each read
  /// (at most `bufferSize`; an escape sequence comes in one read). The reads do not wait (raw mode, no minimum):
  /// nothing typed, an error or the end stop them.
  static func forEachKeyboardRead(bufferSize: Int, _ body: (ArraySlice<UInt8>) -> Void) {
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { try? SystemFile.readAvailable(STDIN_FILENO, into: $0) }
      guard let count, count > 0 else { return }
      body(buffer[..<count])
    }
  }

  /// Leaves the screen and ends the command with status 0, as the end of `Stagehand.main` does.
  func quit() -> Never {
    leave()
    fflush(nil)
    Registry.endPluginProcesses()
    SystemProcess.exitNow(0)
  }
}
