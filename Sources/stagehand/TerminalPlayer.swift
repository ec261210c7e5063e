import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The escape sequence that puts the terminal back: mouse reporting off (the interactive preview turns it on; a
/// terminal that never had it on ignores this), attributes reset, cursor shown, main screen.
let restoreSequence: StaticString = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// Puts the terminal back (the screen, and the keyboard with what was typed dropped) and exits when the program is
/// interrupted, hung up or terminated (async-signal-safe: write, tcflush, tcsetattr, then `_exit` through
/// `SystemProcess.exitNow`).
private func restoreAndExit(_ signal: Int32) {
  writeStatic(restoreSequence)
  releaseKeyboard()
  SystemProcess.exitNow(128 + signal)
}

/// SIGWINCH: the player fits its pictures to the new window size.
private func noteResize(_ signal: Int32) {
  redrawNeeded.store(true, ordering: .relaxed)
}

/// The signals that end a preview; the terminal is restored before the process exits.
private let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// A true-colour terminal used as a screen: an alternate screen with the cursor hidden, restored when done or
/// interrupted (Ctrl-C).
struct TerminalScreen {
  /// The container's bounds; pictures keep their aspect ratio.
  let bounds: Rect
  /// The picture size in pixels: as large as the terminal allows (a character cell holds two pixels, one above the
  /// other), leaving a line for the status.
  let width: Int
  let height: Int
  /// The terminal's width in characters: the longest status line that does not wrap is one less.
  let columns: Int

  init(bounds: Rect) {
    self.bounds = bounds
    let (columns, rows) = SystemTerminal.windowSize(STDOUT_FILENO) ?? (80, 24)
    self.columns = columns
    let scale = min(Double(max(columns - 1, 8)) / bounds.size.width, Double(max(rows - 2, 4) * 2) / bounds.size.height)
    width = max(Int(bounds.size.width * scale), 4)
    height = max(Int(bounds.size.height * scale) & ~1, 4)
  }

  /// Whether standard output is a terminal that can show pictures: not one that says it is `TERM=dumb`, which gets
  /// the plain text a pipe gets.
  static var isTerminal: Bool {
    SystemTerminal.isTerminal(STDOUT_FILENO) && ProcessEnvironment.current["TERM"] != "dumb"
  }

  /// Switches to the alternate screen, hides the cursor, and takes the keyboard (no echo, no line buffering); puts
  /// all of it back on Ctrl-C, SIGTERM, SIGHUP or SIGQUIT, and before stopping on Ctrl-Z (SIGTSTP), and takes it
  /// again after `fg`; notes window resizes (SIGWINCH).
  func enter() {
    takeKeyboard()
    SystemProcess.handle(endingSignals, with: restoreAndExit)
    SystemProcess.handle([SIGWINCH], with: noteResize)
    SystemProcess.handle([SIGTSTP], with: suspend)
    writeStatic(enterSequence)
  }

  /// Whether the screen must be measured and drawn again since the last call: the window was resized, or the
  /// process was stopped and continued.
  static func takeResize() -> Bool {
    redrawNeeded.exchange(false, ordering: .relaxed)
  }

  /// Clears the screen, for a picture of another size.
  func clear() { write("\u{1B}[0m\u{1B}[2J") }

  /// Restores the terminal: the screen, and the keyboard, dropping what was typed and not read.
  func leave() {
    SystemProcess.handle(endingSignals + [SIGWINCH, SIGTSTP], with: nil)  // SIG_DFL
    write(restoreSequence.description)
    mouseReporting.store(false, ordering: .sequentiallyConsistent)
    releaseKeyboard()
  }

  /// What the terminal shows: 24-bit colour, 256 colours, or none (`NO_COLOR`).
  let colors = TerminalColors.detect(environment: ProcessEnvironment.current)

  /// The colour behind the contents.
  static let background = RGB(24, 24, 28)

  /// A frame of the screen's size, drawn by the pixel renderer, and a status line below it.
  func draw(_ frame: Frame, status: String) {
    let reset = colors == .none ? "\u{1B}[K" : "\u{1B}[0m\u{1B}[K"
    write(TerminalImage.encode(frame, colors: colors, background: Self.background) + reset + status)
  }

  /// The scene of two contents at this screen's size: the pictures are generated cards.
  func scene(from: CardLook = .a, to: CardLook = .b) -> Scene? {
    guard let from = PixelImage.card(from, width: width, height: height),
      let to = PixelImage.card(to, width: width, height: height)
    else { return nil }
    return Scene(bounds: bounds, width: width, height: height, background: Self.background, from: from, to: to)
  }

  private func write(_ text: String) {
    writeAll(STDOUT_FILENO, text)
  }
}

/// Plays animations in a true-colour terminal at a steady frame rate.
struct TerminalPlayer {
  let bounds: Rect
  let fps: Int

  func play(_ plays: [(title: String, animation: Animation, inverse: Bool)]) {
    var screen = TerminalScreen(bounds: bounds)
    var canvas = Canvas(screen)
    let clock = ContinuousClock()
    let frame = Duration.seconds(1.0 / Double(fps))
    screen.enter()
    for (index, play) in plays.enumerated() {
      let frames = max(Int((play.animation.duration * Double(fps)).rounded(.up)), 1)
      var deadline = clock.now
      for i in 0...frames {
        if TerminalScreen.quitRequested() { screen.quit() }
        if TerminalScreen.takeResize() {
          screen = TerminalScreen(bounds: bounds)
          canvas = Canvas(screen)
          screen.clear()
          deadline = clock.now  // after a stop, play on from this frame rather than catch up
        }
        let t = min(Double(i) / Double(fps), play.animation.duration)
        let status = "\(play.title)  t=\(t.formatted(2)) s / \(play.animation.duration.formatted(2)) s"
        if let canvas {
          canvas.renderer.draw(FrameStates(play.animation, at: t, inverse: play.inverse), into: canvas.frame)
          screen.draw(canvas.frame, status: status)
        }
        deadline = deadline.advanced(by: frame)
        clock.sleepUntil(deadline)
      }
      if index < plays.count - 1 { clock.sleepUntil(clock.now.advanced(by: .milliseconds(500))) }
    }
    clock.sleepUntil(clock.now.advanced(by: .milliseconds(300)))
    screen.leave()
  }
}

/// A renderer and a frame of a screen's size (nil when memory for them is short: the status line alone is shown).
struct Canvas {
  let renderer: FrameRenderer
  let frame: Frame

  init?(_ screen: TerminalScreen, from: CardLook = .a, to: CardLook = .b) {
    guard let scene = screen.scene(from: from, to: to), let frame = Frame(width: screen.width, height: screen.height)
    else { return nil }
    renderer = FrameRenderer(scene: scene)
    self.frame = frame
  }
}

extension ContinuousClock {
  /// Blocks the thread until `deadline` (no-op when it has passed).
  func sleepUntil(_ deadline: Instant) {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return }
    let (seconds, attoseconds) = remaining.components
    SystemTime.sleep(nanoseconds: Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
