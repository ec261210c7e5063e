import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// A transition with the duration it is shown with.
struct Shown: Sendable, CustomTestStringConvertible {
  var transition: Transition
  var duration: RequestedDuration

  init(_ transition: Transition, _ duration: RequestedDuration = .intrinsic) {
    self.transition = transition
    self.duration = duration
  }

  var testDescription: String { "\(transition), \(duration)" }
}

/// A geometry change.
struct Geometry: Sendable, CustomTestStringConvertible {
  var label: String
  var bounds: Rect

  static let rotation = Geometry(label: "rotation", bounds: landscape)
  static let resize = Geometry(label: "resize", bounds: enlarged)

  var testDescription: String { label }
}

/// CONTAINERS.md 11–19: the stack.
@Suite("The stack (11–19)")
struct StackTests {
  @Test(
    "11. push shows the content with the forward animation of its style, parameters and duration",
    arguments: [
      Shown(Styles.slideLeft), Shown(Styles.slideTop, .seconds(1.2)), Shown(Styles.fade),
      Shown(Styles.turn45, .seconds(0.8)),
    ])
  func pushPlaysForward(shown: Shown) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try stack.push(fixture["B"], with: shown.transition, duration: shown.duration)

    let entry = try #require(stack.entries.last)
    #expect(entry.content === fixture["B"])
    #expect(entry.transition == shown.transition && entry.duration == shown.duration, "the entry keeps the style")
    #expect(fixture.journal.plays.count == 1)
    let play = try #require(fixture.journal.plays.first)
    #expect(play.content == "B" && !play.inverse && play.offset == 0)
    let forward = try expected(shown.transition, in: portrait, duration: shown.duration)
    #expect(animationDifference(play.animation, forward) <= 1e-9)
    if case .seconds(let seconds) = shown.duration { #expect(abs(play.animation.duration - seconds) <= 1e-9) }

    // The layers follow the animation: B appearing, A disappearing.
    for fraction in [0.25, 0.5, 0.75] {
      fixture.clock.advance(by: forward.duration * 0.25)
      let sample = forward.sample(at: forward.duration * fraction)
      let states = layerStates(stack)
      #expect(Set(states.keys) == ["A", "B"])
      #expect(maxDifference(states["B"] ?? .identity, sample.appearing) <= 1e-9, "B at \(fraction)")
      #expect(maxDifference(states["A"] ?? .identity, sample.disappearing) <= 1e-9, "A at \(fraction)")
      #expect(maxDifference(stack.stage, sample.stage) <= 1e-9, "stage at \(fraction)")
    }
    settle(stack, fixture.clock)
    let states = layerStates(stack)
    #expect(maxDifference(states["B"] ?? .identity, forward.finalStates.appearing) <= 1e-9)
    #expect(maxDifference(states["A"] ?? .identity, forward.finalStates.disappearing) <= 1e-9)
    #expect(maxDifference(stack.stage, forward.finalStates.stage) <= 1e-9)
    expectWellFormed(fixture.all)
  }

  @Test(
    "12. pop removes the top with the inverse of the style it was pushed with, built now from the current geometry",
    arguments: [Shown(Styles.slideLeft), Shown(Styles.slideTop, .seconds(0.6)), Shown(Styles.turn45)],
    [Geometry.rotation, Geometry.resize])
  func popPlaysInverse(shown: Shown, geometry: Geometry) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try fixture.push("B", shown.transition, duration: shown.duration)
    try fixture.push("C", Styles.turn, duration: .seconds(0.4))
    try stack.setBounds(geometry.bounds)

    // C leaves with the inverse of its own turn, B with the inverse of its own transition.
    try stack.pop()
    settle(stack, fixture.clock)
    try stack.pop()
    let play = try #require(fixture.journal.plays.last)
    #expect(fixture.journal.plays.suffix(2).map(\.content) == ["C", "B"])
    #expect(fixture.journal.plays.suffix(2).allSatisfy { $0.inverse })
    let turnInverse = try expected(Styles.turn, in: geometry.bounds, duration: .seconds(0.4), inverse: true)
    #expect(animationDifference(fixture.journal.plays[fixture.journal.plays.count - 2].animation, turnInverse) <= 1e-9)

    #expect(play.transition == shown.transition && play.duration == shown.duration && play.offset == 0)
    let now = try expected(shown.transition, in: geometry.bounds, duration: shown.duration, inverse: true)
    let atPush = try expected(shown.transition, in: portrait, duration: shown.duration, inverse: true)
    #expect(animationDifference(play.animation, now) <= 1e-9, "the inverse in the bounds of the pop")
    #expect(animationDifference(play.animation, atPush) > 1e-3, "not the inverse in the bounds of the push")

    // The layers follow it: A is revealed (appearing), B leaves (disappearing).
    fixture.clock.advance(by: now.duration / 2)
    let sample = now.sample(at: now.duration / 2)
    let states = layerStates(stack)
    #expect(maxDifference(states["A"] ?? .identity, sample.appearing) <= 1e-9)
    #expect(maxDifference(states["B"] ?? .identity, sample.disappearing) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A"])
    #expect(maxDifference(layerStates(stack)["A"] ?? .identity, now.finalStates.appearing) <= 1e-9)
    expectWellFormed(fixture.all)
  }

  enum MultiplePop: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case popToIndex, popToRoot, popAll
    var testDescription: String { rawValue }
  }

  @Test(
    "13. pop(to:), popToRoot() and popAll() remove the contents between silently and animate only the top's inverse",
    arguments: MultiplePop.allCases)
  func multiplePops(pop: MultiplePop) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    try fixture.push("D", Styles.slideTop, duration: .seconds(0.5))
    fixture.resetEvents()

    let target: String?
    let between: [String]
    let remaining: [String]
    switch pop {
    case .popToIndex:
      try stack.pop(to: 1)
      (target, between, remaining) = ("B", ["C"], ["A", "B"])
    case .popToRoot:
      try stack.popToRoot()
      (target, between, remaining) = ("A", ["B", "C"], ["A"])
    case .popAll:
      try stack.popAll()
      (target, between, remaining) = (nil, ["A", "B", "C"], [])
    }
    let inverse = try expected(Styles.slideTop, in: portrait, duration: .seconds(0.5), inverse: true)
    #expect(fixture.journal.plays.count == 1, "only the top's inverse plays")
    let play = try #require(fixture.journal.plays.first)
    #expect(play.content == "D" && play.inverse)
    #expect(animationDifference(play.animation, inverse) <= 1e-9)
    // The contents between are gone at once; the target (and the content at depth 2 after the pop, rule 15) are
    // attached below the leaving top.
    #expect(attached(stack) == remaining.suffix(2) + ["D"])
    if let target {
      // The target is revealed by the top's inverse.
      fixture.clock.advance(by: inverse.duration / 2)
      let states = layerStates(stack)
      #expect(
        maxDifference(states[target] ?? LayerState(), inverse.sample(at: inverse.duration / 2).appearing) <= 1e-9,
        "\(states)")
    }
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == remaining)
    #expect(fixture["D"].eventLog == ["willDisappear(animated, out of)", "didDisappear(animated, out of)"])
    for name in between where name != target {
      #expect(fixture[name].events.isEmpty, "\(name) leaves silently: \(fixture[name].eventLog)")
    }
    if let target {
      #expect(fixture[target].eventLog == ["willAppear(animated)", "didAppear(animated)"])
    }
    // Those removed have left: another stack takes them.
    let other = try StackFixture(name: "other")
    for name in ["A", "B", "C", "D"] where !remaining.contains(name) {
      try other.stack.push(fixture[name], with: Styles.fade)
    }
    expectWellFormed(fixture.all)
  }

  @Test("13. popAll() is refused when the root is fixed, popToRoot() is not")
  func popAllWithFixedRoot() throws {
    let fixture = try StackFixture(behavior: .fixedRoot)
    try fixture.push("A", Styles.fade)
    fixture.stack.appear()
    try fixture.push("B", Styles.slideLeft)
    expectError(.rootIsFixed) { try fixture.stack.popAll() }
    #expect(names(fixture.stack.contents) == ["A", "B"])
    try fixture.stack.popToRoot()
    settle(fixture.stack, fixture.clock)
    #expect(names(fixture.stack.contents) == ["A"])
  }

  @Test("14. insert(at:) in the middle is never animated, and a later pop of that content plays its own inverse")
  func insertInTheMiddle() throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try fixture.push("B", Styles.slideLeft)
    fixture.resetEvents()

    try stack.insert(fixture["X"], at: 1, with: Styles.turn45, duration: .seconds(0.6))
    #expect(!stack.isAnimating && fixture.journal.log.isEmpty, "no animation, no event")
    #expect(fixture.all.allSatisfy { $0.events.isEmpty })
    #expect(names(stack.contents) == ["A", "X", "B"])
    #expect(stack.entries[1].transition == Styles.turn45 && stack.entries[1].duration == .seconds(0.6))

    try stack.pop()
    settle(stack, fixture.clock)
    #expect(fixture["X"].eventLog == ["willAppear(animated)", "didAppear(animated)"])
    try stack.pop()
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "X" && play.inverse && play.transition == Styles.turn45)
    let inverse = try expected(Styles.turn45, in: portrait, duration: .seconds(0.6), inverse: true)
    #expect(animationDifference(play.animation, inverse) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A"])
    expectWellFormed(fixture.all)
  }

  @Test("14. remove(at:) of a content below the top is never animated", arguments: [0, 1])
  func removeBelowTheTop(index: Int) throws {
    let fixture = try StackFixture.showingA(capacity: 3)
    let stack = fixture.stack
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    fixture.resetEvents()

    let removed = index == 0 ? "A" : "B"
    try stack.remove(at: index)
    #expect(!stack.isAnimating && fixture.journal.log.isEmpty, "no animation, no event")
    #expect(fixture.all.allSatisfy { $0.events.isEmpty })
    #expect(names(stack.contents) == ["A", "B", "C"].filter { $0 != removed })
    #expect(!attached(stack).contains(removed))

    // The top still leaves with its own inverse, revealing the content now below it.
    try stack.pop()
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "C")
    #expect(animationDifference(play.animation, try expected(Styles.turn45, in: portrait, inverse: true)) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == (removed == "A" ? ["B"] : ["A"]))
    expectWellFormed(fixture.all)
  }

  @Test("15. the capacity is 2 by default and at least 1")
  func capacityBounds() throws {
    let stack = try Stack(builder: TestTransitions(), clock: ManualClock(), bounds: portrait)
    #expect(stack.capacity == 2)
    for capacity in [0, -1] {
      expectError(.invalidCapacity(capacity)) {
        _ = try Stack(builder: TestTransitions(), clock: ManualClock(), bounds: portrait, capacity: capacity)
      }
    }
  }

  @Test(
    "15. at most `capacity` layers stay attached once a change ends; during a pop, the content revealed at depth `capacity` gets its layer back first",
    arguments: [1, 2, 3], [Stack.Behavior.default, .fixedRoot])
  func capacity(capacity: Int, behavior: Stack.Behavior) throws {
    let fixture = try StackFixture(capacity: capacity, behavior: behavior)
    let stack = fixture.stack
    let names = ["A", "B", "C", "D", "E"]
    let transitions = [Styles.fade, Styles.slideLeft, Styles.turn45, Styles.slideTop, Styles.fade]
    try fixture.push("A", Styles.fade)
    stack.appear()
    for (index, name) in names.enumerated().dropFirst() {
      try fixture.push(name, transitions[index])
      let shown = Array(names[...index].suffix(capacity))
      #expect(attached(stack) == shown, "after pushing \(name)")
      for other in names[...index] {
        #expect(fixture[other].hasLayer == shown.contains(other), "\(other) after pushing \(name)")
      }
    }

    // Popping E: D is revealed, and the content at depth `capacity` afterwards gets its layer back before it starts.
    let afterPop = Array(names[...3].suffix(capacity))
    var attachedAtStart: [String] = []
    fixture.journal.onPlay = { [unowned stack] _ in attachedAtStart = attached(stack) }
    try stack.pop()
    #expect(attachedAtStart == afterPop + ["E"])
    let deepest = try #require(afterPop.first)
    let deepestIndex = try #require(names.firstIndex(of: deepest))
    let resting = try expected(transitions[deepestIndex + 1], in: portrait).finalStates.disappearing
    #expect(
      maxDifference(layerStates(stack)[deepest] ?? LayerState(), resting) <= 1e-9,
      "\(deepest) comes back in the state the content above it left it in")
    settle(stack, fixture.clock)
    #expect(attached(stack) == afterPop)
    #expect(names.allSatisfy { fixture[$0].hasLayer == afterPop.contains($0) })
    expectWellFormed(fixture.all)
  }

  @Test("15. the removing behavior makes contents deeper than the capacity leave the stack", arguments: [1, 2, 3])
  func removingBehavior(capacity: Int) throws {
    let fixture = try StackFixture(capacity: capacity, behavior: .removing)
    let stack = fixture.stack
    let names = ["A", "B", "C", "D", "E"]
    try fixture.push("A", Styles.fade)
    stack.appear()
    for name in names.dropFirst() {
      try fixture.push(name, Styles.slideLeft)
    }
    let kept = Array(names.suffix(capacity))
    #expect(StagehandContainersTests.names(stack.contents) == kept)
    #expect(attached(stack) == kept)
    let other = try StackFixture(name: "other")
    for name in names where !kept.contains(name) {
      #expect(!fixture[name].hasLayer)
      try other.stack.push(fixture[name], with: Styles.fade)  // it has left the stack
    }
    expectWellFormed(fixture.all)
  }

  @Test("15. with a fixed root, the root can be neither removed nor replaced")
  func fixedRoot() throws {
    let fixture = try StackFixture.showingA(behavior: .fixedRoot)
    let stack = fixture.stack
    expectError(.rootIsFixed) { try stack.pop() }
    expectError(.rootIsFixed) { try stack.remove(at: 0) }
    expectError(.rootIsFixed) { try stack.popAll() }
    expectError(.rootIsFixed) { try stack.insert(fixture["X"], at: 0, with: Styles.fade) }
    try fixture.push("B", Styles.slideLeft)
    expectError(.rootIsFixed) { try stack.remove(at: 0) }
    expectError(.rootIsFixed) { try stack.insert(fixture["X"], at: 0, with: Styles.fade) }
    try stack.insert(fixture["X"], at: 1, with: Styles.fade)
    #expect(names(stack.contents) == ["A", "X", "B"])
    try stack.popToRoot()
    settle(stack, fixture.clock)
    expectError(.rootIsFixed) { try stack.pop() }
    #expect(names(stack.contents) == ["A"])
    expectWellFormed(fixture.all)
  }

  /// Builds `[A, B, C, D]` in a shown stack of capacity 3.
  static func memoryFixture() throws -> StackFixture {
    let fixture = try StackFixture(capacity: 3)
    try fixture.push("A", Styles.fade)
    fixture.stack.appear()
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    try fixture.push("D", Styles.slideTop)
    return fixture
  }

  @Test(
    "16. under memory pressure hidden contents drop their layers and rebuild them when shown, with no visible difference"
  )
  func memoryPressure() throws {
    let pressed = try Self.memoryFixture()
    let control = try Self.memoryFixture()
    let eventsBefore = pressed.all.map(\.eventLog)
    pressed.stack.handleMemoryPressure()
    #expect(attached(pressed.stack) == ["D"])
    #expect(["A", "B", "C"].allSatisfy { !pressed[$0].hasLayer }, "the hidden contents dropped their layers")
    #expect(pressed.all.map(\.eventLog) == eventsBefore, "memory pressure sends no event")
    let top = try #require(layerStates(pressed.stack)["D"])
    #expect(maxDifference(top, try #require(layerStates(control.stack)["D"])) <= 1e-9, "the top is untouched")

    // Two pops, compared with the stack that kept its layers, at the start, in the middle and at the end.
    for (leaving, revealed) in [("D", "C"), ("C", "B")] {
      try pressed.stack.pop()
      try control.stack.pop()
      #expect(pressed[revealed].hasLayer, "\(revealed) is rebuilt before it is shown")
      for step in 0..<3 {
        if step > 0 {
          pressed.clock.advance(by: 0.15)
          control.clock.advance(by: 0.15)
        }
        let seen = layerStates(pressed.stack)
        let reference = layerStates(control.stack)
        #expect(seen[leaving] != nil && seen[revealed] != nil)
        for (name, state) in seen {
          let difference = reference[name].map { maxDifference($0, state) } ?? .infinity
          #expect(difference <= 1e-9, "\(name) while \(leaving) leaves, step \(step)")
        }
        #expect(maxDifference(pressed.stack.stage, control.stack.stage) <= 1e-9)
      }
      settle(pressed.stack, pressed.clock)
      settle(control.stack, control.clock)
    }
    #expect(pressed["C"].layerLoads == 2 && pressed["B"].layerLoads == 2, "rebuilt once")
    #expect(control["C"].layerLoads == 1)
    #expect(pressed.all.map(\.eventLog) == control.all.map(\.eventLog), "the same events as without memory pressure")
    expectWellFormed(pressed.all + control.all)
  }

  @Test("16. memory pressure during a transition keeps the layers of the contents taking part")
  func memoryPressureDuringATransition() throws {
    let fixture = try StackFixture(capacity: 3)
    try fixture.push("A", Styles.fade)
    fixture.stack.appear()
    try fixture.push("B", Styles.slideLeft)
    try fixture.stack.push(fixture["C"], with: Styles.turn45)
    fixture.clock.advance(by: 0.1)
    fixture.stack.handleMemoryPressure()
    #expect(attached(fixture.stack) == ["B", "C"])
    #expect(!fixture["A"].hasLayer && fixture["B"].hasLayer && fixture["C"].hasLayer)
    settle(fixture.stack, fixture.clock)
    expectWellFormed(fixture.all)
  }

  @Test(
    "17. after a geometry change between a push and its pop, the pop's inverse uses the new bounds",
    arguments: [Shown(Styles.slideRight), Shown(Styles.slideTop, .seconds(0.9)), Shown(Styles.turn)],
    [Geometry.rotation, Geometry.resize])
  func geometryChangeBeforePop(shown: Shown, geometry: Geometry) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try fixture.push("B", shown.transition, duration: shown.duration)
    try stack.setBounds(geometry.bounds)
    #expect(stack.bounds == geometry.bounds)
    try stack.pop()
    let play = try #require(fixture.journal.plays.last)
    let now = try expected(shown.transition, in: geometry.bounds, duration: shown.duration, inverse: true)
    let atPush = try expected(shown.transition, in: portrait, duration: shown.duration, inverse: true)
    #expect(animationDifference(play.animation, now) <= 1e-9, "built from the new bounds")
    #expect(animationDifference(play.animation, atPush) > 1e-3, "not from the bounds of the push")
    settle(stack, fixture.clock)
    expectWellFormed(fixture.all)
  }

  @Test(
    "17. a geometry change while idle lays every attached content out again to match the new bounds",
    arguments: [Geometry.rotation, Geometry.resize])
  func idleGeometryChange(geometry: Geometry) throws {
    func build(_ bounds: Rect) throws -> StackFixture { try fourContents(in: bounds) }
    let rotated = try build(portrait)
    let reference = try build(geometry.bounds)
    let before = layerStates(rotated.stack)
    try rotated.stack.setBounds(geometry.bounds)
    #expect(!rotated.stack.isAnimating)
    #expect(rotated.stack.bounds == geometry.bounds)
    let after = layerStates(rotated.stack)
    #expect(Set(after.keys) == ["B", "C", "D"])
    #expect(stateDifference(after, layerStates(reference.stack)) <= 1e-9, "as if built in the new bounds")
    #expect(maxDifference(rotated.stack.stage, reference.stack.stage) <= 1e-9)
    #expect(stateDifference(after, before) > 1e-3, "the layout did change")
    expectWellFormed(rotated.all)
  }

  @Test(
    "17. a geometry change while the stack is hidden lays its attached contents out for the new bounds when it appears again",
    arguments: [Geometry.rotation, Geometry.resize])
  func hiddenGeometryChange(geometry: Geometry) throws {
    func build(_ bounds: Rect) throws -> StackFixture {
      let fixture = try fourContents(in: bounds)
      fixture.stack.disappear()
      return fixture
    }
    let rotated = try build(portrait)
    let reference = try build(geometry.bounds)
    try rotated.stack.setBounds(geometry.bounds)
    #expect(rotated.stack.bounds == geometry.bounds)
    rotated.stack.appear()
    reference.stack.appear()
    let after = layerStates(rotated.stack)
    let expectedStates = layerStates(reference.stack)
    #expect(Set(after.keys) == Set(expectedStates.keys))
    for (name, state) in expectedStates {
      let difference = after[name].map { maxDifference($0, state) } ?? .infinity
      #expect(difference <= 1e-9, "\(name): \(after[name].map(String.init(describing:)) ?? "none"), expected \(state)")
    }
    #expect(maxDifference(rotated.stack.stage, reference.stack.stage) <= 1e-9)
    expectWellFormed(rotated.all)
  }

  @Test("18. a geometry change during a transition waits until it ends")
  func geometryChangeDuringTransition() throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    try stack.push(fixture["B"], with: Styles.slideLeft)
    let forward = try expected(Styles.slideLeft, in: portrait)
    fixture.clock.advance(by: 0.1)
    try stack.setBounds(landscape)
    #expect(stack.bounds == portrait, "no rotation mid-animation")
    fixture.clock.advance(by: 0.1)
    let sample = forward.sample(at: 0.2)
    #expect(maxDifference(layerStates(stack)["B"] ?? LayerState(), sample.appearing) <= 1e-9)
    #expect(maxDifference(layerStates(stack)["A"] ?? LayerState(), sample.disappearing) <= 1e-9)
    #expect(stack.bounds == portrait)
    settle(stack, fixture.clock)
    #expect(stack.bounds == landscape, "applied once the transition ended")
    let final = try expected(Styles.slideLeft, in: landscape).finalStates
    #expect(maxDifference(layerStates(stack)["B"] ?? LayerState(), final.appearing) <= 1e-9)
    #expect(maxDifference(layerStates(stack)["A"] ?? LayerState(), final.disappearing) <= 1e-9)
    try stack.pop()
    let play = try #require(fixture.journal.plays.last)
    #expect(animationDifference(play.animation, try expected(Styles.slideLeft, in: landscape, inverse: true)) <= 1e-9)
    settle(stack, fixture.clock)
    expectWellFormed(fixture.all)
  }

  @Test(
    "18. a geometry change deferred during a transition applies when it ends, before the requests made after it",
    arguments: [false, true])
  func deferredGeometryChangeOrder(pushFirst: Bool) throws {
    let fixture = try StackFixture.midPush()
    let stack = fixture.stack
    if pushFirst {
      try stack.push(fixture["C"], with: Styles.slideTop)
      try stack.setBounds(landscape)
    } else {
      try stack.setBounds(landscape)
      try stack.push(fixture["C"], with: Styles.slideTop)
    }
    settle(stack, fixture.clock)
    #expect(stack.bounds == landscape)
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "C")
    let bounds = pushFirst ? portrait : landscape
    let fromPortrait = animationDifference(play.animation, try expected(Styles.slideTop, in: portrait))
    let fromLandscape = animationDifference(play.animation, try expected(Styles.slideTop, in: landscape))
    #expect(
      (pushFirst ? fromPortrait : fromLandscape) <= 1e-9,
      """
      C's push is built in the bounds of its turn, \(pushFirst ? "before" : "after") the geometry change \
      (\(bounds.size)); it differs by \(fromPortrait) from the portrait one, \(fromLandscape) from the landscape one
      """)
    let final = try expected(Styles.slideTop, in: landscape).finalStates
    #expect(maxDifference(layerStates(stack)["C"] ?? LayerState(), final.appearing) <= 1e-9)
    #expect(maxDifference(layerStates(stack)["B"] ?? LayerState(), final.disappearing) <= 1e-9)
    expectWellFormed(fixture.all)
  }

  /// An observer that pushes a content as soon as another has appeared, as an app reacting to `didShow` would.
  final class PushOnShow: ContainerObserver {
    var trigger: String?
    var push: () throws -> Void = {}

    func container(_ name: String, didShow content: any Content, animated: Bool) {
      guard content.name == trigger else { return }
      trigger = nil
      try? push()
    }
  }

  @Test(
    "19. a change requested from an event handler at the end of a transition is not lost, and both its contents are drawn",
    arguments: [1, 2])
  func requestFromAnEventHandler(capacity: Int) throws {
    let fixture = try StackFixture(capacity: capacity)
    let stack = fixture.stack
    let observer = PushOnShow()
    stack.observer = observer
    try fixture.push("A", Styles.fade)
    stack.appear()
    let c = fixture["C"]
    observer.trigger = "B"
    observer.push = { [unowned stack] in try stack.push(c, with: Styles.slideTop) }
    try stack.push(fixture["B"], with: Styles.slideLeft)
    fixture.clock.advance(by: 0.4)
    #expect(stack.isAnimating, "C's push, requested when B appeared, plays")
    #expect(names(stack.contents) == ["A", "B", "C"])
    fixture.clock.advance(by: 0.2)
    let forward = try expected(Styles.slideTop, in: portrait)
    let states = layerStates(stack)
    // Deeper layers within the capacity stay attached during a change, as they do when C is pushed later.
    #expect(Set(states.keys).isSuperset(of: ["B", "C"]), "the leaving B and the arriving C are both drawn")
    #expect(maxDifference(states["B"] ?? LayerState(), forward.sample(at: 0.2).disappearing) <= 1e-9)
    #expect(maxDifference(states["C"] ?? LayerState(), forward.sample(at: 0.2).appearing) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A", "B", "C"])
    #expect(attached(stack) == Array(["A", "B", "C"].suffix(capacity)))
    #expect(c.phase == .appeared)
    expectWellFormed(fixture.all)
    withExtendedLifetime(observer) {}
  }

  @Test("19. changes requested while a transition plays are never lost and never corrupt the stack")
  func requestsDuringATransition() throws {
    let fixture = try StackFixture.midPush()
    let stack = fixture.stack
    let clock = fixture.clock
    try stack.push(fixture["C"], with: Styles.turn45)  // [A, B, C]
    try stack.insert(fixture["D"], at: 1, with: Styles.fade)  // [A, D, B, C]
    try stack.pop()  // [A, D, B]
    try stack.push(fixture["E"], with: Styles.slideTop)  // [A, D, B, E]
    try stack.remove(at: 0)  // [D, B, E]
    clock.advance(by: 0.05)
    try stack.pop(to: 1)  // [D, B]
    try stack.push(fixture["F"], with: Styles.fade, animated: false)  // [D, B, F]
    #expect(stack.isAnimating)
    var ticks = 0
    while stack.isAnimating && ticks < 1000 {
      clock.advance(by: 0.07)
      ticks += 1
      let ids = stack.contents.map { ObjectIdentifier($0) }
      #expect(Set(ids).count == ids.count, "no content twice: \(names(stack.contents))")
    }
    #expect(names(stack.contents) == ["D", "B", "F"])
    // In the order requested (F's push is not animated: whether it is announced as a play is not specified).
    #expect(
      fixture.journal.plays.prefix(5).map { "\($0.content) \($0.inverse ? "inverse" : "forward")" } == [
        "B forward", "C forward", "C inverse", "E forward", "E inverse",
      ])
    #expect(attached(stack) == ["B", "F"])
    #expect(fixture["F"].phase == .appeared)
    #expect(["A", "B", "C", "D", "E"].allSatisfy { fixture[$0].phase == .disappeared })
    expectWellFormed(fixture.all)
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
  }
}

/// A shown stack of capacity 3 holding A, B, C and D, each pushed with a different transition and settled.
func fourContents(in bounds: Rect) throws -> StackFixture {
  let fixture = try StackFixture(bounds: bounds, capacity: 3)
  try fixture.push("A", Styles.turn45)
  fixture.stack.appear()
  try fixture.push("B", Styles.slideLeft)
  try fixture.push("C", Styles.slideTop)
  try fixture.push("D", Styles.turn)
  return fixture
}
