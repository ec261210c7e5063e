import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Issue 22, point 4: a placeholder's geometry change, moving and swapping contents between slots, and replacing
/// every slot at once.
@Suite("The placeholder's geometry, moves, swaps and setContents (17, 18, 23–25, 30)")
struct PlaceholderRearrangementTests {
  /// A shown placeholder whose slot 0 holds A (a slide from the left) and slot 1 holds B (a fade), at rest, with
  /// their events and the journal cleared.
  func holdingAB() throws -> (PlaceholderFixture, a: RecordingContent, b: RecordingContent) {
    let fixture = PlaceholderFixture()
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    try fixture.board.set(a, inSlot: 0, with: Styles.slideLeft)
    try fixture.board.set(b, inSlot: 1, with: Styles.fade)
    settle(fixture.board, fixture.clock)
    a.clearEvents()
    b.clearEvents()
    fixture.journal.reset()
    return (fixture, a, b)
  }

  @Test("17, 18. a slot's geometry change waits for its transition, then lays its content out again")
  func setBoundsWaitsAndLaysOut() throws {
    let (fixture, a, _) = try holdingAB()
    let board = fixture.board
    let c = RecordingContent("C")
    try board.set(c, inSlot: 0, with: Styles.turn45)
    fixture.clock.advance(by: 0.1)
    var ended: [TransitionOutcome] = []
    try board.setBounds(portrait, ofSlot: 0) { ended.append($0) }
    #expect(board.bounds(ofSlot: 0) == enlarged && ended.isEmpty, "deferred while the set plays")
    #expect(board.presentedLayers(inSlot: 0).allSatisfy { $0.bounds == enlarged })
    settle(board, fixture.clock)
    #expect(board.bounds(ofSlot: 0) == portrait && ended == [.finished])
    let rest = try expected(Styles.turn45, in: portrait).finalStates
    let layers = board.presentedLayers(inSlot: 0)
    #expect(layers.count == 1 && layers.first?.bounds == portrait)
    #expect(maxDifference(layerStates(board, slot: 0)["C"] ?? LayerState(), rest.appearing) <= 1e-9)
    #expect(maxDifference(board.stage(ofSlot: 0), rest.stage) <= 1e-9)

    fixture.journal.reset()
    try board.clear(slot: 0)
    let play = try #require(fixture.journal.plays.last)
    let inverse = try expected(Styles.turn45, in: portrait, inverse: true)
    #expect(animationDifference(play.animation, inverse) <= 1e-9, "the clear's inverse is built in the new bounds")
    settle(board, fixture.clock)
    expectWellFormed([a, c])
  }

  @Test("30. a slot's geometry change waits while its transition is interactive; every slot can change at once")
  func setBoundsWhileInteractive() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    let handle = try board.clearInteractively(slot: 1)
    handle.update(progress: 0.4)
    var ended: [TransitionOutcome] = []
    try board.setBounds([portrait, portrait]) { ended.append($0) }
    #expect(board.bounds(ofSlot: 0) == portrait, "slot 0 is idle: it changes at once")
    #expect(board.bounds(ofSlot: 1) == landscape && ended.isEmpty, "slot 1 waits for its interactive clear")
    handle.cancel(velocity: 0)
    settle(board, fixture.clock)
    #expect(board.bounds(ofSlot: 1) == portrait && ended == [.finished])
    let rest = try expected(Styles.fade, in: portrait).finalStates
    #expect(maxDifference(layerStates(board, slot: 1)["B"] ?? LayerState(), rest.appearing) <= 1e-9)
    let slideRest = try expected(Styles.slideLeft, in: portrait).finalStates
    #expect(maxDifference(layerStates(board, slot: 0)["A"] ?? LayerState(), slideRest.appearing) <= 1e-9)

    expectError(.slotCountMismatch(given: 1, slots: 2)) { try board.setBounds([portrait]) }
    let empty = Rect(x: 0, y: 0, width: 0, height: 10)
    expectError(.invalidBounds(empty)) { try board.setBounds(empty, ofSlot: 0) }
    expectError(.invalidBounds(empty)) { try board.setBounds([portrait, empty]) }
    expectError(.slotOutOfRange(slot: 2, slots: 2)) { try board.setBounds(portrait, ofSlot: 2) }
    #expect(board.bounds(ofSlot: 0) == portrait && board.bounds(ofSlot: 1) == portrait && ended == [.finished])
    expectWellFormed([a, b])
  }

  @Test("6, 7, 24. a move plays the style given in the destination; the content moved is not told it moves in or out")
  func moveBetweenSlots() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    var ended: [TransitionOutcome] = []
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.turn45) { ended.append($0) }
    #expect(board.content(inSlot: 0) == nil && board.content(inSlot: 1) === a)
    #expect(names(board.presentedLayers(inSlot: 1).map(\.content)) == ["B", "A"], "A arrives over B")
    #expect(board.presentedLayers(inSlot: 0).isEmpty, "A left slot 0 at once: one layer, in one slot")
    let play = try #require(fixture.journal.plays.last)
    let forward = try expected(Styles.turn45, in: landscape)
    #expect(play.content == "A" && !play.inverse && animationDifference(play.animation, forward) <= 1e-9)
    settle(board, fixture.clock)
    #expect(ended == [.finished])
    #expect(
      fixture.journal.log == [
        "A willDisappear(animated)", "A didDisappear(animated)", "B willDisappear(animated, out of)",
        "A willAppear(animated)", "play A forward", "B didDisappear(animated, out of)", "A didAppear(animated)",
      ])
    #expect(a.layerLoads == 2 && a.hasLayer && !b.hasLayer)
    #expect(fixture.journal.problems.isEmpty)

    // A later clear plays the inverse of the style A was last shown with, in its new slot.
    fixture.journal.reset()
    try board.clear(slot: 1)
    let clear = try #require(fixture.journal.plays.last)
    let inverse = try expected(Styles.turn45, in: landscape, inverse: true)
    #expect(clear.content == "A" && clear.inverse && animationDifference(clear.animation, inverse) <= 1e-9)
    settle(board, fixture.clock)
    let stack = try StackFixture(name: "other")
    try stack.stack.push(b, with: Styles.fade)  // B left the placeholder when A replaced it
    try stack.stack.push(a, with: Styles.fade)  // and A when it was cleared
    expectWellFormed([a, b])
  }

  @Test("23. a move waits for the transitions queued in both slots, and runs in order with the other requests")
  func moveWaitsForBothSlots() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    let c = RecordingContent("C")
    try board.set(c, inSlot: 1, with: Styles.slideTop)
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.fade)
    #expect(board.isAnimating(slot: 0), "slot 0 waits for slot 1's set")
    #expect(board.content(inSlot: 0) === a && a.events.isEmpty, "nothing moves before slot 1 is idle")
    try board.clear(slot: 1)  // queued behind the move: it clears A
    expectError(.empty) { try board.move(fromSlot: 0, toSlot: 1, with: Styles.fade) }
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) == nil && board.content(inSlot: 1) == nil)
    #expect(
      fixture.journal.plays.map { "\($0.content) \($0.inverse ? "inverse" : "forward")" } == [
        "C forward", "A forward", "A inverse",
      ])
    #expect(!a.hasLayer && !b.hasLayer && !c.hasLayer)
    expectWellFormed([a, b, c])
  }

  @Test("6, 24. a swap shows each content in the other slot with the style given, which a later clear reverses")
  func swapSlots() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    var ended: [TransitionOutcome] = []
    try board.swap(slot: 1, with: 0, transition: Styles.slideTop) { ended.append($0) }
    #expect(board.content(inSlot: 0) === b && board.content(inSlot: 1) === a)
    #expect(board.isAnimating(slot: 0) && board.isAnimating(slot: 1))
    settle(board, fixture.clock)
    #expect(ended == [.finished])
    #expect(
      a.eventLog == [
        "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)", "didAppear(animated)",
      ])
    #expect(b.eventLog == a.eventLog)
    let restA = try expected(Styles.slideTop, in: landscape).finalStates.appearing
    #expect(maxDifference(layerStates(board, slot: 1)["A"] ?? LayerState(), restA) <= 1e-9)
    fixture.journal.reset()
    try board.clear(slot: 0)
    let clear = try #require(fixture.journal.plays.last)
    let inverse = try expected(Styles.slideTop, in: enlarged, inverse: true)
    #expect(clear.content == "B" && animationDifference(clear.animation, inverse) <= 1e-9)
    settle(board, fixture.clock)

    // A swap with an empty slot is a move.
    try board.swap(slot: 0, with: 1, transition: Styles.fade, animated: false)
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) == nil && !board.isAnimating(slot: 0))
    expectWellFormed([a, b])
  }

  @Test("7, 23, 24. setContents replaces every slot at once: arrivals, moves, clears and contents that stay")
  func setContentsAtOnce() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    let d = RecordingContent("D")
    var ended: [TransitionOutcome] = []
    try board.setContents([b, d], with: Styles.turn45) { ended.append($0) }
    #expect(board.content(inSlot: 0) === b && board.content(inSlot: 1) === d)
    settle(board, fixture.clock)
    #expect(ended == [.finished])
    #expect(a.eventLog == ["willDisappear(animated, out of)", "didDisappear(animated, out of)"])
    #expect(
      b.eventLog == [
        "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)", "didAppear(animated)",
      ])
    #expect(d.eventLog == ["willAppear(animated, into)", "didAppear(animated, into)"])
    #expect(
      Set(fixture.journal.plays.map { "\($0.content) \($0.transition)" }) == [
        "B \(Styles.turn45)", "D \(Styles.turn45)",
      ])

    // The content listed for the slot that holds it stays, unanimated; nil clears with the content's own inverse.
    fixture.journal.reset()
    try board.setContents([b, nil], with: Styles.fade)
    #expect(fixture.journal.plays.map(\.content) == ["D"] && fixture.journal.plays.first?.inverse == true)
    let inverse = try expected(Styles.turn45, in: landscape, inverse: true)
    #expect(animationDifference(try #require(fixture.journal.plays.first).animation, inverse) <= 1e-9)
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) === b && board.content(inSlot: 1) == nil && !d.hasLayer)
    var nothing: [TransitionOutcome] = []
    try board.setContents([b, nil], with: Styles.fade) { nothing.append($0) }
    #expect(nothing == [.finished], "a setContents that changes nothing ends at once")
    let stack = try StackFixture(name: "other")
    try stack.stack.push(a, with: Styles.fade)
    try stack.stack.push(d, with: Styles.fade)
    expectWellFormed([a, b, d])
  }

  @Test("21, 25. bad moves, swaps and setContents are typed errors that leave the placeholder unchanged")
  func badRearrangements() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    let other = try StackFixture(name: "other")
    let elsewhere = RecordingContent("E")
    try other.stack.push(elsewhere, with: Styles.fade)
    let y = RecordingContent("Y")
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]

    expectError(.slotOutOfRange(slot: 2, slots: 2)) { try board.move(fromSlot: 0, toSlot: 2, with: Styles.fade) }
    expectError(.slotOutOfRange(slot: -1, slots: 2)) { try board.move(fromSlot: -1, toSlot: 0, with: Styles.fade) }
    let same = expectError(.sameSlot(slot: 1)) { try board.move(fromSlot: 1, toSlot: 1, with: Styles.fade) }
    #expect(same?.contains("slot 1") == true && same?.contains("two different slots") == true, "\(same ?? "")")
    expectError(.transition(Transition("wobble"))) {
      try board.move(fromSlot: 0, toSlot: 1, with: Transition("wobble"))
    }
    expectError(.sameSlot(slot: 0)) { try board.swap(slot: 0, with: 0, transition: Styles.fade) }
    expectError(.slotOutOfRange(slot: 3, slots: 2)) { try board.swap(slot: 3, with: 0, transition: Styles.fade) }
    let count = expectError(.slotCountMismatch(given: 3, slots: 2)) {
      try board.setContents([a, b, y], with: Styles.fade)
    }
    #expect(count?.contains("3 given for the 2 slots") == true, "\(count ?? "")")
    expectError(.duplicateContent("Y")) { try board.setContents([y, y], with: Styles.fade) }
    expectError(.alreadyInContainer(content: "E", container: "other", requestedBy: "board")) {
      try board.setContents([y, elsewhere], with: Styles.fade)
    }
    expectError(.transition(Transition("wobble"))) { try board.setContents([y, a], with: Transition("wobble")) }
    #expect(SlotState(board, slot: 0).matches(before[0]) && SlotState(board, slot: 1).matches(before[1]))
    #expect(fixture.journal.log.isEmpty && a.events.isEmpty && b.events.isEmpty && y.events.isEmpty)
    try other.stack.push(y, with: Styles.fade)  // Y was never taken

    // Empty slots: nothing to move or swap.
    try board.setContents([nil, nil], with: Styles.fade, animated: false)
    expectError(.empty) { try board.move(fromSlot: 0, toSlot: 1, with: Styles.fade) }
    expectError(.empty) { try board.swap(slot: 0, with: 1, transition: Styles.fade) }

    // The same container is not named twice: the message says how to move a content between slots.
    let z = RecordingContent("Z")
    try board.set(z, inSlot: 0, with: Styles.fade, animated: false)
    let message = expectError(.alreadyInContainer(content: "Z", container: "board", requestedBy: "board")) {
      try board.set(z, inSlot: 1, with: Styles.fade)
    }
    #expect(message?.contains("move(fromSlot:toSlot:with:)") == true, "\(message ?? "")")
    expectWellFormed([a, b, y, z])
  }

  @Test("3, 6. a content moved while the placeholder is hidden gets one new layer, at its new slot, when it is shown")
  func moveWhileHidden() throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    board.disappear()
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.slideTop)
    #expect(!a.hasLayer && a.eventLog == ["willDisappear(not animated)", "didDisappear(not animated)"])
    #expect(board.content(inSlot: 1) === a && !board.isAnimating(slot: 1), "no animation while hidden")
    board.appear()
    #expect(a.hasLayer && a.layerLoads == 2 && a.phase == .appeared)
    #expect(names(board.presentedLayers(inSlot: 1).map(\.content)) == ["A"])
    let rest = try expected(Styles.slideTop, in: landscape).finalStates.appearing
    #expect(maxDifference(layerStates(board, slot: 1)["A"] ?? LayerState(), rest) <= 1e-9)
    expectWellFormed([a, b])
  }

  @Test("28, 31. a move whose arrival is grabbed and cancelled gives both slots back; the async forms say how it ended")
  func cancelledMoveAndAsyncForms() async throws {
    let (fixture, a, b) = try holdingAB()
    let board = fixture.board
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]
    var ended: [TransitionOutcome] = []
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.slideTop) { ended.append($0) }
    fixture.clock.advance(by: 0.1)
    let handle = try #require(try board.grab(slot: 1))
    handle.cancel(velocity: 0)
    settle(board, fixture.clock)
    #expect(ended == [.cancelled])
    #expect(board.content(inSlot: 1) === b && board.content(inSlot: 0) === a, "B is back, and A is in its slot again")
    #expect(SlotState(board, slot: 0).matches(before[0]) && SlotState(board, slot: 1).matches(before[1]))
    #expect(b.phase == .appeared && a.hasLayer && a.phase == .appeared)
    #expect(!a.events.contains { $0.movement != .none }, "\(a.eventLog)")
    #expect(try await board.setContents([nil, nil], with: Styles.fade, animated: false) == .finished)

    let c = RecordingContent("C")
    #expect(try await board.setContents([c, nil], with: Styles.fade, animated: false) == .finished)
    #expect(try await board.swap(slot: 0, with: 1, transition: Styles.fade, animated: false) == .finished)
    #expect(try await board.move(fromSlot: 1, toSlot: 0, with: Styles.fade, animated: false) == .finished)
    #expect(try await board.setBounds(portrait, ofSlot: 1) == .finished)
    #expect(board.content(inSlot: 0) === c && board.bounds(ofSlot: 1) == portrait)
    await #expect(throws: ContainerError.self) { try await board.move(fromSlot: 1, toSlot: 0, with: Styles.fade) }
    expectWellFormed([a, b, c])
  }
}
