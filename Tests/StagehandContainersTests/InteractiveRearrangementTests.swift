import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// CONTAINERS.md 26–31 for the changes of several slots started interactively: `moveInteractively`,
/// `swapInteractively` and `setContentsInteractively`.
@Suite("Interactive moves, swaps and setContents (26–31)")
struct InteractiveRearrangementTests {
  @Test("26, 27. an interactive move is held at 0, follows the progress with linear curves, and finishes with a spring")
  func interactiveMoveFinishes() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    var ended: [TransitionOutcome] = []
    let handle = try board.moveInteractively(fromSlot: 0, toSlot: 1, with: Styles.slideTop) { ended.append($0) }
    #expect(handle.phase == .interactive && handle.scrubsLinearly)
    #expect(board.content(inSlot: 0) == nil && board.content(inSlot: 1) === a)
    let scrubbed = try expected(Styles.slideTop, in: landscape).withLinearCurves()
    for progress in [0, 0.25, 0.6, 1] {
      handle.update(progress: progress)
      let states = layerStates(board, slot: 1)
      let want = scrubbed.sample(atProgress: progress)
      #expect(maxDifference(states["A"] ?? LayerState(), want.appearing) <= 1e-9, "A at \(progress)")
      #expect(maxDifference(states["B"] ?? LayerState(), want.disappearing) <= 1e-9, "B at \(progress)")
    }
    fixture.clock.advance(by: 5)
    #expect(board.isAnimating(slot: 1), "held: nothing moves by itself")
    handle.update(progress: 0.5)
    handle.finish(velocity: 1)
    #expect(handle.phase == .settling(.finished))
    settle(board, fixture.clock)
    #expect(ended == [.finished] && handle.outcome == .finished)
    #expect(board.content(inSlot: 1) === a && !b.hasLayer && b.phase == .disappeared)
    let rest = try expected(Styles.slideTop, in: landscape).finalStates.appearing
    #expect(maxDifference(layerStates(board, slot: 1)["A"] ?? LayerState(), rest) <= 1e-9)
    #expect(!board.isAnimating(slot: 0) && !board.isAnimating(slot: 1))
    expectWellFormed([a, b])
  }

  @Test("26, 28. an interactive swap cancelled from part-way gives both slots back as they were")
  func interactiveSwapCancels() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let before = [SlotState(board, slot: 0), SlotState(board, slot: 1)]
    var ended: [TransitionOutcome] = []
    let handle = try board.swapInteractively(slot: 0, with: 1, transition: Styles.turn45) { ended.append($0) }
    handle.update(progress: 0.8)
    #expect(board.content(inSlot: 0) === b && board.content(inSlot: 1) === a)
    handle.cancel(velocity: -2)
    settle(board, fixture.clock)
    #expect(ended == [.cancelled] && handle.outcome == .cancelled)
    #expect(SlotState(board, slot: 0).matches(before[0]) && SlotState(board, slot: 1).matches(before[1]))
    #expect(a.phase == .appeared && b.phase == .appeared && a.hasLayer && b.hasLayer)
    expectWellFormed([a, b])
  }

  @Test("26. the parts of an interactive setContents follow one progress: each at the same time, within its length")
  func partsFollowOneProgress() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let d = RecordingContent("D")
    // Slot 0: D arrives over A in 1 s; slot 1: B leaves with the inverse of its fade, which is shorter.
    let handle = try board.setContentsInteractively([d, nil], with: Styles.slideTop, duration: .seconds(1))
    let arrival = try expected(Styles.slideTop, in: enlarged, duration: .seconds(1)).withLinearCurves()
    let clear = try expected(Styles.fade, in: landscape, inverse: true).withLinearCurves()
    #expect(clear.duration < arrival.duration)
    for progress in [0, 0.1, 0.3, 0.5, 0.9, 1] {
      handle.update(progress: progress)
      let slot0 = layerStates(board, slot: 0)
      let slot1 = layerStates(board, slot: 1)
      let want0 = arrival.sample(at: progress * arrival.duration)
      let want1 = clear.sample(at: progress * arrival.duration)  // clamped to its own duration
      #expect(maxDifference(slot0["D"] ?? LayerState(), want0.appearing) <= 1e-9, "D at \(progress)")
      #expect(maxDifference(slot0["A"] ?? LayerState(), want0.disappearing) <= 1e-9, "A at \(progress)")
      #expect(maxDifference(slot1["B"] ?? LayerState(), want1.disappearing) <= 1e-9, "B at \(progress)")
    }
    handle.finish()
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) === d && board.content(inSlot: 1) == nil && !a.hasLayer && !b.hasLayer)
    expectWellFormed([a, b, d])
  }

  @Test("30, 31. an interactive move waits its turn; cancelled while it waits, it leaves the queues and ends cancelled")
  func waitingMoveWithdrawn() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    let c = RecordingContent("C")
    let d = RecordingContent("D")
    try board.set(c, inSlot: 1, with: Styles.fade)
    var ended: [TransitionOutcome] = []
    let handle = try board.setContentsInteractively([d, a], with: Styles.slideTop) { ended.append($0) }
    #expect(handle.phase == .waiting && board.content(inSlot: 0) === a)
    try board.clear(slot: 1)  // queued behind the change: clears A, which it would have moved to slot 1
    handle.cancel()
    #expect(ended == [.cancelled] && handle.outcome == .cancelled)
    settle(board, fixture.clock)
    // Without the change, slot 1 holds C when the clear runs, and slot 0 keeps A; D never came in.
    #expect(board.content(inSlot: 0) === a && board.content(inSlot: 1) == nil)
    #expect(d.events.isEmpty && !d.hasLayer)
    let other = try StackFixture(name: "other")
    try other.stack.push(d, with: Styles.fade)  // D has left the placeholder
    expectWellFormed([a, b, c, d])

    // A waiting change given a progress and an end starts there and ends so.
    let e = RecordingContent("E")
    try board.set(e, inSlot: 1, with: Styles.fade)
    let swap = try board.swapInteractively(slot: 0, with: 1, transition: Styles.fade)
    swap.update(progress: 0.5)
    swap.finish()
    settle(board, fixture.clock)
    #expect(swap.outcome == .finished && board.content(inSlot: 0) === e && board.content(inSlot: 1) === a)
    let nothing = try board.setContentsInteractively([e, a], with: Styles.fade)
    #expect(nothing.outcome == .finished, "a setContents that changes nothing has ended")
    expectWellFormed([a, b, c, d, e])
  }

  @Test("21. interactive moves, swaps and setContents are refused as the other forms are, with no handle")
  func refusedInteractive() throws {
    let (fixture, a, b) = try PlaceholderRearrangementTests().holdingAB()
    let board = fixture.board
    expectError(.sameSlot(slot: 1)) { _ = try board.moveInteractively(fromSlot: 1, toSlot: 1, with: Styles.fade) }
    expectError(.slotOutOfRange(slot: 2, slots: 2)) {
      _ = try board.swapInteractively(slot: 0, with: 2, transition: Styles.fade)
    }
    expectError(.slotCountMismatch(given: 1, slots: 2)) {
      _ = try board.setContentsInteractively([a], with: Styles.fade)
    }
    expectError(.transition(Transition("wobble"))) {
      _ = try board.moveInteractively(fromSlot: 0, toSlot: 1, with: Transition("wobble"))
    }
    #expect(fixture.journal.log.isEmpty && !board.isAnimating(slot: 0) && !board.isAnimating(slot: 1))
    expectWellFormed([a, b])
  }
}
