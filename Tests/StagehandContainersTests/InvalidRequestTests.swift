import Foundation
import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// An invalid request, the stack it is made on, and the error it must give.
enum InvalidRequest: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case popEmpty, popToRootEmpty, popToOnEmpty, removeOnEmpty
  case popToBeyond, popToNegative, insertBeyond, insertNegative, removeBeyond, removeNegative
  case pushAlreadyHere, insertAlreadyHere, pushFromAnotherStack, pushFromPlaceholder
  case unknownStyle, unknownParameter, outOfRangeParameter, negativeDuration, nonFiniteDuration, insertUnknownStyle
  case popFixedRoot, removeFixedRoot, insertBelowFixedRoot, popAllFixedRoot
  case emptyBounds

  var testDescription: String { rawValue }

  /// The contents of the stack before the request.
  var contents: [String] {
    switch self {
    case .popEmpty, .popToRootEmpty, .popToOnEmpty, .removeOnEmpty: []
    case .popFixedRoot: ["A"]
    default: ["A", "B"]
    }
  }

  var behavior: Stack.Behavior {
    switch self {
    case .popFixedRoot, .removeFixedRoot, .insertBelowFixedRoot, .popAllFixedRoot: .fixedRoot
    default: .default
    }
  }

  /// The error expected; `nil` for any `ContainerError` (the contract names no case for bad bounds).
  var expected: ErrorKind? {
    let wobble = Transition("wobble")
    switch self {
    case .popEmpty, .popToRootEmpty: return .empty
    case .popToOnEmpty, .removeOnEmpty: return .indexOutOfRange(index: 0, valid: nil)
    case .popToBeyond, .removeBeyond: return .indexOutOfRange(index: 2, valid: 0...1)
    case .popToNegative, .removeNegative: return .indexOutOfRange(index: -1, valid: 0...1)
    case .insertBeyond: return .indexOutOfRange(index: 3, valid: 0...2)
    case .insertNegative: return .indexOutOfRange(index: -1, valid: 0...2)
    case .pushAlreadyHere: return .alreadyInContainer(content: "A", container: "main", requestedBy: "main")
    case .insertAlreadyHere: return .alreadyInContainer(content: "B", container: "main", requestedBy: "main")
    case .pushFromAnotherStack: return .alreadyInContainer(content: "S", container: "other", requestedBy: "main")
    case .pushFromPlaceholder: return .alreadyInContainer(content: "P", container: "board", requestedBy: "main")
    case .unknownStyle, .insertUnknownStyle: return .transition(wobble)
    case .unknownParameter: return .transition(Transition("slide", parameters: ["speed": "fast"]))
    case .outOfRangeParameter: return .transition(Transition("turn", parameters: ["angle": "500"]))
    case .negativeDuration, .nonFiniteDuration: return .transition(Styles.fade)
    case .popFixedRoot, .removeFixedRoot, .insertBelowFixedRoot, .popAllFixedRoot: return .rootIsFixed
    case .emptyBounds: return nil
    }
  }

  /// Words the message must contain.
  var mentions: [String] {
    switch self {
    case .popEmpty, .popToRootEmpty: ["main"]
    case .popToOnEmpty, .removeOnEmpty: ["0", "main"]
    case .popToBeyond, .removeBeyond: ["2", "0 to 1"]
    case .popToNegative, .removeNegative: ["-1", "0 to 1"]
    case .insertBeyond: ["3", "0 to 2"]
    case .insertNegative: ["-1", "0 to 2"]
    case .pushAlreadyHere: ["'A'", "'main'"]
    case .insertAlreadyHere: ["'B'", "'main'"]
    case .pushFromAnotherStack: ["'S'", "'other'", "'main'"]
    case .pushFromPlaceholder: ["'P'", "'board'", "'main'"]
    case .unknownStyle, .insertUnknownStyle: ["wobble"]
    case .unknownParameter: ["speed"]
    case .outOfRangeParameter: ["angle"]
    case .negativeDuration, .nonFiniteDuration: ["duration"]
    case .popFixedRoot, .removeFixedRoot, .insertBelowFixedRoot, .popAllFixedRoot: ["root", "main"]
    case .emptyBounds: ["bounds"]
    }
  }

  func perform(
    on stack: Stack, x: RecordingContent, a: RecordingContent, b: RecordingContent?, s: RecordingContent,
    p: RecordingContent
  )
    throws
  {
    switch self {
    case .popEmpty: try stack.pop()
    case .popToRootEmpty: try stack.popToRoot()
    case .popToOnEmpty: try stack.pop(to: 0)
    case .removeOnEmpty: try stack.remove(at: 0)
    case .popToBeyond: try stack.pop(to: 2)
    case .popToNegative: try stack.pop(to: -1)
    case .insertBeyond: try stack.insert(x, at: 3, with: Styles.fade)
    case .insertNegative: try stack.insert(x, at: -1, with: Styles.fade)
    case .removeBeyond: try stack.remove(at: 2)
    case .removeNegative: try stack.remove(at: -1)
    case .pushAlreadyHere: try stack.push(a, with: Styles.fade)
    case .insertAlreadyHere: try stack.insert(b ?? x, at: 0, with: Styles.fade)
    case .pushFromAnotherStack: try stack.push(s, with: Styles.fade)
    case .pushFromPlaceholder: try stack.push(p, with: Styles.fade)
    case .unknownStyle: try stack.push(x, with: Transition("wobble"))
    case .unknownParameter: try stack.push(x, with: Transition("slide", parameters: ["speed": "fast"]))
    case .outOfRangeParameter: try stack.push(x, with: Transition("turn", parameters: ["angle": "500"]))
    case .negativeDuration: try stack.push(x, with: Styles.fade, duration: .seconds(-1))
    case .nonFiniteDuration: try stack.push(x, with: Styles.fade, duration: .seconds(.infinity))
    case .insertUnknownStyle: try stack.insert(x, at: 1, with: Transition("wobble"))
    case .popFixedRoot: try stack.pop()
    case .removeFixedRoot: try stack.remove(at: 0)
    case .insertBelowFixedRoot: try stack.insert(x, at: 0, with: Styles.fade)
    case .popAllFixedRoot: try stack.popAll()
    case .emptyBounds: try stack.setBounds(Rect(x: 0, y: 0, width: 0, height: 480))
    }
  }
}

/// CONTAINERS.md 20–22: beyond the seeds.
@Suite("Requests the container refuses, and what they leave (contract points 20–22)")
struct InvalidRequestTests {
  @Test(
    "20. a pop during that content's push reverses it from where it stands: no jump in any layer, and it ends after the elapsed time",
    arguments: [0.1, 0.25, 0.5, 0.9],
    [Shown(Styles.slideLeft), Shown(Styles.turn45, .seconds(0.8)), Shown(Styles.fade)])
  func reversal(fraction: Double, shown: Shown) throws {
    let fixture = try StackFixture()
    let stack = fixture.stack
    let clock = fixture.clock
    try fixture.push("A", Styles.slideLeft)
    stack.appear()
    let atRest = layerStates(stack)
    let stageAtRest = stack.stage
    fixture.resetEvents()

    try stack.push(fixture["B"], with: shown.transition, duration: shown.duration)
    let forward = try expected(shown.transition, in: portrait, duration: shown.duration)
    let elapsed = forward.duration * fraction
    clock.advance(by: elapsed)
    let justBefore = layerStates(stack)
    let stageJustBefore = stack.stage
    #expect(maxDifference(justBefore["B"] ?? LayerState(), forward.sample(at: elapsed).appearing) <= 1e-9)

    try stack.pop()
    let justAfter = layerStates(stack)
    #expect(Set(justAfter.keys) == ["A", "B"])
    #expect(stateDifference(justBefore, justAfter) <= 1e-9, "no jump: \(justBefore) became \(justAfter)")
    #expect(maxDifference(stageJustBefore, stack.stage) <= 1e-9, "no jump of the stage")

    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "B" && play.inverse)
    #expect(abs(play.offset - (forward.duration - elapsed)) <= 1e-9, "continues from the current progress")
    let inverse = try expected(shown.transition, in: portrait, duration: shown.duration, inverse: true)
    #expect(animationDifference(play.animation, inverse) <= 1e-9)

    // It retraces the push: half-way back, the layers are where they were half-way there.
    clock.advance(by: elapsed / 2)
    let halfway = forward.sample(at: elapsed / 2)
    let states = layerStates(stack)
    #expect(maxDifference(states["B"] ?? LayerState(), halfway.appearing) <= 1e-9)
    #expect(maxDifference(states["A"] ?? LayerState(), halfway.disappearing) <= 1e-9)
    #expect(maxDifference(stack.stage, halfway.stage) <= 1e-9)

    // It lasts as long as the push had played.
    clock.advance(by: elapsed / 2 - 1e-6)
    #expect(stack.isAnimating, "still reversing just before the elapsed time")
    clock.advance(by: 2e-6)
    #expect(!stack.isAnimating, "the reversal ended after the elapsed time")
    #expect(names(stack.contents) == ["A"])
    #expect(stateDifference(layerStates(stack), atRest) <= 1e-9, "every layer is back where it was")
    #expect(maxDifference(stack.stage, stageAtRest) <= 1e-9)
    #expect(
      fixture["B"].eventLog == [
        "willAppear(animated, into)", "willDisappear(animated, out of)", "didDisappear(animated, out of)",
      ])
    #expect(fixture["A"].eventLog == ["willDisappear(animated)", "willAppear(animated)", "didAppear(animated)"])
    expectWellFormed(fixture.all)
    let other = try StackFixture(name: "other")
    try other.stack.push(fixture["B"], with: Styles.fade)  // B has left
  }

  @Test(
    "20. pop(to:) or popToRoot() of just the content whose push plays reverses it like pop()",
    arguments: [false, true])
  func reversalByPopTo(toRoot: Bool) throws {
    let fixture = try StackFixture.midPush()
    let stack = fixture.stack
    let before = layerStates(stack)
    if toRoot { try stack.popToRoot() } else { try stack.pop(to: 0) }
    #expect(stateDifference(before, layerStates(stack)) <= 1e-9, "no jump")
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "B" && play.inverse && abs(play.offset - 0.3) <= 1e-9, "reversed from where it stood")
    fixture.clock.advance(by: 0.1 + 1e-6)
    #expect(!stack.isAnimating && names(stack.contents) == ["A"], "over after the time the push had played")
    expectWellFormed(fixture.all)
  }

  @Test("20. other requests made during an animation are queued and run in order after it")
  func queuedRequests() throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    let clock = fixture.clock
    fixture.resetEvents()
    try stack.push(fixture["B"], with: Styles.slideLeft)
    clock.advance(by: 0.1)
    try stack.push(fixture["C"], with: Styles.slideTop)
    try stack.pop()  // C's push is not playing yet: this pop waits its turn
    stack.disappear(animated: true)
    stack.appear(animated: true)
    try stack.push(fixture["D"], with: Styles.turn45)
    #expect(names(stack.contents) == ["A", "B"], "nothing queued has run")
    #expect(fixture["C"].events.isEmpty && fixture["D"].events.isEmpty)

    clock.advance(by: 0.3 - 1e-6)
    #expect(fixture["C"].events.isEmpty, "nothing queued runs before the playing transition ends")
    settle(stack, clock)
    #expect(names(stack.contents) == ["A", "B", "D"])
    #expect(
      fixture.journal.log == [
        "A willDisappear(animated)", "B willAppear(animated, into)", "play B forward",
        "A didDisappear(animated)", "B didAppear(animated, into)",
        "B willDisappear(animated)", "C willAppear(animated, into)", "play C forward",
        "B didDisappear(animated)", "C didAppear(animated, into)",
        "C willDisappear(animated, out of)", "B willAppear(animated)", "play C inverse",
        "C didDisappear(animated, out of)", "B didAppear(animated)",
        "B willDisappear(animated)", "B didDisappear(animated)",
        "B willAppear(animated)", "B didAppear(animated)",
        "B willDisappear(animated)", "D willAppear(animated, into)", "play D forward",
        "B didDisappear(animated)", "D didAppear(animated, into)",
      ])
    expectWellFormed(fixture.all)
  }

  @Test(
    "21. an invalid request gives the matching typed error, says what was wrong, and leaves the stack unchanged",
    arguments: InvalidRequest.allCases)
  func invalidRequest(request: InvalidRequest) throws {
    let fixture = try StackFixture(name: "main", behavior: request.behavior)
    let stack = fixture.stack
    let transitions = [Styles.fade, Styles.slideLeft]
    for (name, transition) in zip(request.contents, transitions) { try fixture.push(name, transition) }
    stack.appear()
    let other = try StackFixture(name: "other")
    let s = other["S"]
    try other.push("S", Styles.fade)
    let board = Placeholder(name: "board", builder: TestTransitions(), clock: ManualClock(), slots: [portrait])
    let p = RecordingContent("P")
    try board.set(p, inSlot: 0, with: Styles.fade)
    let x = fixture["X"]
    let a = fixture["A"]
    let b = request.contents.contains("B") ? fixture["B"] : nil
    fixture.resetEvents()

    let before = StackState(stack)
    var message: String?
    if let expected = request.expected {
      message = expectError(expected) { try request.perform(on: stack, x: x, a: a, b: b, s: s, p: p) }
    } else {
      do {
        try request.perform(on: stack, x: x, a: a, b: b, s: s, p: p)
        Issue.record("no error")
      } catch let error as ContainerError {
        message = error.description
      }
    }
    for word in request.mentions {
      #expect(message?.contains(word) == true, "'\(message ?? "")' should mention \(word)")
    }
    #expect(StackState(stack) == before, "the stack is unchanged")
    #expect(fixture.all.allSatisfy { $0.events.isEmpty }, "no event")
    #expect(fixture.journal.log.isEmpty)
    settle(stack, fixture.clock)
    #expect(StackState(stack) == before, "and nothing waits to change it")
    // The contents named stay where they were, and the one refused is still free.
    #expect(names(other.stack.contents) == ["S"] && board.content(inSlot: 0) === p)
    let third = try StackFixture(name: "third")
    try third.stack.push(x, with: Styles.fade)
    expectWellFormed(fixture.all)
  }

  @Test("21. a request made during a transition is checked against the stack as the queued requests leave it")
  func invalidRequestDuringATransition() throws {
    let fixture = try StackFixture(name: "main")
    let stack = fixture.stack
    try fixture.push("A", Styles.fade)
    stack.appear()
    try fixture.push("B", Styles.slideLeft)
    try stack.push(fixture["C"], with: Styles.turn45)
    fixture.clock.advance(by: 0.1)
    try stack.remove(at: 1)  // B, queued: [A, C]

    var before = StackState(stack)
    for (expected, request) in [
      (ErrorKind.indexOutOfRange(index: 2, valid: 0...1), { try stack.remove(at: 2) }),
      (.indexOutOfRange(index: 2, valid: 0...1), { try stack.pop(to: 2) }),
      (.indexOutOfRange(index: 3, valid: 0...2), { try stack.insert(fixture["X"], at: 3, with: Styles.fade) }),
      (
        .alreadyInContainer(content: "C", container: "main", requestedBy: "main"),
        { try stack.push(fixture["C"], with: Styles.fade) }
      ),
      (.transition(Transition("wobble")), { try stack.push(fixture["X"], with: Transition("wobble")) }),
    ] as [(ErrorKind, () throws -> Void)] {
      expectError(expected, request)
      #expect(StackState(stack) == before, "\(expected)")
    }
    // B, removed by a queued request, can go into another stack as soon as it has left.
    try stack.pop()  // C
    before = StackState(stack)
    expectError(.indexOutOfRange(index: 1, valid: 0...0)) { try stack.pop(to: 1) }
    #expect(StackState(stack) == before)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A"])
    let other = try StackFixture(name: "other")
    try other.stack.push(fixture["B"], with: Styles.fade)
    try other.stack.push(fixture["C"], with: Styles.fade)
    expectWellFormed(fixture.all)
  }

  @Test(
    "22. a stack snapshot survives JSON and a restart: the restored stack pops with the inverses of the original transitions",
    arguments: [Stack.Behavior.default, .removing, .fixedRoot])
  func snapshotAndRestore(behavior: Stack.Behavior) throws {
    let original = try StackFixture(name: "settings", bounds: enlarged, capacity: 3, behavior: behavior)
    let pushes: [(String, Transition, RequestedDuration)] = [
      ("A", Styles.fade, .intrinsic), ("B", Styles.slideLeft, .seconds(0.7)), ("C", Styles.turn45, .intrinsic),
      ("D", Styles.slideTop, .seconds(0.5)),
    ]
    try original.push("A", Styles.fade)
    original.stack.appear()
    for (name, transition, duration) in pushes.dropFirst() { try original.push(name, transition, duration: duration) }
    try original.stack.setBounds(landscape)
    let kept = behavior == .removing ? Array(pushes.suffix(3)) : pushes
    #expect(names(original.stack.contents) == kept.map(\.0))

    let snapshot = original.stack.snapshot()
    #expect(snapshot.name == "settings" && snapshot.capacity == 3 && snapshot.behavior == behavior)
    #expect(snapshot.bounds == landscape)
    #expect(snapshot.entries.map(\.content) == kept.map(\.0))
    #expect(snapshot.entries.map(\.transition) == kept.map(\.1))
    #expect(snapshot.entries.map(\.duration) == kept.map(\.2))
    let json = try JSONEncoder().encode(snapshot)
    let decoded = try JSONDecoder().decode(StackSnapshot.self, from: json)
    #expect(decoded == snapshot)

    // After a restart: new contents, a new clock, the same names.
    var fresh: [String: RecordingContent] = [:]
    let clock = ManualClock()
    let journal = Journal()
    let restored = try Stack.restore(decoded, builder: TestTransitions(), clock: clock) { name in
      let content = RecordingContent(name)
      fresh[name] = content
      return content
    }
    restored.observer = journal
    #expect(restored.name == "settings" && restored.capacity == 3 && restored.behavior == behavior)
    #expect(restored.bounds == landscape)
    #expect(names(restored.contents) == kept.map(\.0))
    #expect(restored.entries.map(\.transition) == kept.map(\.1))
    #expect(restored.entries.map(\.duration) == kept.map(\.2))
    #expect(!restored.isShown && restored.presentedLayers.isEmpty)
    #expect(fresh.values.allSatisfy { $0.events.isEmpty && $0.layerLoads == 0 }, "restored hidden, like preloading")

    restored.appear()
    let top = try expected(Styles.slideTop, in: landscape, duration: .seconds(0.5)).finalStates
    #expect(maxDifference(layerStates(restored)["D"] ?? LayerState(), top.appearing) <= 1e-9)

    // Every pop plays the inverse of the original transition, in the bounds of the moment, as the original would.
    let pops = behavior == .fixedRoot ? kept.count - 1 : kept.count
    for (name, transition, duration) in kept.reversed().prefix(pops) {
      try restored.pop()
      try original.stack.pop()
      let play = try #require(journal.plays.last)
      let originalPlay = try #require(original.journal.plays.last)
      #expect(play.content == name && play.inverse && play.transition == transition && play.duration == duration)
      let inverse = try expected(transition, in: landscape, duration: duration, inverse: true)
      #expect(animationDifference(play.animation, inverse) <= 1e-9, "\(name)")
      #expect(animationDifference(play.animation, originalPlay.animation) <= 1e-9, "\(name), as the original")
      settle(restored, clock)
      settle(original.stack, original.clock)
    }
    #expect(names(restored.contents) == (behavior == .fixedRoot ? ["A"] : []))
    expectWellFormed(Array(fresh.values) + original.all)
  }

  @Test("22. a restore that cannot be completed fails with a typed error and takes no content")
  func failedRestore() throws {
    let saved = try StackFixture(name: "settings")
    try saved.push("A", Styles.fade)
    try saved.push("B", Styles.slideLeft, duration: .seconds(0.3))
    try saved.push("C", Styles.turn)
    let snapshot = saved.stack.snapshot()
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    let c = RecordingContent("C")
    expectError(.missingContent("C")) {
      _ = try Stack.restore(snapshot, builder: TestTransitions(), clock: ManualClock()) { name in
        ["A": a, "B": b][name]
      }
    }
    var broken = snapshot
    broken.entries[2].transition = Transition("wobble")
    expectError(.transition(Transition("wobble"))) {
      _ = try Stack.restore(broken, builder: TestTransitions(), clock: ManualClock()) { name in
        ["A": a, "B": b, "C": c][name]
      }
    }
    expectError(.invalidCapacity(0)) {
      var zero = snapshot
      zero.capacity = 0
      _ = try Stack.restore(zero, builder: TestTransitions(), clock: ManualClock()) { name in
        ["A": a, "B": b, "C": c][name]
      }
    }
    // None of them was kept by the failed attempts.
    let other = try StackFixture(name: "other")
    for content in [a, b, c] { try other.stack.push(content, with: Styles.fade) }
    #expect([a, b, c].allSatisfy { $0.events.isEmpty && $0.layerLoads == 0 })
  }
}

/// A builder that fails in containers wider than 1,000 points, and builds with `TestTransitions` otherwise: a style
/// that was fine when it was requested and fails at pop time, after a resize.
struct NarrowOnlyTransitions: TransitionBuilding {
  struct TooWide: Error, CustomStringConvertible {
    var description: String { "this builder does not build in containers wider than 1,000 points" }
  }

  let inner = TestTransitions()

  func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    guard context.bounds.size.width <= 1000 else { throw TooWide() }
    return try inner.forward(transition, in: context)
  }

  func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    guard context.bounds.size.width <= 1000 else { throw TooWide() }
    return try inner.inverse(transition, in: context)
  }
}

@Suite("A build that fails when it is played")
struct FailedBuildTests {
  @Test("the observer hears why, and the pop still happens, without animation, with well-formed events")
  func reportedThenInstant() throws {
    let fixture = try StackFixture(builder: NarrowOnlyTransitions())
    try fixture.push("A", Styles.fade)
    fixture.stack.appear()
    try fixture.push("B", Styles.slideLeft)
    try fixture.stack.setBounds(Rect(x: 0, y: 0, width: 2000, height: 480))
    settle(fixture.stack, fixture.clock)
    fixture.resetEvents()
    try fixture.stack.pop()
    settle(fixture.stack, fixture.clock)
    #expect(
      fixture.journal.failures == [
        "B inverse: this builder does not build in containers wider than 1,000 points"
      ])
    #expect(fixture.stack.contents.map { ($0 as? RecordingContent)?.name } == ["A"])
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
    #expect(fixture.journal.plays.map(\.animation.duration) == [0], "the fallback is a still animation")
  }
}

@Suite("Containers leave nothing behind")
struct LeakTests {
  @Test("a stack dropped in the middle of a push is freed, and its clock forgets it")
  func stackDroppedMidPush() throws {
    let clock = ManualClock()
    weak var weakStack: Stack?
    do {
      let stack = try Stack(name: "leaky", builder: TestTransitions(), clock: clock, bounds: portrait)
      try stack.push(RecordingContent("A"), with: Styles.fade, animated: false)
      stack.appear()
      try stack.push(RecordingContent("B"), with: Styles.slideLeft)
      clock.advance(by: 0.1)
      weakStack = stack
      #expect(clock.observerCount == 1)
    }
    #expect(weakStack == nil, "the stack keeps itself alive while its push plays")
    clock.advance(by: 1)
    #expect(clock.observerCount == 0, "the clock still calls a dead container")
  }

  @Test("a placeholder dropped while a slot animates is freed, and its clock forgets it")
  func placeholderDroppedMidChange() throws {
    let clock = ManualClock()
    weak var weakPlaceholder: Placeholder?
    do {
      let placeholder = try Placeholder(
        name: "leaky", builder: TestTransitions(), clock: clock, slots: [portrait, landscape])
      placeholder.appear()
      try placeholder.set(RecordingContent("A"), inSlot: 0, with: Styles.fade)
      clock.advance(by: 0.1)
      weakPlaceholder = placeholder
      #expect(clock.observerCount == 2)
    }
    #expect(weakPlaceholder == nil, "the placeholder keeps itself alive while a slot animates")
    clock.advance(by: 1)
    #expect(clock.observerCount == 0)
  }
}
