import StagehandAnimation
import StagehandContainers
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Why `--interactive` cannot run: it reads the keyboard and the mouse from a terminal and draws on one.
enum InteractiveRefusal: Error, CustomStringConvertible {
  /// Standard input, or standard output, is not a terminal (`stream` names which), or TERM is dumb.
  case notATerminal(command: String, stream: String)

  /// Whether standard input and standard output are a terminal that can show pictures; the refusal otherwise.
  static func check(command: String) -> InteractiveRefusal? {
    if !SystemTerminal.isTerminal(STDIN_FILENO) {
      return .notATerminal(command: command, stream: "standard input is not a terminal")
    }
    if !SystemTerminal.isTerminal(STDOUT_FILENO) {
      return .notATerminal(command: command, stream: "standard output is not a terminal")
    }
    if !TerminalScreen.isTerminal { return .notATerminal(command: command, stream: "TERM is dumb") }
    return nil
  }

  var description: String {
    switch self {
    case .notATerminal(let command, let stream):
      "\(command) --interactive reads the arrow keys and the mouse from a terminal and draws on it, but \(stream); "
        + "run it in a terminal (with neither redirected), or leave out --interactive"
    }
  }
}

/// Drives interactive pops of a stack in the terminal, through the stack's own interactive API: the arrow keys and
/// the mouse wheel move the progress in steps, a drag with the left button moves it along the pop's direction of
/// motion (a `GestureTracker`), and the release finishes or cancels it by the tracker's rule; Enter or space finishes,
/// Backspace cancels, each with the spring; a key or a press while it springs grabs it where it stands; `q` or
/// Escape quits.
struct InteractiveSession {
  /// The keys and the mouse, as `--help` gives them.
  static let help = """
    The right and up arrow keys and the mouse wheel (down) move the pop on, the left and down arrow keys and the \
    wheel (up) move it back, by 5% each; a drag with the left button moves it along the pop's own direction of \
    motion, and releasing the button finishes the pop (past half way, or on a flick forward) or cancels it, with a \
    spring that starts at the release velocity. Enter or space finishes, Backspace cancels; a key or a press while \
    it springs takes hold of it again. When it has ended, it starts over. q or Escape quits, and the terminal (mouse \
    reporting included) is restored on every exit, Ctrl-C and signals too.
    """
  /// How far an arrow key or a wheel notch moves the progress.
  static let scrubStep = 0.05

  let stack: Stack
  let clock: SystemClock
  let fps: Int
  var screen: TerminalScreen
  var canvas: StackCanvas
  private var parser = TerminalInputParser()

  init(stack: Stack, clock: SystemClock, fps: Int, screen: TerminalScreen, canvas: StackCanvas) {
    self.stack = stack
    self.clock = clock
    self.fps = fps
    self.screen = screen
    self.canvas = canvas
  }

  /// Pops the top content interactively, driven by the keyboard and the mouse until it ends, and returns how.
  mutating func pop(title: String) throws(ContainerError) -> TransitionOutcome {
    let handle = try stack.popInteractively()
    var tracker: GestureTracker?
    let wall = ContinuousClock()
    let frame = Duration.seconds(1.0 / Double(fps))
    var deadline = wall.now
    var needsDrawing = true
    while handle.outcome == nil {
      clock.tick()
      if TerminalScreen.takeResize() {
        screen = TerminalScreen(bounds: stack.bounds)
        canvas.reset()
        screen.clear()
        needsDrawing = true
        deadline = wall.now
      }
      for input in parser.parse(TerminalScreen.readInput()) {
        needsDrawing = true
        let now = clock.now
        switch input {
        case .quit: screen.quit()
        case .scrub(let steps):
          hold(handle)
          handle.update(progress: handle.progress + Double(steps) * Self.scrubStep)
        case .finish:
          tracker = nil
          handle.finish()
        case .cancel:
          tracker = nil
          handle.cancel()
        case .press(let column, let row):
          hold(handle)
          guard let animation = handle.animation else { break }
          var started = GestureTracker(animation: animation, bounds: stack.bounds)
          started.begin(at: screen.point(column: column, row: row), time: now, progress: handle.progress)
          tracker = started
        case .drag(let column, let row):
          guard var moved = tracker else { break }
          handle.update(progress: moved.move(to: screen.point(column: column, row: row), time: now))
          tracker = moved
        case .release(let column, let row):
          guard var released = tracker else { break }
          handle.update(progress: released.move(to: screen.point(column: column, row: row), time: now))
          released.release(handle)
          tracker = nil
        }
      }
      if case .settling = handle.phase { needsDrawing = true }
      if needsDrawing {
        draw(title: title, handle)
        needsDrawing = false
      }
      deadline = deadline.advanced(by: frame)
      wall.sleepUntil(deadline)
    }
    draw(title: title, handle)
    return handle.outcome ?? .cancelled
  }

  /// Takes hold of the pop again if it springs, so that a key or the pointer moves it on from where it stands.
  private func hold(_ handle: InteractiveTransition) {
    if case .settling = handle.phase { _ = stack.grab() }
  }

  private mutating func draw(title: String, _ handle: InteractiveTransition) {
    let state =
      switch handle.phase {
      case .waiting: "waiting"
      case .interactive: "held"
      case .settling(.finished): "finishing"
      case .settling(.cancelled): "cancelling"
      case .ended(let outcome): outcome.rawValue
      }
    let status =
      "\(title) p=\(handle.progress.formatted(2)) \(state) | arrows, wheel, drag; Enter finish, Backspace cancel, q quit"
    canvas.draw(stack, on: screen, status: String(status.prefix(max(screen.columns - 1, 24))))
  }
}
