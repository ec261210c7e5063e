import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// CONTAINERS.md 1–4: contents and entries.
@Suite("Contents and entries (1–4)")
struct ContentsAndEntriesTests {
  @Test("1. a container owns its entries: a content stays alive while it is in a container")
  func ownership() throws {
    let fixture = try StackFixture()
    weak var weakB: RecordingContent?
    weak var weakC: RecordingContent?
    do {
      let b = RecordingContent("B")
      let c = RecordingContent("C")
      weakB = b
      weakC = c
      try fixture.stack.push(b, with: Styles.slideLeft)
      try fixture.stack.insert(c, at: 0, with: Styles.fade)
    }
    #expect(weakB != nil, "a pushed content is kept by the hidden stack")
    #expect(weakC != nil, "an inserted content is kept by the hidden stack")
    fixture.stack.appear()
    try fixture.stack.pop()
    #expect(weakB != nil, "a content is kept while its pop plays")
    settle(fixture.stack, fixture.clock)
    #expect(weakB == nil, "a popped content is released once it has left")
    #expect(weakC != nil)
    #expect(names(fixture.stack.contents) == ["C"])

    // A placeholder keeps the content of a slot, and releases the one replaced once the transition ends.
    let clock = ManualClock()
    let placeholder = Placeholder(name: "board", builder: TestTransitions(), clock: clock, slots: [portrait])
    placeholder.appear()
    weak var weakP: RecordingContent?
    do {
      let p = RecordingContent("P")
      weakP = p
      try placeholder.set(p, inSlot: 0, with: Styles.fade)
    }
    settle(placeholder, clock)
    #expect(weakP != nil, "the content of a slot is kept")
    try placeholder.set(RecordingContent("Q"), inSlot: 0, with: Styles.turn)
    #expect(weakP != nil, "the replaced content is kept while the transition plays")
    settle(placeholder, clock)
    #expect(weakP == nil, "the replaced content is released once it has left")
    #expect(placeholder.content(inSlot: 0)?.name == "Q")

    // A container that goes away releases its contents.
    weak var weakD: RecordingContent?
    var stack: Stack? = try Stack(builder: TestTransitions(), clock: ManualClock(), bounds: portrait)
    do {
      let d = RecordingContent("D")
      weakD = d
      try stack?.push(d, with: Styles.fade)
    }
    #expect(weakD != nil)
    stack = nil
    #expect(weakD == nil)
  }

  @Test(
    "2. a content is in at most one container; inserting it into a second is an error naming both; once removed it may be inserted again"
  )
  func oneContainerAtATime() throws {
    let first = try StackFixture(name: "first")
    let second = try StackFixture(name: "second")
    let clock = ManualClock()
    let board = Placeholder(name: "board", builder: TestTransitions(), clock: clock, slots: [portrait])
    first.stack.appear()
    second.stack.appear()
    board.appear()
    let a = first["A"]
    try first.push("A", Styles.fade)

    let message = expectError(.alreadyInContainer(content: "A", container: "first", requestedBy: "second")) {
      try second.stack.push(a, with: Styles.slideLeft)
    }
    #expect(message?.contains("'first'") == true && message?.contains("'second'") == true, "\(message ?? "")")
    expectError(.alreadyInContainer(content: "A", container: "first", requestedBy: "second")) {
      try second.stack.insert(a, at: 0, with: Styles.fade)
    }
    expectError(.alreadyInContainer(content: "A", container: "first", requestedBy: "board")) {
      try board.set(a, inSlot: 0, with: Styles.fade)
    }
    expectError(.alreadyInContainer(content: "A", container: "first", requestedBy: "first")) {
      try first.stack.push(a, with: Styles.fade)
    }
    #expect(names(second.stack.contents).isEmpty)
    #expect(board.content(inSlot: 0) == nil)

    // Once removed from the first, it goes into the second.
    try first.stack.pop()
    settle(first.stack, first.clock)
    try second.stack.push(a, with: Styles.slideLeft)
    settle(second.stack, second.clock)
    #expect(names(second.stack.contents) == ["A"])
    #expect(names(first.stack.contents).isEmpty)

    // The same between a placeholder and a stack.
    let p = RecordingContent("P")
    try board.set(p, inSlot: 0, with: Styles.fade)
    expectError(.alreadyInContainer(content: "P", container: "board", requestedBy: "first")) {
      try first.stack.push(p, with: Styles.fade)
    }
    try board.clear(slot: 0)
    settle(board, clock)
    try first.stack.push(p, with: Styles.fade)
    settle(first.stack, first.clock)
    #expect(names(first.stack.contents) == ["P"])

    // A content whose container went away is free.
    let q = RecordingContent("Q")
    var third: Stack? = try Stack(name: "third", builder: TestTransitions(), clock: ManualClock(), bounds: portrait)
    try third?.push(q, with: Styles.fade)
    expectError(.alreadyInContainer(content: "Q", container: "third", requestedBy: "first")) {
      try first.stack.push(q, with: Styles.fade)
    }
    third = nil
    try first.stack.push(q, with: Styles.fade)
    settle(first.stack, first.clock)
    #expect(names(first.stack.contents) == ["P", "Q"])
    expectWellFormed(first.all + second.all + [p, q])
  }

  @Test("3. a content's layer is created only when it is about to be shown, never by inserting or preloading it")
  func layerOnlyWhenShown() throws {
    let fixture = try StackFixture(capacity: 3)
    let stack = fixture.stack
    try fixture.push("A", Styles.fade)
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    try stack.insert(fixture["X"], at: 1, with: Styles.slideTop)
    #expect(fixture.all.allSatisfy { $0.layerLoads == 0 }, "preloading creates no layer")

    stack.appear()
    #expect(fixture["C"].layerLoads == 1 && fixture["C"].hasLayer, "the top is about to be shown")
    #expect(["A", "B", "X"].allSatisfy { fixture[$0].layerLoads == 0 }, "contents not shown have no layer")

    // Inserting into a shown stack below the top creates no layer either.
    try stack.insert(fixture["Y"], at: 3, with: Styles.fade)
    #expect(fixture["Y"].layerLoads == 0)

    // A pushed content gets its layer before its appearance starts.
    let d = fixture["D"]
    var dHadLayer = false
    fixture.journal.onPlay = { _ in dHadLayer = d.hasLayer }
    try stack.push(d, with: Styles.slideTop)
    #expect(dHadLayer, "D's layer exists when its push starts")
    #expect(d.layerLoads == 1)
    settle(stack, fixture.clock)

    // Y, inserted below C while the stack was shown, gets its layer when a pop is about to reveal it.
    try stack.pop()
    settle(stack, fixture.clock)
    let y = fixture["Y"]
    #expect(y.layerLoads == 0, "Y is still covered by C")
    var yHadLayer = false
    fixture.journal.onPlay = { _ in yHadLayer = y.hasLayer }
    try stack.pop()
    #expect(yHadLayer, "Y's layer exists when the pop that reveals it starts")
    settle(stack, fixture.clock)
    #expect(fixture["Y"].layerLoads == 1)
    #expect(fixture["A"].layerLoads == 0, "A is not shown, nor within the capacity")
    expectWellFormed(fixture.all)

    // A placeholder filled before it is shown creates no layer.
    let clock = ManualClock()
    let board = Placeholder(builder: TestTransitions(), clock: clock, slots: [portrait])
    let p = RecordingContent("P")
    try board.set(p, inSlot: 0, with: Styles.fade)
    #expect(p.layerLoads == 0)
    board.appear()
    #expect(p.layerLoads == 1)
  }

  @Test(
    "4. preloaded contents get no layer and no event until the container appears; then the visible ones are built with their transitions applied instantly",
    arguments: [false, true])
  func preloading(animatedAppearance: Bool) throws {
    let fixture = try StackFixture()
    let stack = fixture.stack
    try stack.push(fixture["A"], with: Styles.fade)
    try stack.push(fixture["B"], with: Styles.slideLeft, duration: .seconds(1))
    try stack.insert(fixture["C"], at: 1, with: Styles.fade)
    try stack.push(fixture["D"], with: Styles.turn45, duration: .seconds(0.8))
    #expect(names(stack.contents) == ["A", "C", "B", "D"])
    #expect(stack.entries.map(\.transition) == [Styles.fade, Styles.fade, Styles.slideLeft, Styles.turn45])
    #expect(stack.entries.map(\.duration) == [.intrinsic, .intrinsic, .seconds(1), .seconds(0.8)])
    #expect(fixture.all.allSatisfy { $0.events.isEmpty && $0.layerLoads == 0 })
    #expect(fixture.journal.log.isEmpty)
    #expect(stack.presentedLayers.isEmpty)
    #expect(!stack.isAnimating)

    stack.appear(animated: animatedAppearance)
    #expect(!stack.isAnimating, "the transitions are applied instantly")
    let final = try expected(Styles.turn45, in: portrait, duration: .seconds(0.8)).finalStates
    let states = layerStates(stack)
    #expect(Set(states.keys) == ["D"])
    #expect(maxDifference(states["D"] ?? .identity, final.appearing) <= 1e-9)
    #expect(maxDifference(stack.stage, final.stage) <= 1e-9)
    #expect(final.stage.perspective != 0, "the stage state is the turn's, not a default")
    let animated = animatedAppearance ? "animated" : "not animated"
    #expect(fixture["D"].eventLog == ["willAppear(\(animated))", "didAppear(\(animated))"])
    #expect(["A", "B", "C"].allSatisfy { fixture[$0].events.isEmpty }, "contents below the top are not shown")
    expectWellFormed(fixture.all)
  }
}

/// A change of a shown stack `[A, B, C]` (C on top), with the events each content should receive, in order.
enum StackChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case pushAnimated, pushNotAnimated, popAnimated, popNotAnimated, popToRoot, insertOnTop, removeTop
  case insertInMiddle, removeInMiddle, appear, disappear

  var testDescription: String { rawValue }

  /// A shown stack `[A, B, C]`, with the events so far forgotten (hidden for `appear`).
  func fixture() throws -> StackFixture {
    let fixture = try StackFixture()
    try fixture.push("A", Styles.fade)
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    fixture.stack.appear()
    if self == .appear { fixture.stack.disappear() }
    fixture.resetEvents()
    return fixture
  }

  func perform(_ fixture: StackFixture) throws {
    let stack = fixture.stack
    switch self {
    case .pushAnimated: try stack.push(fixture["D"], with: Styles.slideTop)
    case .pushNotAnimated: try stack.push(fixture["D"], with: Styles.slideTop, animated: false)
    case .popAnimated: try stack.pop()
    case .popNotAnimated: try stack.pop(animated: false)
    case .popToRoot: try stack.popToRoot()
    case .insertOnTop: try stack.insert(fixture["D"], at: 3, with: Styles.slideTop)
    case .removeTop: try stack.remove(at: 2)
    case .insertInMiddle: try stack.insert(fixture["D"], at: 1, with: Styles.slideTop)
    case .removeInMiddle: try stack.remove(at: 1)
    case .appear: stack.appear(animated: true)
    case .disappear: stack.disappear(animated: true)
    }
  }

  /// The events, as `content event`, in the order the contents should receive them.
  var expectedEvents: [String] {
    let on = "animated"
    let off = "not animated"
    switch self {
    case .pushAnimated:
      return [
        "C willDisappear(\(on))", "D willAppear(\(on), into)", "C didDisappear(\(on))", "D didAppear(\(on), into)",
      ]
    case .pushNotAnimated, .insertOnTop:
      return [
        "C willDisappear(\(off))", "D willAppear(\(off), into)", "C didDisappear(\(off))", "D didAppear(\(off), into)",
      ]
    case .popAnimated:
      return [
        "C willDisappear(\(on), out of)", "B willAppear(\(on))", "C didDisappear(\(on), out of)", "B didAppear(\(on))",
      ]
    case .popNotAnimated, .removeTop:
      return [
        "C willDisappear(\(off), out of)", "B willAppear(\(off))", "C didDisappear(\(off), out of)",
        "B didAppear(\(off))",
      ]
    case .popToRoot:
      return [
        "C willDisappear(\(on), out of)", "A willAppear(\(on))", "C didDisappear(\(on), out of)", "A didAppear(\(on))",
      ]
    case .insertInMiddle, .removeInMiddle: return []
    case .appear: return ["C willAppear(\(on))", "C didAppear(\(on))"]
    case .disappear: return ["C willDisappear(\(on))", "C didDisappear(\(on))"]
    }
  }

  /// The animation the observer should hear about between the will and the did events, for animated changes.
  var expectedPlay: String? {
    switch self {
    case .pushAnimated: "play D forward"
    case .popAnimated, .popToRoot: "play C inverse"
    default: nil
    }
  }
}

/// CONTAINERS.md 5–10: lifecycle events.
@Suite("Lifecycle events (5–10)")
struct LifecycleEventTests {
  @Test(
    "5. around an animated push or pop: willDisappear, willAppear, then didDisappear, didAppear; at once when not animated",
    arguments: [(false, true), (false, false), (true, true), (true, false)])
  func orderAroundAChange(pop: Bool, animated: Bool) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    if pop { try fixture.push("B", Styles.slideLeft) }
    fixture.resetEvents()

    if pop {
      try stack.pop(animated: animated)
    } else {
      try stack.push(fixture["B"], with: Styles.slideLeft, animated: animated)
    }
    let a = animated ? "animated" : "not animated"
    let will =
      pop
      ? ["B willDisappear(\(a), out of)", "A willAppear(\(a))"] : ["A willDisappear(\(a))", "B willAppear(\(a), into)"]
    let did =
      pop
      ? ["B didDisappear(\(a), out of)", "A didAppear(\(a))"] : ["A didDisappear(\(a))", "B didAppear(\(a), into)"]
    if animated {
      // Before the animation starts: the will events, then the animation.
      #expect(fixture.journal.log == will + ["play B \(pop ? "inverse" : "forward")"])
      #expect(stack.isAnimating)
      let duration = try #require(fixture.journal.plays.last).animation.duration
      #expect(duration > 0)
      fixture.clock.advance(by: duration - 1e-6)
      #expect(fixture.journal.lifecycleLog == will, "nothing more until the animation ends")
      fixture.clock.advance(by: 2e-6)
      #expect(!stack.isAnimating)
    } else {
      #expect(!stack.isAnimating, "a change without animation happens at once")
    }
    #expect(fixture.journal.lifecycleLog == will + did)
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
    #expect(fixture.journal.unheard(fixture.all).isEmpty)
    // Each content's own log, in case the journal missed something.
    for content in ["A", "B"] {
      let own = (will + did).filter { $0.hasPrefix("\(content) ") }.map { String($0.dropFirst(2)) }
      #expect(fixture[content].eventLog == own, "\(content)")
    }
    expectWellFormed(fixture.all)
  }

  @Test("6. events are well-formed per content through interruptions, queued changes and appearances")
  func wellFormedSequences() throws {
    let fixture = try StackFixture.midPush()
    let stack = fixture.stack
    let clock = fixture.clock
    try stack.pop()  // reverses B's push
    try stack.push(fixture["C"], with: Styles.turn45)
    stack.disappear(animated: true)
    stack.appear(animated: true)
    clock.advance(by: 0.05)
    stack.handleMemoryPressure()
    try stack.pop()
    try stack.push(fixture["B"], with: Styles.slideTop)
    clock.advance(by: 0.2)
    try stack.pop()  // queued behind the pushes: pops B
    try stack.push(fixture["D"], with: Styles.fade, animated: false)
    try stack.insert(fixture["E"], at: 1, with: Styles.slideLeft)
    try stack.pop(to: 1)
    stack.disappear()
    try stack.remove(at: 1)
    stack.appear()
    settle(stack, clock)

    #expect(names(stack.contents) == ["A"])
    expectWellFormed(fixture.all)
    for content in fixture.all {
      // Never two willAppear in a row, and every will is eventually followed by its did.
      let kinds = content.events.map(\.kind)
      for (previous, next) in zip(kinds, kinds.dropFirst()) {
        #expect(!(previous == .willAppear && next == .willAppear), "\(content.name): \(content.eventLog)")
      }
      let expectedPhase: RecordingContent.Phase = content.name == "A" ? .appeared : .disappeared
      #expect(content.phase == expectedPhase, "\(content.name): \(content.eventLog)")
    }
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
  }

  @Test(
    "7. moving into the container is true only on push or insert, moving out only on pop or remove",
    arguments: StackChange.allCases)
  func movement(change: StackChange) throws {
    let fixture = try change.fixture()
    try change.perform(fixture)
    settle(fixture.stack, fixture.clock)
    for content in fixture.all {
      let own = change.expectedEvents.filter { $0.hasPrefix("\(content.name) ") }.map { String($0.dropFirst(2)) }
      #expect(content.eventLog == own, "\(content.name)")
    }
    let moving = fixture.all.flatMap { content in content.events.map { (content.name, $0.movement) } }
    let into = Set(moving.filter { $0.1 == .intoContainer }.map(\.0))
    let outOf = Set(moving.filter { $0.1 == .outOfContainer }.map(\.0))
    switch change {
    case .pushAnimated, .pushNotAnimated, .insertOnTop: #expect(into == ["D"] && outOf.isEmpty)
    case .popAnimated, .popNotAnimated, .popToRoot, .removeTop: #expect(into.isEmpty && outOf == ["C"])
    case .insertInMiddle, .removeInMiddle, .appear, .disappear: #expect(into.isEmpty && outOf.isEmpty)
    }
    expectWellFormed(fixture.all)
  }

  @Test(
    "8. when the container appears or disappears, it forwards the same events to the contents it shows",
    arguments: [false, true])
  func containerAppearance(animated: Bool) throws {
    let a = animated ? "animated" : "not animated"
    let fixture = try StackFixture(capacity: 3)
    try fixture.push("A", Styles.fade)
    try fixture.push("B", Styles.slideLeft)
    fixture.stack.appear(animated: animated)
    #expect(fixture["B"].eventLog == ["willAppear(\(a))", "didAppear(\(a))"])
    fixture.stack.disappear(animated: animated)
    #expect(
      fixture["B"].eventLog == ["willAppear(\(a))", "didAppear(\(a))", "willDisappear(\(a))", "didDisappear(\(a))"])
    #expect(fixture["A"].events.isEmpty, "A is covered")
    fixture.stack.appear(animated: animated)
    #expect(fixture["B"].events.count == 6 && fixture["B"].phase == .appeared)
    #expect(fixture.journal.problems.isEmpty && fixture.journal.unheard(fixture.all).isEmpty)
    expectWellFormed(fixture.all)

    // A placeholder forwards them to the content of every slot.
    let clock = ManualClock()
    let board = Placeholder(builder: TestTransitions(), clock: clock, slots: [portrait, landscape, enlarged])
    let p = RecordingContent("P")
    let q = RecordingContent("Q")
    try board.set(p, inSlot: 0, with: Styles.fade)
    try board.set(q, inSlot: 2, with: Styles.turn)
    board.appear(animated: animated)
    board.disappear(animated: animated)
    for content in [p, q] {
      #expect(
        content.eventLog == ["willAppear(\(a))", "didAppear(\(a))", "willDisappear(\(a))", "didDisappear(\(a))"],
        "\(content.name)")
    }
    expectWellFormed([p, q])
  }

  /// Removals of contents that are not visible.
  enum HiddenRemoval: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case removeBelowTheTop, popToRootPassesOver, popAllPassesOver, popOfHiddenStack, removeTopOfHiddenStack
    case removingBehaviorDropsTheDeepest, clearOfHiddenPlaceholder

    var testDescription: String { rawValue }
  }

  @Test("9. removing a content that is not visible sends it no appearance event", arguments: HiddenRemoval.allCases)
  func hiddenRemoval(removal: HiddenRemoval) throws {
    if removal == .clearOfHiddenPlaceholder {
      let board = Placeholder(builder: TestTransitions(), clock: ManualClock(), slots: [portrait])
      let p = RecordingContent("P")
      try board.set(p, inSlot: 0, with: Styles.fade)
      try board.clear(slot: 0)
      #expect(board.content(inSlot: 0) == nil)
      #expect(p.events.isEmpty)
      return
    }
    let fixture = try StackFixture.showingA(
      capacity: 3, behavior: removal == .removingBehaviorDropsTheDeepest ? .removing : .default)
    let stack = fixture.stack
    try fixture.push("B", Styles.slideLeft)
    try fixture.push("C", Styles.turn45)
    fixture.resetEvents()
    let silent: [String]
    let remaining: [String]
    switch removal {
    case .removeBelowTheTop:
      try stack.remove(at: 1)
      (silent, remaining) = (["A", "B", "C"], ["A", "C"])
    case .popToRootPassesOver:
      try stack.popToRoot()
      (silent, remaining) = (["B"], ["A"])
    case .popAllPassesOver:
      try stack.popAll()
      (silent, remaining) = (["A", "B"], [])
    case .popOfHiddenStack:
      stack.disappear()
      fixture.resetEvents()
      try stack.pop()
      (silent, remaining) = (["A", "B", "C"], ["A", "B"])
    case .removeTopOfHiddenStack:
      stack.disappear()
      fixture.resetEvents()
      try stack.remove(at: 2)
      (silent, remaining) = (["A", "B", "C"], ["A", "B"])
    case .removingBehaviorDropsTheDeepest:
      try stack.push(fixture["D"], with: Styles.slideTop)
      (silent, remaining) = (["A"], ["B", "C", "D"])
    case .clearOfHiddenPlaceholder:
      (silent, remaining) = ([], [])
    }
    settle(stack, fixture.clock)
    for name in silent {
      #expect(fixture[name].events.isEmpty, "\(name): \(fixture[name].eventLog)")
    }
    #expect(names(stack.contents) == remaining)
    expectWellFormed(fixture.all)
  }

  @Test(
    "10. the observer hears will/did show and hide for each change, in the same order as the contents",
    arguments: StackChange.allCases)
  func observerOrder(change: StackChange) throws {
    let fixture = try change.fixture()
    try change.perform(fixture)
    if let play = change.expectedPlay {
      #expect(fixture.journal.log == Array(change.expectedEvents.prefix(2)) + [play], "before the animation")
    }
    settle(fixture.stack, fixture.clock)
    #expect(fixture.journal.lifecycleLog == change.expectedEvents)
    if let play = change.expectedPlay {
      let events = change.expectedEvents
      #expect(fixture.journal.log == Array(events.prefix(2)) + [play] + Array(events.dropFirst(2)))
    }
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
    #expect(fixture.journal.unheard(fixture.all).isEmpty, "events the observer did not hear")
    let total = fixture.all.reduce(0) { $0 + $1.events.count }
    #expect(fixture.journal.lifecycleLog.count == total, "one notification per content event")

    // The placeholder's observer too.
    let clock = ManualClock()
    let journal = Journal()
    let board = Placeholder(builder: TestTransitions(), clock: clock, slots: [portrait])
    board.observer = journal
    board.appear()
    let p = RecordingContent("P")
    let q = RecordingContent("Q")
    try board.set(p, inSlot: 0, with: Styles.fade)
    settle(board, clock)
    try board.set(q, inSlot: 0, with: Styles.slideLeft)
    settle(board, clock)
    try board.clear(slot: 0)
    settle(board, clock)
    #expect(
      journal.log == [
        "P willAppear(animated, into)", "play P forward", "P didAppear(animated, into)",
        "P willDisappear(animated, out of)", "Q willAppear(animated, into)", "play Q forward",
        "P didDisappear(animated, out of)", "Q didAppear(animated, into)",
        "Q willDisappear(animated, out of)", "play Q inverse", "Q didDisappear(animated, out of)",
      ])
    #expect(journal.problems.isEmpty && journal.unheard([p, q]).isEmpty)
  }
}
