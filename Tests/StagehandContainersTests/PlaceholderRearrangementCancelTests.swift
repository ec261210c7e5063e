import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// CONTAINERS.md 28 for the changes of several slots: a move, a swap or a setContents grabbed and cancelled gives
/// every slot it touched back exactly as it was (contents, entries with their styles, layer states, stages).
@Suite("Cancelled moves, swaps and setContents give every slot back (28, 29)")
struct PlaceholderRearrangementCancelTests {
  /// The clears of both slots, after a cancel: each must play the inverse of the style its content was set with
  /// before the change, in its own slot's bounds (the entries kept their styles).
  func expectOriginalEntries(
    _ fixture: PlaceholderFixture, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    fixture.journal.reset()
    try fixture.board.clear(slot: 0)
    try fixture.board.clear(slot: 1)
    let plays = fixture.journal.plays
    #expect(plays.map(\.content) == ["A", "B"] && plays.allSatisfy(\.inverse), sourceLocation: sourceLocation)
    let inverseA = try expected(Styles.slideLeft, in: enlarged, inverse: true)
    let inverseB = try expected(Styles.fade, in: landscape, inverse: true)
    if plays.count == 2 {
      #expect(animationDifference(plays[0].animation, inverseA) <= 1e-9, sourceLocation: sourceLocation)
      #expect(animationDifference(plays[1].animation, inverseB) <= 1e-9, sourceLocation: sourceLocation)
    }
    settle(fixture.board, fixture.clock)
  }

  @Test("28, 29. a move grabbed (from either slot) and cancelled: A returns to its slot, B stays, as they were")
  func cancelledMove() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]
    let loads = a.layerLoads
    var ended: [TransitionOutcome] = []
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.slideTop) { ended.append($0) }
    #expect(board.isAnimating(slot: 0) && board.isAnimating(slot: 1), "both slots are busy until the move ends")
    fixture.clock.advance(by: 0.1)
    let states = layerStates(board, slot: 1)
    let handle = try #require(try board.grab(slot: 0), "the source slot takes part in the move")
    #expect(try board.grab(slot: 1) === handle && board.interactiveTransition(inSlot: 1) === handle)
    #expect(stateDifference(states, layerStates(board, slot: 1)) <= 1e-9, "no jump at the grab")
    handle.update(progress: 0.7)
    handle.cancel(velocity: -0.5)
    settle(board, fixture.clock)
    #expect(ended == [.cancelled] && handle.outcome == .cancelled)
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) === b, "A is back in slot 0, B in slot 1")
    #expect(SlotState(board, slot: 0).matches(before[0]), "\(SlotState(board, slot: 0)) \(before[0])")
    #expect(SlotState(board, slot: 1).matches(before[1]), "\(SlotState(board, slot: 1)) \(before[1])")
    #expect(a.hasLayer && b.hasLayer && a.layerLoads == loads + 2, "A got a layer in slot 1, then in slot 0 again")
    #expect(
      a.eventLog == [
        "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)",
        "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)", "didAppear(animated)",
      ])
    #expect(b.eventLog == ["willDisappear(animated, out of)", "willAppear(animated)", "didAppear(animated)"])
    #expect(fixture.journal.problems.isEmpty, "\(fixture.journal.problems)")
    try expectOriginalEntries(fixture)
    expectWellFormed([a, b])
  }

  @Test("28. a swap grabbed and cancelled gives both contents back to their slots")
  func cancelledSwap() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]
    var ended: [TransitionOutcome] = []
    try board.swap(slot: 0, with: 1, transition: Styles.turn45) { ended.append($0) }
    fixture.clock.advance(by: 0.25)
    let handle = try #require(try board.grab(slot: 1))
    handle.cancel(velocity: 0)
    settle(board, fixture.clock)
    #expect(ended == [.cancelled])
    #expect(SlotState(board, slot: 0).matches(before[0]) && SlotState(board, slot: 1).matches(before[1]))
    for content in [a, b] {
      #expect(
        content.eventLog == [
          "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)",
          "willDisappear(animated)", "didDisappear(animated)", "willAppear(animated)", "didAppear(animated)",
        ], "\(content)")
      #expect(content.hasLayer && content.phase == .appeared)
    }
    try expectOriginalEntries(fixture)
    expectWellFormed([a, b])
  }

  @Test("28. a setContents grabbed and cancelled: the slots are as before, and the content it brought has left")
  func cancelledSetContents() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]
    let d = RecordingContent("D")
    var ended: [TransitionOutcome] = []
    try board.setContents([b, d], with: Styles.slideTop) { ended.append($0) }
    fixture.clock.advance(by: 0.2)
    let handle = try #require(try board.grab(slot: 0))
    handle.update(progress: 0.9)
    handle.cancel(velocity: 0)
    settle(board, fixture.clock)
    #expect(ended == [.cancelled])
    #expect(SlotState(board, slot: 0).matches(before[0]) && SlotState(board, slot: 1).matches(before[1]))
    #expect(a.eventLog == ["willDisappear(animated, out of)", "willAppear(animated)", "didAppear(animated)"])
    #expect(d.eventLog == ["willAppear(animated, into)", "willDisappear(animated)", "didDisappear(animated)"])
    #expect(!d.hasLayer && a.hasLayer && b.hasLayer)
    let other = try StackFixture(name: "other")
    try other.stack.push(d, with: Styles.fade)  // D has left the placeholder
    try expectOriginalEntries(fixture)
    expectWellFormed([a, b, d])
  }

  @Test("28, 30. after a cancelled move, the requests queued behind it run against the slots as they are")
  func queuedAfterCancelledMove() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    try board.move(fromSlot: 0, toSlot: 1, with: Styles.slideTop)
    try board.setBounds(portrait, ofSlot: 0)  // waits for the move, which slot 0 takes part in
    try board.move(fromSlot: 1, toSlot: 0, with: Styles.fade)  // moves A back, as the projection says
    #expect(board.bounds(ofSlot: 0) == enlarged)
    fixture.clock.advance(by: 0.1)
    try #require(try board.grab(slot: 1)).cancel()
    settle(board, fixture.clock)
    // A is in slot 0 already: it stays there, and B, in slot 1, is cleared by the second move's part.
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) == nil)
    #expect(board.bounds(ofSlot: 0) == portrait)
    #expect(!b.hasLayer && a.hasLayer && a.phase == .appeared)
    expectWellFormed([a, b])
  }
}
