import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// A shown placeholder of two slots with their own bounds, on a manual clock, with a journal.
final class PlaceholderFixture {
  static let slotBounds = [enlarged, landscape]
  let clock = ManualClock()
  let journal = Journal()
  let board: Placeholder

  init(shown: Bool = true) {
    board = Placeholder(name: "board", builder: TestTransitions(), clock: clock, slots: Self.slotBounds)
    board.observer = journal
    if shown { board.appear() }
  }
}

/// CONTAINERS.md 23–25: the placeholder.
@Suite("The placeholder (23–25)")
struct PlaceholderTests {
  @Test(
    "23. setting a content in a slot plays the style's forward animation over the old one, which is removed when it ends",
    arguments: [Shown(Styles.slideLeft), Shown(Styles.turn45, .seconds(0.8)), Shown(Styles.slideTop, .seconds(1))])
  func setOverTheOldContent(shown: Shown) throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    let c = RecordingContent("C")
    try board.set(a, inSlot: 0, with: Styles.fade)
    try board.set(c, inSlot: 1, with: Styles.slideTop)
    settle(board, fixture.clock)
    let slotOneBefore = layerStates(board, slot: 1)
    a.clearEvents()
    c.clearEvents()
    fixture.journal.reset()

    try board.set(b, inSlot: 0, with: shown.transition, duration: shown.duration)
    #expect(board.content(inSlot: 0) === b)
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "B" && !play.inverse && play.transition == shown.transition)
    let forward = try expected(shown.transition, in: enlarged, duration: shown.duration)
    #expect(animationDifference(play.animation, forward) <= 1e-9, "the forward animation in the slot's bounds")
    #expect(board.isAnimating(slot: 0) && !board.isAnimating(slot: 1))

    fixture.clock.advance(by: forward.duration / 2)
    let sample = forward.sample(at: forward.duration / 2)
    let states = layerStates(board, slot: 0)
    #expect(Set(states.keys) == ["A", "B"], "the old content is still drawn, below")
    #expect(names(board.presentedLayers(inSlot: 0).map(\.content)) == ["A", "B"])
    #expect(maxDifference(states["B"] ?? LayerState(), sample.appearing) <= 1e-9)
    #expect(maxDifference(states["A"] ?? LayerState(), sample.disappearing) <= 1e-9)
    #expect(maxDifference(board.stage(ofSlot: 0), sample.stage) <= 1e-9)
    #expect(stateDifference(layerStates(board, slot: 1), slotOneBefore) <= 1e-9, "the other slot is untouched")

    settle(board, fixture.clock)
    #expect(Set(layerStates(board, slot: 0).keys) == ["B"], "A is removed when the animation ends")
    #expect(maxDifference(layerStates(board, slot: 0)["B"] ?? LayerState(), forward.finalStates.appearing) <= 1e-9)
    #expect(!a.hasLayer)
    #expect(
      fixture.journal.log == [
        "A willDisappear(animated, out of)", "B willAppear(animated, into)", "play B forward",
        "A didDisappear(animated, out of)", "B didAppear(animated, into)",
      ])
    #expect(fixture.journal.problems.isEmpty)
    #expect(board.content(inSlot: 1) === c && c.events.isEmpty)
    let stack = try StackFixture(name: "other")
    try stack.stack.push(a, with: Styles.fade)  // A has left the placeholder
    expectWellFormed([a, b, c])
  }

  @Test("23. a request made while a slot's transition plays waits its turn, and each slot plays on its own")
  func requestsDuringASlotTransition() throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    let c = RecordingContent("C")
    let d = RecordingContent("D")
    try board.set(a, inSlot: 0, with: Styles.slideLeft)
    fixture.clock.advance(by: 0.1)
    try board.set(b, inSlot: 0, with: Styles.turn45)
    try board.set(d, inSlot: 1, with: Styles.fade)
    #expect(board.isAnimating(slot: 1), "slot 1 does not wait for slot 0")
    try board.clear(slot: 0)
    try board.set(c, inSlot: 0, with: Styles.fade)
    #expect(b.events.isEmpty && c.events.isEmpty, "nothing queued runs before the playing transition ends")
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) === c && board.content(inSlot: 1) === d)
    #expect(names(board.presentedLayers(inSlot: 0).map(\.content)) == ["C"])
    #expect(
      fixture.journal.plays.filter { $0.content != "D" }.map { "\($0.content) \($0.inverse ? "inverse" : "forward")" }
        == [
          "A forward", "B forward", "B inverse", "C forward",
        ])
    #expect(!a.hasLayer && !b.hasLayer)
    expectWellFormed([a, b, c, d])
  }

  @Test("2, 23. a content whose set waits in one slot's queue cannot be set in another slot, even if cleared after it")
  func queuedContentIsInThePlaceholder() throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    try board.set(a, inSlot: 0, with: Styles.slideLeft)
    try board.set(b, inSlot: 0, with: Styles.fade)  // waits for A's set
    try board.clear(slot: 0)  // then B leaves
    expectError(.alreadyInContainer(content: "B", container: "board", requestedBy: "board")) {
      try board.set(b, inSlot: 1, with: Styles.fade)
    }
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) == nil && !b.hasLayer)
    try board.set(b, inSlot: 1, with: Styles.fade)  // it has left: now it may
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 1) === b && b.phase == .appeared)
    expectWellFormed([a, b])
  }

  @Test("6, 23. a content set in another slot while it leaves the first keeps one layer and well-formed events")
  func moveBetweenSlots() throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    try board.set(a, inSlot: 0, with: Styles.slideLeft)
    settle(board, fixture.clock)
    try board.clear(slot: 0)
    fixture.clock.advance(by: 0.1)
    // Refusing (it is still in the placeholder) or waiting until it has left are both within the contract.
    var refusal: ErrorKind?
    do {
      try board.set(a, inSlot: 1, with: Styles.fade)
    } catch {
      refusal = ErrorKind(error)
      #expect(refusal == .alreadyInContainer(content: "A", container: "board", requestedBy: "board"))
    }
    settle(board, fixture.clock)
    #expect(a.violations.isEmpty, "\(a.violations)")
    #expect((refusal == nil) == (board.content(inSlot: 1) === a))
    if board.content(inSlot: 1) === a {
      #expect(a.hasLayer && a.phase == .appeared, "A is shown in slot 1: \(a.eventLog)")
      #expect(names(board.presentedLayers(inSlot: 1).map(\.content)) == ["A"])
      try board.clear(slot: 1)
      settle(board, fixture.clock)
      #expect(a.violations.isEmpty, "\(a.violations)")
    }
    #expect(board.content(inSlot: 0) == nil)
  }

  @Test(
    "24. clearing a slot plays the inverse of the style its content was set with",
    arguments: [Shown(Styles.slideLeft), Shown(Styles.turn45, .seconds(0.8)), Shown(Styles.slideTop, .seconds(1))])
  func clearPlaysTheInverse(shown: Shown) throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    try board.set(a, inSlot: 1, with: Styles.fade)
    settle(board, fixture.clock)
    try board.set(b, inSlot: 1, with: shown.transition, duration: shown.duration)
    settle(board, fixture.clock)
    b.clearEvents()
    fixture.journal.reset()

    try board.clear(slot: 1)
    let play = try #require(fixture.journal.plays.last)
    #expect(
      play.content == "B" && play.inverse && play.transition == shown.transition && play.duration == shown.duration)
    let inverse = try expected(shown.transition, in: landscape, duration: shown.duration, inverse: true)
    #expect(animationDifference(play.animation, inverse) <= 1e-9, "the inverse in the slot's bounds")
    fixture.clock.advance(by: inverse.duration / 2)
    let sample = inverse.sample(at: inverse.duration / 2)
    #expect(maxDifference(layerStates(board, slot: 1)["B"] ?? LayerState(), sample.disappearing) <= 1e-9)
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 1) == nil)
    #expect(board.presentedLayers(inSlot: 1).isEmpty)
    #expect(!b.hasLayer)
    #expect(b.eventLog == ["willDisappear(animated, out of)", "didDisappear(animated, out of)"])
    #expect(
      fixture.journal.log == [
        "B willDisappear(animated, out of)", "play B inverse", "B didDisappear(animated, out of)",
      ])
    expectError(.empty) { try board.clear(slot: 1) }
    let stack = try StackFixture(name: "other")
    try stack.stack.push(b, with: Styles.fade)  // B has left the placeholder
    expectWellFormed([a, b])
  }

  @Test("25. slots can be filled before the placeholder is shown; an index outside the slots is an error")
  func fillBeforeShownAndBadSlots() throws {
    let fixture = PlaceholderFixture(shown: false)
    let board = fixture.board
    let a = RecordingContent("A")
    let c = RecordingContent("C")
    let replaced = RecordingContent("R")
    try board.set(replaced, inSlot: 0, with: Styles.slideLeft)
    try board.set(a, inSlot: 0, with: Styles.turn45, duration: .seconds(0.6))
    try board.set(c, inSlot: 1, with: Styles.slideTop)
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) === c)
    #expect([a, c, replaced].allSatisfy { $0.events.isEmpty && $0.layerLoads == 0 }, "no layer, no event")
    #expect(fixture.journal.log.isEmpty && !board.isAnimating(slot: 0) && !board.isAnimating(slot: 1))

    board.appear()
    #expect(!board.isAnimating(slot: 0) && !board.isAnimating(slot: 1), "the transitions are applied instantly")
    let finalA = try expected(Styles.turn45, in: enlarged, duration: .seconds(0.6)).finalStates
    let finalC = try expected(Styles.slideTop, in: landscape).finalStates
    #expect(maxDifference(layerStates(board, slot: 0)["A"] ?? LayerState(), finalA.appearing) <= 1e-9)
    #expect(maxDifference(board.stage(ofSlot: 0), finalA.stage) <= 1e-9)
    #expect(maxDifference(layerStates(board, slot: 1)["C"] ?? LayerState(), finalC.appearing) <= 1e-9)
    #expect(a.eventLog == ["willAppear(not animated)", "didAppear(not animated)"])
    #expect(c.eventLog == ["willAppear(not animated)", "didAppear(not animated)"])
    #expect(replaced.events.isEmpty && replaced.layerLoads == 0, "replaced before it was shown")
    let stack = try StackFixture(name: "other")
    try stack.stack.push(replaced, with: Styles.fade)  // it has left the placeholder

    // Bad slots, and other invalid requests, change nothing.
    let y = RecordingContent("Y")
    expectError(.slotOutOfRange(slot: 2, slots: 2)) { try board.set(y, inSlot: 2, with: Styles.fade) }
    expectError(.slotOutOfRange(slot: -1, slots: 2)) { try board.set(y, inSlot: -1, with: Styles.fade) }
    let message = expectError(.slotOutOfRange(slot: 5, slots: 2)) { try board.clear(slot: 5) }
    #expect(message?.contains("5") == true && message?.contains("0 to 1") == true, "\(message ?? "")")
    expectError(.alreadyInContainer(content: "A", container: "board", requestedBy: "board")) {
      try board.set(a, inSlot: 1, with: Styles.fade)
    }
    expectError(.transition(Transition("wobble"))) { try board.set(y, inSlot: 1, with: Transition("wobble")) }
    #expect(board.content(inSlot: 2) == nil && board.presentedLayers(inSlot: 2).isEmpty)
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) === c)
    #expect(fixture.journal.plays.isEmpty)
    try stack.stack.push(y, with: Styles.fade)  // Y was never taken

    // A slot filled before the placeholder was shown still clears with the inverse of its own transition.
    try board.clear(slot: 0)
    let play = try #require(fixture.journal.plays.last)
    let inverse = try expected(Styles.turn45, in: enlarged, duration: .seconds(0.6), inverse: true)
    #expect(play.content == "A" && play.inverse && animationDifference(play.animation, inverse) <= 1e-9)
    settle(board, fixture.clock)
    expectWellFormed([a, c, replaced, y])
  }
}
