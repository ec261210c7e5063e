import ArgumentParser
import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand demo`: a stack pushes contents with different styles from the real plugins, is rotated, then pops
/// them back, each pop the inverse of its push built for the new bounds.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Push contents onto a stack with several styles, rotate it, and pop them back with their inverses.",
    discussion: """
      In a terminal, the stack is drawn at a steady frame rate (Ctrl-C stops and restores the terminal). When standard \
      output is not a terminal, prints each operation, the lifecycle events the contents receive, and the animation \
      each transition plays.

      With --interactive, the pops are driven by hand in the terminal: each pop waits for the keys or the mouse, and \
      a cancelled pop is started again until it finishes. \(InteractiveSession.help)
      """)

  @Flag(
    help: ArgumentHelp(
      "Drive the pops by hand in the terminal: arrow keys, mouse wheel and drag; Enter or space finishes, Backspace "
        + "cancels, q or Escape quits (standard input and output must be a terminal)."))
  var interactive = false

  @Option(parsing: .unconditional, help: "Frames per second in a terminal.")
  var fps = 30

  @OptionGroup var presentation: PresentationOptions

  @OptionGroup var catalogOptions: CatalogOptions

  func validate() throws {
    guard (1...120).contains(fps) else { throw ValidationError("--fps \(fps) is not valid; give 1 to 120") }
  }

  /// The contents and the transitions they are pushed with.
  /// The cards of the demo's contents, by their order: each its own colour and letter.
  static let looks: [CardLook] = [
    .a, .b, CardLook(fill: RGB(40, 150, 80), accent: RGB(200, 240, 210), letter: "C"),
    CardLook(fill: RGB(130, 60, 190), accent: RGB(225, 200, 250), letter: "D"),
    CardLook(fill: RGB(200, 50, 60), accent: RGB(250, 200, 200), letter: "E"),
  ]

  static let script: [(content: String, transition: Transition)] = [
    ("settings", Transition("push-from-right")),
    ("profile", Transition("cover-from-bottom")),
    ("photos", Transition("flip-horizontally")),
    ("about", Transition("cross-dissolve")),
  ]

  func run() throws {
    if interactive, let refusal = InteractiveRefusal.check(command: "demo") {
      throw Exit.usageError(refusal.description)
    }
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    for (_, transition) in Self.script {
      do {
        _ = try registry.resolve(transition.style)
      } catch {
        throw Exit.report(error)
      }
    }
    let settings = PresentationSettings(
      layoutDirection: try presentation.direction(), reducesMotion: presentation.reducesMotion)
    if TerminalScreen.isTerminal {
      try DemoRun(
        registry: registry, clock: SystemClock(), output: nil, fps: fps, presentation: settings,
        interactive: interactive
      ).perform()
    } else {
      try DemoRun(registry: registry, clock: ManualClock(), output: { print($0) }, fps: fps, presentation: settings)
        .perform()
    }
  }
}

/// A content of the demo: it reports its events to the demo.
final class DemoContent: Content {
  let name: String
  let report: (String) -> Void

  init(_ name: String, report: @escaping (String) -> Void) {
    self.name = name
    self.report = report
  }

  func receive(_ event: LifecycleEvent) { report("  \(name): \(event)") }
}

/// Tells which animation the stack plays.
final class DemoObserver: ContainerObserver {
  let report: (String) -> Void
  let bounds: () -> Rect

  init(report: @escaping (String) -> Void, bounds: @escaping () -> Rect) {
    self.report = report
    self.bounds = bounds
  }

  func container(_ name: String, willPlay animation: Animation, of entry: Entry, inverse: Bool, from offset: Double) {
    let size = bounds().size
    report(
      "  plays \(entry.transition) \(inverse ? "inverse" : "forward"), \(animation.steps.count) steps, "
        + "\(animation.duration.formatted()) s, built for \(size.width.formatted())x\(size.height.formatted())")
  }
}

/// One run of the demo, on a terminal (drawing frames on the system clock) or as text (on a manual clock).
struct DemoRun {
  let registry: Registry
  let clock: any TransitionClock
  /// Where text goes; `nil` draws in the terminal instead.
  let output: ((String) -> Void)?
  let fps: Int
  /// The stack's layout direction and reduced motion.
  var presentation = PresentationSettings()
  /// Whether the pops are driven by hand (in the terminal only).
  var interactive = false

  func perform() throws {
    let portrait = Rect(x: 0, y: 0, width: 320, height: 480)
    let landscape = Rect(x: 0, y: 0, width: 480, height: 320)
    let say: (String) -> Void = output ?? { _ in }
    let stack = try Stack(
      name: "demo", builder: registry, clock: clock, bounds: portrait, presentation: presentation)
    let observer = DemoObserver(report: say, bounds: { [unowned stack] in stack.bounds })
    stack.observer = observer
    let home = DemoContent("home", report: say)
    let contents = [home] + Demo.script.map { DemoContent($0.content, report: say) }
    var screen = output == nil ? TerminalScreen(bounds: portrait) : nil
    screen?.enter()
    if interactive { screen?.reportMouse() }
    defer { screen?.leave() }

    say("a stack of 320x480 (capacity 2); styles from the plugins on the search path")
    say("push home, without animation, before the stack is shown")
    try stack.push(home, with: Transition("cross-dissolve"), animated: false)
    say("the stack appears")
    stack.appear()
    for (content, (_, transition)) in zip(contents.dropFirst(), Demo.script) {
      say("push \(content.name) with \(transition)")
      try stack.push(content, with: transition)
      settle(stack, screen: screen, contents: contents, status: "push \(content.name) with \(transition)")
    }
    say("rotate: the bounds become 480x320")
    try stack.setBounds(landscape)
    screen = screen.map { _ in TerminalScreen(bounds: landscape) }
    screen?.clear()
    settle(stack, screen: screen, contents: contents, status: "rotated to 480x320")
    // One session for every interactive pop: it keeps the screen it measured again after a resize.
    var session = screen.flatMap { screen in
      (clock as? SystemClock).map {
        InteractiveSession(
          stack: stack, clock: $0, fps: fps, screen: screen, canvas: StackCanvas(contents: contents, looks: Demo.looks))
      }
    }
    for (content, (_, transition)) in zip(contents.dropFirst(), Demo.script).reversed() {
      say("pop \(content.name): the inverse of \(transition), built for the new bounds")
      if interactive, var current = session {
        while try current.pop(title: "pop \(content.name): inverse of \(transition)") != .finished {}
        session = current
        continue
      }
      try stack.pop()
      settle(stack, screen: screen, contents: contents, status: "pop \(content.name): inverse of \(transition)")
    }
    say("the stack holds \(stack.contents.map(\.name).joined(separator: ", "))")
  }

  /// Lets the transition play to its end: frame by frame in the terminal, in steps of a frame on the manual clock.
  private func settle(_ stack: Stack, screen: TerminalScreen?, contents: [DemoContent], status: String) {
    let frame = 1.0 / Double(fps)
    let wall = ContinuousClock()
    var deadline = wall.now
    var canvas = StackCanvas(contents: contents, looks: Demo.looks)
    repeat {
      if let manual = clock as? ManualClock { manual.advance(by: frame) }
      if let system = clock as? SystemClock { system.tick() }
      if let screen {
        if TerminalScreen.quitRequested() { screen.quit() }
        canvas.draw(stack, on: screen, status: status)
        deadline = deadline.advanced(by: .seconds(frame))
        wall.sleepUntil(deadline)
      }
    } while stack.isAnimating
    if screen != nil { wall.sleepUntil(wall.now.advanced(by: .milliseconds(400))) }
  }
}
