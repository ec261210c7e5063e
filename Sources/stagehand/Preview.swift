import ArgumentParser
import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand preview STYLE`: plays a transition forward then inverse in the terminal, or prints its timeline.
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Play a transition forward, then its inverse, in the terminal.",
    discussion: """
      In a terminal, two panels (the outgoing one blue, the incoming one orange) are drawn with true-colour half \
      blocks at a steady frame rate; q or Escape quits, Ctrl-C stops, and both restore the terminal; Ctrl-Z \
      restores it too, and 'fg' plays on. When standard output is not a terminal, or TERM is dumb, prints a \
      timeline instead: the steps, then the state of every layer at evenly spaced times.

      With --interactive, the pop of STYLE (its inverse, on a stack that pushed it) is driven by hand in the \
      terminal. \(InteractiveSession.help)
      """)

  @OptionGroup var options: TransitionOptions

  @OptionGroup var presentation: PresentationOptions

  @OptionGroup var catalogOptions: CatalogOptions

  @Flag(help: "Play or print only the inverse.")
  var inverse = false

  @Flag(
    help: ArgumentHelp(
      "Scrub the pop of STYLE by hand in the terminal: arrow keys, mouse wheel and drag; Enter or space finishes, "
        + "Backspace cancels, q or Escape quits (standard input and output must be a terminal)."))
  var interactive = false

  @Option(parsing: .unconditional, help: "Frames per second in a terminal.")
  var fps = 30

  @Option(
    parsing: .unconditional,
    help: "How many evenly spaced times, from the start to the end, the timeline samples each animation.")
  var samples = 8

  func validate() throws {
    guard (1...120).contains(fps) else { throw ValidationError("--fps \(fps) is not valid; give 1 to 120") }
    guard (1...1000).contains(samples) else {
      throw ValidationError("--samples \(samples) is not valid; give 1 to 1000")
    }
  }

  func run() throws {
    if interactive, let refusal = InteractiveRefusal.check(command: "preview") {
      throw Exit.usageError(refusal.description)
    }
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    let transition = try options.transition()
    let context = try options.context(presentation)
    let resolved: ResolvedStyle
    let played: ResolvedStyle?
    var plays: [(title: String, animation: Animation, inverse: Bool)] = []
    do {
      resolved = try registry.resolve(transition.style)
      _ = try resolved.values(overriding: transition.parameters)
      let fallback = try registry.played(transition, in: context)
      played = fallback == transition ? nil : try registry.resolve(fallback.style)
      if !inverse { plays.append(("forward", try registry.forward(transition, in: context), false)) }
      plays.append(("inverse", try registry.inverse(transition, in: context), true))
    } catch {
      throw Exit.report(error)
    }
    if TerminalScreen.isTerminal {
      // A style may last as long as it likes (finite), but a preview plays at most as long as --duration allows.
      if let longest = plays.map(\.animation.duration).max(), longest > TransitionOptions.longestDuration {
        throw Exit.usageError(
          "'\(resolved.name)' lasts \(longest.formatted()) s, longer than the "
            + "\(Int(TransitionOptions.longestDuration)) s a preview plays; give --duration, e.g. --duration 2")
      }
      if interactive {
        try scrub(transition, named: resolved.name, in: context, registry: registry)
        return
      }
      TerminalPlayer(bounds: context.bounds, fps: fps).play(
        plays.map { ("\(resolved.name) \($0.title)", $0.animation, $0.inverse) })
    } else {
      print(Timeline.header(resolved, transition: transition, context: context, played: played))
      for play in plays {
        print()
        print(Timeline.describe(play.animation, title: play.title, samples: samples))
      }
    }
  }
}

extension Preview {
  /// Pushes a content with `transition` on a stack of `context`'s bounds, and pops it interactively, again and
  /// again, until `q` or Escape quits.
  func scrub(_ transition: Transition, named name: String, in context: TransitionContext, registry: Registry) throws {
    let clock = SystemClock()
    let settings = PresentationSettings(layoutDirection: context.layoutDirection, reducesMotion: context.reducesMotion)
    let from = DemoContent("from", report: { _ in })
    let to = DemoContent("to", report: { _ in })
    let screen = TerminalScreen(bounds: context.bounds)
    do {
      let stack = try Stack(
        name: "preview", builder: registry, clock: clock, bounds: context.bounds, presentation: settings)
      try stack.push(from, with: transition, duration: context.duration, animated: false)
      stack.appear()
      var session = InteractiveSession(
        stack: stack, clock: clock, fps: fps, screen: screen,
        canvas: StackCanvas(contents: [from, to], looks: [.a, .b]))
      screen.enter()
      screen.reportMouse()
      defer { session.screen.leave() }
      while true {
        if stack.contents.count < 2 {
          try stack.push(to, with: transition, duration: context.duration, animated: false)
        }
        _ = try session.pop(title: "\(name) pop")
      }
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
  }
}

/// The textual timeline printed when standard output is not a terminal.
enum Timeline {
  /// The first lines: the style or preset and its values, the container and duration, the presentation when it is
  /// not the default one, and the reduced-motion fallback played instead (`played`), if any.
  static func header(
    _ resolved: ResolvedStyle, transition: Transition, context: TransitionContext, played: ResolvedStyle? = nil
  ) -> String {
    let style = resolved.entry.style
    let values = (try? resolved.values(overriding: transition.parameters)) ?? []
    let assignments = zip(style.parameters, values).map { "\($0.symbol)=\($0.text(for: $1))" }
    let kind = resolved.preset == nil ? "style" : "preset of \(style.name)"
    let duration =
      context.duration == .intrinsic
      ? "\((played ?? resolved).entry.style.defaultDuration.formatted()) s (the style's default)"
      : "\(context.duration)"
    var presentation = ""
    if context.layoutDirection != .leftToRight { presentation += ", layout \(context.layoutDirection)" }
    if context.displayScale != 1 { presentation += ", display scale \(context.displayScale.formatted())" }
    if context.reducesMotion { presentation += ", reduced motion" }
    var lines = [
      "\(resolved.name) (\(kind), plugin \(resolved.entry.plugin.info.id))"
        + (assignments.isEmpty ? "" : ": " + assignments.joined(separator: " ")),
      "container \(context.bounds.size.width.formatted())x\(context.bounds.size.height.formatted()), duration "
        + duration + presentation,
    ]
    if let played {
      lines.append(
        "plays \(played.entry.plugin.info.id):\(played.name) instead, the reduced-motion fallback of \(style.name)")
    }
    return lines.joined(separator: "\n")
  }

  static func describe(_ animation: Animation, title: String, samples: Int) -> String {
    var lines = ["\(title): \(animation.steps.count) steps, \(animation.duration.formatted()) s"]
    var start = 0.0
    for (i, step) in animation.steps.enumerated() {
      let changes = step.changes.map { "\($0.layer) \(describe($0.change))" }.joined(separator: "; ")
      let timing = step.duration > 0 ? "for \(step.duration.formatted()) s, \(step.curve)" : "instantly"
      lines.append("  step \(i + 1): at \(start.formatted()) s \(timing): \(changes.isEmpty ? "pause" : changes)")
      start += step.duration
    }
    let changesOrder = animation.steps.contains { step in step.changes.contains { $0.change == .swapDrawOrder } }
    for i in 0..<samples {
      let t = samples == 1 ? 0 : animation.duration * Double(i) / Double(samples - 1)
      let states = animation.sample(at: t)
      lines.append("  t=\(t.formatted()) s")
      for layer in LayerID.allCases {
        lines.append("    \(layer): \(describe(states[layer], isStage: layer == .stage))")
      }
      if changesOrder { lines.append("    on top: \(states.onTop)") }
      let b = states.backdrop
      if [b.red, b.green, b.blue, b.opacity].map({ $0.formatted() }) != ["0", "0", "0", "0"] {
        lines.append(
          "    backdrop: (\(b.red.formatted()), \(b.green.formatted()), \(b.blue.formatted())) opacity "
            + b.opacity.formatted())
      }
    }
    return lines.joined(separator: "\n")
  }

  static func describe(_ v: Vector3) -> String { "(\(v.x.formatted()), \(v.y.formatted()), \(v.z.formatted()))" }

  static func describe(_ change: LayerChange) -> String {
    switch change {
    case .translate(let v): "translate \(describe(v))"
    case .rotate(let angle, let axis): "rotate \((angle * 180 / .pi).formatted(1))° about \(describe(axis))"
    case .scale(let s): "scale \(describe(s))"
    case .fade(let d): "fade \(d.formatted())"
    case .moveAnchor(let d): "move anchor (\(d.x.formatted()), \(d.y.formatted()))"
    case .changePerspective(let d): "perspective \(d >= 0 ? "+" : "")\(d.formatted(6))"
    case .inset(let i):
      "clip inset (\(i.top.formatted()), \(i.right.formatted()), \(i.bottom.formatted()), \(i.left.formatted()))"
    case .cornerRadius(let d): "corner radius \(d >= 0 ? "+" : "")\(d.formatted())"
    case .ellipse(let c, let r):
      "clip ellipse centre (\(c.x.formatted()), \(c.y.formatted())) radii (\(r.x.formatted()), \(r.y.formatted()))"
    case .wedge(let c, let start, let sweep):
      "clip wedge centre (\(c.x.formatted()), \(c.y.formatted())) start \((start * 180 / .pi).formatted(1))° "
        + "sweep \((sweep * 180 / .pi).formatted(1))°"
    case .dim(let d): "dim \(d >= 0 ? "+" : "")\(d.formatted())"
    case .backdrop(let b):
      "backdrop (\(b.red.formatted()), \(b.green.formatted()), \(b.blue.formatted())) opacity \(b.opacity.formatted())"
    case .swapDrawOrder: "swap draw order"
    }
  }

  static func describe(_ state: LayerState, isStage: Bool) -> String {
    // A part is shown when it reads differently from the layer at rest once rounded: a scale of 1.0000000000000002
    // left by a scale and its inverse is at rest.
    let rest = LayerState.identity
    var parts: [String] = []
    if describe(state.translation) != describe(rest.translation) {
      parts.append("translation \(describe(state.translation))")
    }
    let degrees = (state.rotation.angle * 180 / .pi).formatted(1)
    if degrees != "0" { parts.append("rotation \(degrees)° about \(describe(state.rotation.axis))") }
    if describe(state.scale) != describe(rest.scale) { parts.append("scale \(describe(state.scale))") }
    let anchor = "(\(state.anchor.x.formatted()), \(state.anchor.y.formatted()))"
    if anchor != "(0.5, 0.5)" { parts.append("anchor \(anchor)") }
    if state.perspective != 0 { parts.append("camera distance \((1 / state.perspective).formatted(1))") }
    if !isStage { parts.append("opacity \(state.opacity.formatted())") }
    let clip = state.clip
    let insets = [clip.insets.top, clip.insets.right, clip.insets.bottom, clip.insets.left].map { $0.formatted() }
    if insets != ["0", "0", "0", "0"] { parts.append("clip inset (\(insets.joined(separator: ", ")))") }
    if clip.cornerRadius.formatted() != "0" { parts.append("corner radius \(clip.cornerRadius.formatted())") }
    let ellipse = [clip.ellipseCentre.x, clip.ellipseCentre.y, clip.ellipseRadii.x, clip.ellipseRadii.y].map {
      $0.formatted()
    }
    if ellipse != ["0.5", "0.5", "1", "1"] {
      parts.append("clip ellipse centre (\(ellipse[0]), \(ellipse[1])) radii (\(ellipse[2]), \(ellipse[3]))")
    }
    let wedge = [clip.wedgeCentre.x, clip.wedgeCentre.y].map { $0.formatted() }
    let start = (clip.wedgeStart * 180 / .pi).formatted(1)
    let sweep = (clip.wedgeSweep * 180 / .pi).formatted(1)
    if wedge != ["0.5", "0.5"] || start != "0" || sweep != "360" {
      parts.append("clip wedge centre (\(wedge[0]), \(wedge[1])) start \(start)° sweep \(sweep)°")
    }
    if state.dim.formatted() != "0" { parts.append("dim \(state.dim.formatted())") }
    return parts.isEmpty ? "at rest" : parts.joined(separator: ", ")
  }

}
