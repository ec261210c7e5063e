import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The escape sequence that puts the terminal back: attributes reset, cursor shown, main screen.
private let restoreSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// Puts the terminal back and exits when the program is interrupted, hung up or terminated (async-signal-safe: one
/// write, then _exit).
private func restoreAndExit(_ signal: Int32) {
  _ = write(STDOUT_FILENO, restoreSequence.utf8Start, restoreSequence.utf8CodeUnitCount)
  _exit(128 + signal)
}

/// Set by SIGWINCH, taken by the player, which then fits its pictures to the new window size.
private let resized = Atomic<Bool>(false)

private func noteResize(_ signal: Int32) {
  resized.store(true, ordering: .relaxed)
}

/// Installs `handler` for `signals` with sigaction (restarting interrupted calls).
private func handle(_ signals: [Int32], with handler: (@convention(c) (Int32) -> Void)?) {
  for number in signals {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    _ = sigaction(number, &action, nil)
  }
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

  init(bounds: Rect) {
    self.bounds = bounds
    var size = winsize()
    let known = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0
    let columns = known ? Int(size.ws_col) : 80
    let rows = known ? Int(size.ws_row) : 24
    let scale = min(Double(max(columns - 1, 8)) / bounds.size.width, Double(max(rows - 2, 4) * 2) / bounds.size.height)
    width = max(Int(bounds.size.width * scale), 4)
    height = max(Int(bounds.size.height * scale) & ~1, 4)
  }

  /// Whether standard output is a terminal.
  static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Switches to the alternate screen, hides the cursor, and restores both on Ctrl-C, SIGTERM, SIGHUP or SIGQUIT;
  /// notes window resizes (SIGWINCH).
  func enter() {
    handle(endingSignals, with: restoreAndExit)
    handle([SIGWINCH], with: noteResize)
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
  }

  /// Whether the window was resized since the last call.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }

  /// Clears the screen, for a picture of another size.
  func clear() { write("\u{1B}[0m\u{1B}[2J") }

  /// Restores the terminal.
  func leave() {
    write(restoreSequence.description)
    handle(endingSignals + [SIGWINCH], with: nil)  // SIG_DFL
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
        if TerminalScreen.takeResize() {
          screen = TerminalScreen(bounds: bounds)
          canvas = Canvas(screen)
          screen.clear()
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
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var left = timespec()
    while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
  }
}
