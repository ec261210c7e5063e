import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Seeded random sequences of stack operations, checked after every operation: events well-formed, no content lost
/// or duplicated, capacity respected, every pop the inverse of its entry's transition in the bounds of that moment,
/// and no jump when a push is reversed.
@Suite("Randomized stack operations")
struct RandomizedStackTests {
  static let seed = SeededGenerator.testSeed(0x57AC_C0DE)
  /// 10,000 by default, `STAGEHAND_TEST_STEPS` when set.
  static let operationsPerRun = SeededGenerator.testSteps(10_000)

  /// Makes `operationsPerRun` random operations on `run`, checking after each; records the first failure, with how to
  /// replay it, and returns false then.
  static func operate(_ run: Run, _ random: inout SeededGenerator, behavior: Stack.Behavior) -> Bool {
    for step in 0..<operationsPerRun {
      if let failure = run.step(&random) {
        Issue.record("behavior \(behavior), operation \(step), replay with STAGEHAND_TEST_SEED=\(seed): \(failure)")
        return false
      }
    }
    return true
  }

  @Test(
    "random operations (10,000, or STAGEHAND_TEST_STEPS) keep the contract",
    arguments: [Stack.Behavior.default, .removing, .fixedRoot])
  func randomOperations(behavior: Stack.Behavior) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash(behavior.rawValue))
    let run = try Run(random: &random, behavior: behavior)
    guard Self.operate(run, &random, behavior: behavior) else { return }
    // The sequence must exercise what it checks, in proportion to its length (thresholds for 10,000 operations).
    let scale = Self.operationsPerRun / 10_000
    #expect(run.pops > 200 * scale, "the sequence popped \(run.pops) times")
    #expect(run.reversals > 20 * scale, "the sequence reversed \(run.reversals) pushes")
    #expect(run.refusals > 200 * scale, "the sequence was refused \(run.refusals) times")
    #expect(run.idleChecks > 1_000 * scale, "the stack was idle \(run.idleChecks) times")
  }

  @Test(
    "random operations with lifecycle handlers that push and pop keep the contract: every request from a handler waits its turn",
    arguments: [Stack.Behavior.default, .removing, .fixedRoot])
  func randomOperationsWithHandlers(behavior: Stack.Behavior) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash("handlers " + behavior.rawValue))
    let run = try Run(random: &random, behavior: behavior)
    run.handlerRandom = SeededGenerator(seed: random.next())
    guard Self.operate(run, &random, behavior: behavior) else { return }
    let scale = Self.operationsPerRun / 10_000
    #expect(run.handlerPushes > 50 * scale, "handlers pushed \(run.handlerPushes) times")
    #expect(run.handlerPops > 15 * scale, "handlers popped \(run.handlerPops) times")
    #expect(run.reversals > 20 * scale, "the sequence reversed \(run.reversals) pushes")
    #expect(run.idleChecks > 500 * scale, "the stack was idle \(run.idleChecks) times")
  }

  @Test(
    "random operations with layout direction and reduced motion switched on and off keep the contract, and every pop plays the inverse of what its push played",
    arguments: [Stack.Behavior.default, .removing, .fixedRoot])
  func randomOperationsWithPresentation(behavior: Stack.Behavior) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash("presentation " + behavior.rawValue))
    let run = try Run(random: &random, behavior: behavior, builder: MotionTransitions())
    guard Self.operate(run, &random, behavior: behavior) else { return }
    let scale = Self.operationsPerRun / 10_000
    #expect(run.pops > 200 * scale, "the sequence popped \(run.pops) times")
    #expect(run.reversals > 20 * scale, "the sequence reversed \(run.reversals) pushes")
    #expect(run.switches > 100 * scale, "the sequence switched the presentation \(run.switches) times")
    #expect(run.fallbackPops > 50 * scale, "\(run.fallbackPops) pops played the inverse of a fallback")
    #expect(
      run.fallbackAfterFullMotion > 3 * scale, "\(run.fallbackAfterFullMotion) pops of full-motion pushes fell back")
    #expect(run.rightToLeftPlays > 200 * scale, "\(run.rightToLeftPlays) animations played right to left")
  }
}

/// A hash of `text` that is the same in every run (FNV-1a).
func stableHash(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}

/// Notes every animation a container plays, with the bounds of that moment.
final class PlayRecorder: ContainerObserver {
  struct Play {
    var animation: Animation
    var entry: Entry
    var inverse: Bool
    var offset: Double
    var bounds: Rect
    /// The container's layout direction and reduced motion at that moment.
    var presentation: PresentationSettings
    /// What the builder was last asked to build, when it records that.
    var request: MotionTransitions.Request?
  }

  var plays: [Play] = []
  var bounds: () -> Rect = { Rect(x: 0, y: 0, width: 1, height: 1) }
  var presentation: () -> PresentationSettings = { PresentationSettings() }
  var lastRequest: () -> MotionTransitions.Request? = { nil }

  func container(_ name: String, willPlay animation: Animation, of entry: Entry, inverse: Bool, from offset: Double) {
    plays.append(
      Play(
        animation: animation, entry: entry, inverse: inverse, offset: offset, bounds: bounds(),
        presentation: presentation(), request: lastRequest()))
  }
}

/// One randomized run: a stack, a reference model of what it should hold, and contents held by another stack.
final class Run {
  let clock = ManualClock()
  let stack: Stack
  let other: Stack
  let builder: any TransitionBuilding
  /// The builder, when it is the recording double: the run then switches the layout direction and reduced motion.
  let motion: MotionTransitions?
  let recorder = PlayRecorder()
  let pool: [RecordingContent]
  let strangers: [RecordingContent]
  /// What the stack should hold once every request has run.
  var model: [ObjectIdentifier] = []
  var pops = 0
  var idleChecks = 0
  var reversals = 0
  var refusals = 0
  var switches = 0
  var fallbackPops = 0
  var fallbackAfterFullMotion = 0
  var rightToLeftPlays = 0
  /// The last operations, for the failure message.
  var log: [String] = []
  /// When set, the contents' lifecycle handlers push and pop, drawing from this generator.
  var handlerRandom: SeededGenerator?
  var handlerPushes = 0
  var handlerPops = 0
  /// When set, the run also starts interactive changes, drives, grabs, finishes and cancels them
  /// (RandomizedStackTests+Interactive.swift).
  var interactive = false
  /// The change the run drives: started interactively or grabbed.
  var held: InteractiveTransition?
  /// The change the run started while the stack was idle, until it ends, with what a cancel must give back.
  var tracked: Tracked?
  /// A failure found in a completion, reported by the step that made the clock move.
  var pendingFailure: String?
  var interactiveStarts = 0
  var grabs = 0
  var progressUpdates = 0
  var finishes = 0
  var cancels = 0
  /// A handler's request is being made: handlers do not request from inside one another.
  private var inHandler = false
  /// Whether a request of the sequence is being made: it changed the stack's projection before any handler ran, so
  /// the model changes of handlers wait in `deferred` until the request's own is made.
  private var requesting = false
  private var deferred: [() -> Void] = []

  /// Makes a request of the sequence with `body`, then `update`s the model, then applies the changes of the handlers
  /// that ran meanwhile, in order.
  func request(_ body: () throws -> Void, then update: () -> Void) rethrows {
    requesting = true
    defer {
      requesting = false
      deferred.removeAll()
    }
    try body()
    requesting = false
    update()
    for change in deferred { change() }
  }

  /// Changes the model now, or after the request being made.
  private func model(_ change: @escaping () -> Void) {
    if requesting { deferred.append(change) } else { change() }
  }

  init(
    random: inout SeededGenerator, behavior: Stack.Behavior, builder: any TransitionBuilding = TestTransitions()
  ) throws {
    self.builder = builder
    motion = builder as? MotionTransitions
    stack = try Stack(
      name: "main", builder: builder, clock: clock, bounds: Rect(x: 0, y: 0, width: 320, height: 480),
      capacity: Int.random(in: 1...3, using: &random), behavior: behavior)
    other = try Stack(name: "other", builder: builder, clock: clock, bounds: Rect(x: 0, y: 0, width: 100, height: 100))
    pool = (0..<16).map { RecordingContent("c\($0)") }
    strangers = [RecordingContent("s0"), RecordingContent("s1")]
    for stranger in strangers { try other.push(stranger, with: Transition("fade")) }
    recorder.bounds = { [unowned stack] in stack.bounds }
    recorder.presentation = { [unowned stack] in stack.presentation }
    recorder.lastRequest = { [weak motion] in motion?.requests.last { $0.kind != "played" } }
    stack.observer = recorder
    stack.appear()
    for content in pool {
      content.onEvent = { [unowned self, unowned content] event in self.handle(event, of: content) }
    }
  }

  /// One time in 60, when handlers are on, a content's event handler pushes a free content or pops the top; the
  /// model follows, since a request is checked against the stack as the queued requests will leave it.
  func handle(_ event: LifecycleEvent, of content: RecordingContent) {
    guard !inHandler, var random = handlerRandom else { return }
    defer { handlerRandom = random }
    guard Int.random(in: 0..<60, using: &random) == 0 else { return }
    inHandler = true
    defer { inHandler = false }
    let fixed = stack.behavior == .fixedRoot
    if Bool.random(using: &random) {
      guard let free = pool.filter({ !model.contains(ObjectIdentifier($0)) }).randomElement(using: &random) else {
        return
      }
      do {
        try stack.push(free, with: randomTransition(&random), duration: randomDuration(&random))
      } catch {
        log.append("\(content) \(event.kind) handler: push \(free) failed: \(error)")
        return
      }
      handlerPushes += 1
      model { [unowned self] in
        model.append(ObjectIdentifier(free))
        if stack.behavior == .removing && model.count > stack.capacity {
          model.removeFirst(model.count - stack.capacity)
        }
      }
      log.append("\(content) \(event.kind) handler: push \(free)")
    } else {
      guard !model.isEmpty, !(fixed && model.count == 1) else { return }
      do {
        try stack.pop(animated: Int.random(in: 0..<5, using: &random) > 0)
      } catch {
        log.append("\(content) \(event.kind) handler: pop failed: \(error)")
        return
      }
      handlerPops += 1
      model { [unowned self] in model.removeLast() }
      log.append("\(content) \(event.kind) handler: pop")
    }
  }

  func randomTransition(_ random: inout SeededGenerator) -> Transition {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      Transition(
        "slide",
        parameters: [
          "direction": (["left", "right", "top", "bottom"] + (motion == nil ? [] : ["leading", "trailing"]))
            .randomElement(using: &random)!
        ])
    case 1: Transition("fade")
    default: Transition("turn", parameters: ["angle": String(Int.random(in: 10...180, using: &random))])
    }
  }

  func randomDuration(_ random: inout SeededGenerator) -> RequestedDuration {
    Bool.random(using: &random) ? .intrinsic : .seconds(.random(in: 0.05...1, using: &random))
  }

  /// Applies one random operation and checks the contract; returns what went wrong, if anything.
  func step(_ random: inout SeededGenerator) -> String? {
    if interactive, Int.random(in: 0..<100, using: &random) < 30 {
      let playsBefore = recorder.plays.count
      let statesBefore = stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) }
      if let (description, failure) = interactiveStep(&random).map({ ($0.0, $0.1) }) {
        log = Array((log + [description]).suffix(12))
        let failure = failure ?? pendingFailure.take()
        return
          (failure.map { "\(description): \($0)" }
          ?? check(after: description, playsBefore: playsBefore, statesBefore: statesBefore)).map {
            "\($0)\n  last operations: \(log.joined(separator: "; "))"
          }
      }
    }
    let before = stack.contents.map(ObjectIdentifier.init)
    var statesBefore = stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) }
    var playsBefore = recorder.plays.count
    let capacity = stack.capacity
    let fixed = stack.behavior == .fixedRoot
    var expectedError: String?
    var description = ""
    do {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<20:
        let content = (pool + strangers).randomElement(using: &random)!
        let id = ObjectIdentifier(content)
        description = "push \(content)"
        if strangers.contains(where: { $0 === content }) || model.contains(id) { expectedError = "alreadyInContainer" }
        let (transition, duration) = (randomTransition(&random), randomDuration(&random))
        let animated = Int.random(in: 0..<5, using: &random) > 0
        try request {
          try stack.push(content, with: transition, duration: duration, animated: animated)
        } then: {
          note(.push(id))
          model.append(id)
          if stack.behavior == .removing && model.count > capacity { model.removeFirst(model.count - capacity) }
        }
      case 20..<42:
        description = "pop"
        if model.isEmpty { expectedError = "empty" } else if fixed && model.count == 1 { expectedError = "rootIsFixed" }
        let animated = Int.random(in: 0..<5, using: &random) > 0
        try request {
          try stack.pop(animated: animated)
        } then: {
          note(.pop)
          model.removeLast()
        }
      case 42..<46:
        let index = Int.random(in: -1...(model.count + 1), using: &random)
        description = "pop to \(index)"
        if !model.indices.contains(index) { expectedError = "indexOutOfRange" }
        let animated = Bool.random(using: &random)
        try request {
          try stack.pop(to: index, animated: animated)
        } then: {
          if index < model.count - 1 { note(.popTo(model[index])) }
          model.removeSubrange((index + 1)...)
        }
      case 46..<48:
        description = "pop to root"
        if model.isEmpty { expectedError = "empty" }
        let animated = Bool.random(using: &random)
        try request {
          try stack.popToRoot(animated: animated)
        } then: {
          if model.count > 1 { note(.popTo(model[0])) }
          model.removeSubrange(1...)
        }
      case 48..<49:
        description = "pop all"
        if fixed { expectedError = "rootIsFixed" }
        let animated = Bool.random(using: &random)
        try request {
          try stack.popAll(animated: animated)
        } then: {
          if !model.isEmpty { note(.popAll) }
          model.removeAll()
        }
      case 49..<55:
        let content = pool.randomElement(using: &random)!
        let index = Int.random(in: -1...(model.count + 1), using: &random)
        description = "insert \(content) at \(index)"
        if !(0...model.count).contains(index) {
          expectedError = "indexOutOfRange"
        } else if fixed && index == 0 && !model.isEmpty {
          expectedError = "rootIsFixed"
        } else if model.contains(ObjectIdentifier(content)) {
          expectedError = "alreadyInContainer"
        }
        let (transition, duration) = (randomTransition(&random), randomDuration(&random))
        try request {
          try stack.insert(content, at: index, with: transition, duration: duration)
        } then: {
          note(
            index < model.count
              ? .insert(ObjectIdentifier(content), below: model[index]) : .push(ObjectIdentifier(content)))
          model.insert(ObjectIdentifier(content), at: index)
          if stack.behavior == .removing && model.count > capacity { model.removeFirst(model.count - capacity) }
        }
      case 55..<60:
        let index = Int.random(in: -1...(model.count + 1), using: &random)
        description = "remove at \(index)"
        if !model.indices.contains(index) {
          expectedError = "indexOutOfRange"
        } else if fixed && index == 0 {
          expectedError = "rootIsFixed"
        }
        try request {
          try stack.remove(at: index)
        } then: {
          note(.remove(model[index]))
          model.remove(at: index)
        }
      case 60..<63:
        let bounds = Rect(
          x: 0, y: 0, width: .random(in: 100...1000, using: &random), height: .random(in: 100...1000, using: &random))
        description = "bounds \(bounds.size)"
        try stack.setBounds(bounds)
      case 63..<65:
        description = "memory pressure"
        stack.handleMemoryPressure()
      case 65..<72 where !stack.isAnimating && (!fixed || !model.isEmpty):
        // A pop while a push plays: the push reverses from where it stands.
        guard let content = pool.first(where: { !model.contains(ObjectIdentifier($0)) }) else { break }
        let transition = randomTransition(&random)
        let duration = randomDuration(&random)
        let fraction = Double.random(in: 0.05...0.95, using: &random)
        description = "push \(content) with \(transition), advance \(fraction) of it, pop"
        try request {
          try stack.push(content, with: transition, duration: duration)
        } then: {
          model.append(ObjectIdentifier(content))
          if stack.behavior == .removing && model.count > capacity { model.removeFirst(model.count - capacity) }
        }
        let context = TransitionContext(
          bounds: stack.bounds, duration: duration, layoutDirection: stack.layoutDirection,
          reducesMotion: stack.reducesMotion)
        if let total = try? builder.forward(builder.played(transition, in: context), in: context).duration {
          clock.advance(by: total * fraction)
        }
        // The push is checked now; the reversal is checked against the states just before the pop.
        if let failure = check(after: "push \(content)", playsBefore: playsBefore, statesBefore: statesBefore) {
          return failure
        }
        statesBefore = stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) }
        playsBefore = recorder.plays.count
        // A handler may have popped meanwhile.
        guard !model.isEmpty && !(fixed && model.count == 1) else { break }
        try request {
          try stack.pop()
        } then: {
          model.removeLast()
        }
      case 73..<75 where motion != nil:
        // Switched at any moment: a transition that plays keeps the settings it started with.
        switches += 1
        if Bool.random(using: &random) {
          stack.reducesMotion.toggle()
          description = "reduced motion \(stack.reducesMotion ? "on" : "off")"
        } else {
          stack.layoutDirection = stack.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
          description = "layout direction \(stack.layoutDirection)"
        }
      case 72..<73:
        description = "push with an unknown style"
        let content = pool.first { !model.contains(ObjectIdentifier($0)) } ?? pool[0]
        expectedError = model.contains(ObjectIdentifier(content)) ? "alreadyInContainer" : "transition"
        try stack.push(content, with: Transition("wobble"))
      default:
        let seconds = Double.random(in: 0...3, using: &random)
        description = "advance \(seconds)"
        clock.advance(by: seconds)
      }
      if let expectedError { return "\(description) should have failed with \(expectedError)" }
    } catch {
      refusals += 1
      guard let expectedError else { return "\(description) failed: \(error)" }
      guard (error as? ContainerError).map(caseName) == expectedError else {
        return "\(description) failed with \(error), expected \(expectedError)"
      }
      guard stack.contents.map(ObjectIdentifier.init) == before else {
        return "\(description) failed and changed the stack"
      }
    }
    log = Array((log + [description]).suffix(12))
    if let failure = pendingFailure.take() {
      return "after \(description): \(failure)\n  last operations: \(log.joined(separator: "; "))"
    }
    return check(after: description, playsBefore: playsBefore, statesBefore: statesBefore).map {
      "\($0)\n  last operations: \(log.joined(separator: "; "))"
    }
  }

  func caseName(_ error: ContainerError) -> String {
    switch error {
    case .alreadyInContainer: "alreadyInContainer"
    case .indexOutOfRange: "indexOutOfRange"
    case .empty: "empty"
    case .rootIsFixed: "rootIsFixed"
    case .transition: "transition"
    case .invalidBounds: "invalidBounds"
    case .invalidCapacity: "invalidCapacity"
    case .missingContent: "missingContent"
    case .slotOutOfRange: "slotOutOfRange"
    case .sameSlot: "sameSlot"
    case .slotCountMismatch: "slotCountMismatch"
    case .duplicateContent: "duplicateContent"
    }
  }

  func check(after description: String, playsBefore: Int, statesBefore: [(ObjectIdentifier, LayerState)]) -> String? {
    for content in pool + strangers where !content.violations.isEmpty {
      return "after \(description): \(content.violations); its events: \(content.eventLog.suffix(8))"
    }
    let ids = stack.contents.map(ObjectIdentifier.init)
    if Set(ids).count != ids.count { return "after \(description): a content is in the stack twice" }
    for content in pool where !ids.contains(ObjectIdentifier(content)) && content.hasLayer {
      return "after \(description): \(content) left the stack but kept its layer"
    }
    let idle = !stack.isAnimating
    if idle {
      idleChecks += 1
      if ids != model {
        return "after \(description): the stack holds \(stack.contents), expected \(model.count) contents"
      }
      if stack.presentedLayers.count > stack.capacity {
        return "after \(description): \(stack.presentedLayers.count) layers attached, capacity \(stack.capacity)"
      }
      if let top = stack.top as? RecordingContent, top.phase != .appeared {
        return "after \(description): the top \(top) is \(top.phase.rawValue)"
      }
      for content in pool where content !== stack.top && content.phase != .disappeared {
        return "after \(description): \(content), not on top, is \(content.phase.rawValue)"
      }
    }
    for play in recorder.plays[playsBefore...] {
      // A push plays what `played` gives now, and its entry remembers it; a pop plays the inverse of what `played`
      // gives now for what the push played; a reversal, the inverse of what the push played, with its settings.
      var context = TransitionContext(
        bounds: play.bounds, duration: play.entry.duration, layoutDirection: play.presentation.layoutDirection,
        reducesMotion: play.presentation.reducesMotion)
      let reversal = play.inverse && play.offset > 0
      if reversal {
        context.reducesMotion = play.entry.playedReducingMotion
        context.layoutDirection = play.entry.playedLayoutDirection
      }
      let asked = play.inverse ? play.entry.played ?? play.entry.transition : play.entry.transition
      guard let transition = try? builder.played(asked, in: context),
        let expected = try?
          (play.inverse
          ? builder.inverse(transition, in: context) : builder.forward(transition, in: context))
      else { return "after \(description): the played transition does not build" }
      if !play.inverse && (play.entry.played != transition || play.entry.playedReducingMotion != context.reducesMotion)
      {
        return "after \(description): the entry remembers \(String(describing: play.entry.played)), not \(transition)"
      }
      if motion != nil {
        let request = MotionTransitions.Request(
          kind: play.inverse ? "inverse" : "forward", transition: transition, context: context)
        if play.request != request {
          return "after \(description): the builder was asked for \(String(describing: play.request)), not \(request)"
        }
        if play.inverse && transition != play.entry.transition { fallbackPops += 1 }
        if play.inverse && transition != play.entry.played && !play.entry.playedReducingMotion {
          fallbackAfterFullMotion += 1
        }
        if context.layoutDirection == .rightToLeft { rightToLeftPlays += 1 }
      }
      let error =
        (0...20).map { i -> Double in
          let t = expected.duration * Double(i) / 20
          return maxDifference(expected.sample(at: t), play.animation.sample(at: t))
        }.max() ?? 0
      if error > 1e-9 || abs(expected.duration - play.animation.duration) > 1e-9 {
        return
          "after \(description): the animation played differs from the \(play.inverse ? "inverse" : "forward") of \(transition) by \(error)"
      }
      if play.inverse { pops += 1 }
      if play.offset > 0 {
        reversals += 1
        // Reversed from where it stood: every layer is where it was just before.
        let after = Dictionary(
          uniqueKeysWithValues: stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) })
        for (id, state) in statesBefore {
          if let now = after[id], maxDifference(now, state) > 1e-9 {
            let name = stack.contents.first { ObjectIdentifier($0) == id }?.name ?? "?"
            return
              "after \(description): the layer of \(name) jumped by \(maxDifference(now, state)) when the push reversed: \(state) became \(now); the stack holds \(stack.contents.map(\.name)), the reversal started at \(play.offset)"
          }
        }
      }
    }
    return nil
  }
}
