import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

/// The application: a stack of screens in a window. A click pushes a new screen with the next style; a drag pops the
/// top interactively (a `GestureTracker` along the pop's own direction of motion turns the pointer into progress),
/// and the release finishes or cancels it with the spring, by the tracker's decision rule; a press while that spring
/// settles grabs the pop where it stands, and the pointer takes it on from there; a resize changes the stack's bounds,
/// which waits for a transition that plays, so a pop after it is built for the new size.
final class StackWindow {
  let settings: Settings
  let window: Window
  let clock = SystemClock()
  let stack: Stack
  private var screens = 1
  private var pushes = 0

  /// Drawing: a renderer for the stack's bounds, its frame, and each screen's card at the frame's size.
  private var renderer: ContainerRenderer?
  private var frame: Frame?
  private var cards: [ObjectIdentifier: PixelImage] = [:]

  /// The pointer: where the left button went down, and the pop it drags (with its tracker), once it moved.
  private var pressed: Point?
  private var drag: (pop: InteractiveTransition, tracker: GestureTracker)?
  private var lastReport = ""
  private var running = true

  init(settings: Settings, registry: Registry, window: Window) throws(ContainerError) {
    self.settings = settings
    self.window = window
    let bounds = Rect(x: 0, y: 0, width: Double(settings.width), height: Double(settings.height))
    stack = try Stack(name: "window", builder: registry, clock: clock, bounds: bounds)
    try stack.push(Screen(number: 0), with: Transition("cross-dissolve"), animated: false)
    stack.appear()
  }

  /// Runs until the window is closed: events, a clock tick, and a frame whenever something moves.
  func run() {
    var needsDrawing = true
    while running {
      // About 60 frames a second while something moves; at rest, asleep until an event comes.
      let events = window.events(wait: !needsDrawing, milliseconds: stack.isAnimating ? 16 : 1000)
      for event in events { handle(event) }
      // A transition that plays now needs this frame, also when the tick ends it: its last frame shows its end.
      let moving = stack.isAnimating
      clock.tick()
      if needsDrawing || !events.isEmpty || moving || stack.isAnimating { draw() }
      needsDrawing = false
    }
  }

  private func handle(_ event: WindowEvent) {
    switch event {
    case .quit: running = false
    case .press(let point):
      pressed = point
      grabSettling(at: point)
    case .move(let point): follow(point)
    case .release(let point):
      if var drag {
        drag.tracker.move(to: point, time: clock.now)
        drag.pop.update(progress: drag.tracker.progress)
        if settings.reports {
          let tracker = drag.tracker
          say("release progress=\(tracker.progress) velocity=\(tracker.velocity) finishes=\(tracker.shouldFinish)")
        }
        drag.tracker.release(drag.pop)
        self.drag = nil
      } else if pressed != nil {
        push()
      }
      pressed = nil
    case .resized(let width, let height):
      attempt { () throws(ContainerError) in
        try stack.setBounds(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
      }
    }
  }

  /// Grabs the transition that springs to its end or back after a release, where it stands (no jump): the drag goes
  /// on from its progress, and the next release finishes or cancels it anew by the decision rule.
  private func grabSettling(at point: Point) {
    guard drag == nil, let released = stack.interactiveTransition, case .settling = released.phase,
      let transition = stack.grab(), let animation = transition.animation
    else { return }
    var tracker = GestureTracker(animation: animation, bounds: stack.bounds, towards: Point(x: 1, y: 0))
    tracker.begin(at: point, time: clock.now, progress: transition.progress)
    drag = (transition, tracker)
    if settings.reports { say("grab progress=\(transition.progress)") }
  }

  /// Starts a pop once the pointer has moved a few pixels with the button down, then follows it.
  private func follow(_ point: Point) {
    guard let start = pressed else { return }
    if drag == nil {
      let moved = (point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y)
      guard moved >= 16, stack.contents.count > 1, !stack.isAnimating else { return }
      attempt { () throws(ContainerError) in
        let pop = try stack.popInteractively()
        guard let animation = pop.animation else { return pop.cancel() }
        // A pop that moves nothing sideways (a fade) is dragged to the right, as the pop of a push from the right.
        var tracker = GestureTracker(animation: animation, bounds: stack.bounds, towards: Point(x: 1, y: 0))
        tracker.begin(at: start, time: clock.now)
        drag = (pop, tracker)
      }
    }
    guard var drag else { return }
    drag.pop.update(progress: drag.tracker.move(to: point, time: clock.now))
    self.drag = drag
  }

  /// Pushes a new screen with the next style.
  private func push() {
    let style = settings.styles[pushes % settings.styles.count]
    attempt { () throws(ContainerError) in
      try stack.push(Screen(number: screens), with: Transition(style))
      screens += 1
      pushes += 1
    }
  }

  /// Runs `body`; a request the stack refuses is told on standard error, and the application goes on.
  private func attempt(_ body: () throws(ContainerError) -> Void) {
    do {
      try body()
    } catch {
      printError("SDLStack: \(error)")
    }
  }

  /// Draws the layers of the stack over its backdrop with a card per screen, at the stack's size.
  private func draw() {
    let bounds = stack.bounds
    if renderer?.bounds != bounds {
      let width = Int(bounds.size.width.rounded())
      let height = Int(bounds.size.height.rounded())
      do {
        renderer = try ContainerRenderer(bounds: bounds, width: width, height: height)
      } catch {
        printError("SDLStack: \(error)")
        renderer = nil
      }
      frame = Frame(width: width, height: height)
      cards = [:]
    }
    guard let renderer, let frame else { return }
    let layers = stack.layersToDraw.compactMap { layer -> PicturedLayer? in
      guard let screen = layer.content as? Screen, let card = card(of: screen) else { return nil }
      return PicturedLayer(layer.drawn, picture: card)
    }
    do {
      try renderer.draw(layers, backdrop: stack.backdrop, into: frame)
    } catch {
      printError("SDLStack: \(error)")
      return
    }
    window.present(frame)
    if settings.reports { report() }
  }

  private func card(of screen: Screen) -> PixelImage? {
    if let card = cards[ObjectIdentifier(screen)] { return card }
    let card = PixelImage.card(screen.look, width: renderer?.width ?? 1, height: renderer?.height ?? 1)
    cards[ObjectIdentifier(screen)] = card
    return card
  }

  /// Prints what the frame just shown shows, when it differs from the last one printed (see `README.md`).
  private func report() {
    let size = "\(Int(stack.bounds.size.width))x\(Int(stack.bounds.size.height))"
    var line = "frame size=\(size) screens=\(stack.contents.count)"
    if let pop = stack.interactiveTransition {
      line += " progress=\(pop.progress) phase=\(Self.describe(pop.phase))"
    } else {
      line += stack.isAnimating ? " playing" : " rest"
    }
    guard line != lastReport else { return }
    lastReport = line
    say(line)
  }

  /// Prints `line` on standard output at once (a test reads it as it comes).
  private func say(_ line: String) {
    print(line)
    fflush(nil)
  }

  private static func describe(_ phase: InteractiveTransition.Phase) -> String {
    switch phase {
    case .waiting: "waiting"
    case .interactive: "held"
    case .settling(let outcome): "settling-\(outcome.rawValue)"
    case .ended(let outcome): outcome.rawValue
    }
  }
}

/// Writes `message` and a new line on standard error.
func printError(_ message: String) {
  let line = message + "\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
}
