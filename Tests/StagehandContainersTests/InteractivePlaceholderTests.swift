import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Everything a caller can see of one slot of a placeholder, to compare it before a change and after its cancel.
struct SlotState {
  var content: String?
  var transition: Transition?
  var played: Transition?
  var layers: [String: LayerState]
  var order: [String]
  var stage: LayerState
  var backdrop: Backdrop

  init(_ board: Placeholder, slot: Int, entry: Entry? = nil) {
    content = board.content(inSlot: slot)?.name
    transition = entry?.transition
    played = entry?.played
    layers = layerStates(board, slot: slot)
    order = names(board.presentedLayers(inSlot: slot).map(\.content))
    stage = board.stage(ofSlot: slot)
    backdrop = board.backdrop(ofSlot: slot)
  }

  /// Whether `other` shows the same contents, in the same order, with every state within 1e-9.
  func matches(_ other: SlotState) -> Bool {
    content == other.content && order == other.order && stateDifference(layers, other.layers) <= 1e-9
      && maxDifference(stage, other.stage) <= 1e-9 && backdrop == other.backdrop
  }
}

/// CONTAINERS.md 26–31 on the placeholder: interactive sets and clears, grabs, completions, the queue.
@Suite("Interactive transitions of the placeholder (26–31)")
struct InteractivePlaceholderTests {
  /// A shown placeholder whose slot 0 holds A (set with a fade) and slot 1 holds C (a slide from the top), at rest.
  func holdingA() throws -> (PlaceholderFixture, a: RecordingContent, c: RecordingContent) {
    let fixture = PlaceholderFixture()
    let a = RecordingContent("A")
    let c = RecordingContent("C")
    try fixture.board.set(a, inSlot: 0, with: Styles.fade)
    try fixture.board.set(c, inSlot: 1, with: Styles.slideTop)
    settle(fixture.board, fixture.clock)
    a.clearEvents()
    c.clearEvents()
    fixture.journal.reset()
    return (fixture, a, c)
  }

  @Test(
    "26. an interactive set scrubbed to p shows the forward at p x T, with linear curves by default, its own curves when asked",
    arguments: [true, false], [0.0, 0.25, 0.6, 1.0])
  func scrubbingASet(linearly: Bool, progress: Double) throws {
    let (fixture, _, _) = try holdingA()
    let board = fixture.board
    let b = RecordingContent("B")
    let transition = try board.setInteractively(b, inSlot: 0, with: Styles.turn45, scrubsLinearly: linearly)
    #expect(transition.phase == .interactive && board.isAnimating(slot: 0))
    #expect(try board.grab(slot: 0) === transition && board.interactiveTransition(inSlot: 0) === transition)
    transition.update(progress: progress)
    var forward = try expected(Styles.turn45, in: enlarged)
    if linearly { forward = forward.withLinearCurves() }
    let states = forward.sample(at: progress * forward.duration)
    let shown = layerStates(board, slot: 0)
    #expect(maxDifference(shown["B"] ?? LayerState(), states.appearing) <= 1e-9)
    #expect(maxDifference(shown["A"] ?? LayerState(), states.disappearing) <= 1e-9)
    #expect(maxDifference(board.stage(ofSlot: 0), states.stage) <= 1e-9)
    fixture.clock.advance(by: 5)
    #expect(stateDifference(layerStates(board, slot: 0), shown) == 0, "time does not move it")
  }

  @Test("26, 27. an interactive set finished springs to the end, then ends as a set does, with its events")
  func interactiveSetFinished() throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    let b = RecordingContent("B")
    var outcome: TransitionOutcome?
    let transition = try board.setInteractively(b, inSlot: 0, with: Styles.slideLeft) { outcome = $0 }
    transition.update(progress: 0.4)
    transition.finish(velocity: 1.5)
    #expect(transition.phase == .settling(.finished) && outcome == nil)
    settle(board, fixture.clock)
    #expect(outcome == .finished && transition.outcome == .finished)
    #expect(board.content(inSlot: 0) === b && !a.hasLayer)
    let forward = try expected(Styles.slideLeft, in: enlarged)
    #expect(maxDifference(layerStates(board, slot: 0)["B"] ?? LayerState(), forward.finalStates.appearing) <= 1e-9)
    #expect(
      fixture.journal.lifecycleLog == [
        "A willDisappear(animated, out of)", "B willAppear(animated, into)",
        "A didDisappear(animated, out of)", "B didAppear(animated, into)",
      ])
    let other = try StackFixture(name: "other")
    try other.stack.push(a, with: Styles.fade)  // A has left the placeholder
    expectWellFormed([a, b])
  }

  @Test(
    "28. a cancelled interactive set leaves the slot exactly as before, with UIKit's events; the content has left",
    arguments: [0.0, 0.35, 0.95], [-2.0, 0.0, 3.0])
  func interactiveSetCancelled(progress: Double, velocity: Double) throws {
    let (fixture, a, c) = try holdingA()
    let board = fixture.board
    let before = SlotState(board, slot: 0)
    let otherSlot = SlotState(board, slot: 1)
    let b = RecordingContent("B")
    var outcome: TransitionOutcome?
    let transition = try board.setInteractively(b, inSlot: 0, with: Styles.turn45) { outcome = $0 }
    transition.update(progress: progress)
    transition.cancel(velocity: velocity)
    settle(board, fixture.clock)
    #expect(outcome == .cancelled && transition.outcome == .cancelled && transition.progress == 0)
    let after = SlotState(board, slot: 0)
    #expect(after.matches(before), "\(after.layers) was \(before.layers)")
    #expect(SlotState(board, slot: 1).matches(otherSlot))
    #expect(board.content(inSlot: 0) === a && !b.hasLayer && a.hasLayer && a.phase == .appeared)
    #expect(
      fixture.journal.lifecycleLog == [
        "A willDisappear(animated, out of)", "B willAppear(animated, into)",
        "B willDisappear(animated)", "A willAppear(animated)", "B didDisappear(animated)", "A didAppear(animated)",
      ])
    expectWellFormed([a, b, c])
    let other = try StackFixture(name: "other")
    try other.stack.push(b, with: Styles.fade)  // B has left the placeholder
    // A still clears with the inverse of its own transition.
    try board.clear(slot: 0)
    let play = try #require(fixture.journal.plays.last)
    #expect(play.content == "A" && play.inverse && play.transition == Styles.fade)
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) == nil)
  }

  @Test("28. a cancelled interactive set in an empty slot leaves it empty")
  func interactiveSetInEmptySlotCancelled() throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let b = RecordingContent("B")
    let transition = try board.setInteractively(b, inSlot: 1, with: Styles.slideTop)
    transition.update(progress: 0.5)
    #expect(names(board.presentedLayers(inSlot: 1).map(\.content)) == ["B"])
    transition.cancel()
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 1) == nil && board.presentedLayers(inSlot: 1).isEmpty && !b.hasLayer)
    #expect(maxDifference(board.stage(ofSlot: 1), .identity) == 0)
    #expect(b.eventLog == ["willAppear(animated, into)", "willDisappear(animated)", "didDisappear(animated)"])
    expectWellFormed([b])
  }

  @Test(
    "26–28. an interactive clear finished empties the slot; cancelled, it leaves the content as it was",
    arguments: [TransitionOutcome.finished, .cancelled])
  func interactiveClear(outcome: TransitionOutcome) throws {
    let (fixture, a, c) = try holdingA()
    let board = fixture.board
    let before = SlotState(board, slot: 1)
    var reported: TransitionOutcome?
    let transition = try board.clearInteractively(slot: 1) { reported = $0 }
    transition.update(progress: 0.5)
    let inverse = try expected(Styles.slideTop, in: landscape, inverse: true).withLinearCurves()
    #expect(
      maxDifference(layerStates(board, slot: 1)["C"] ?? LayerState(), inverse.sample(atProgress: 0.5).disappearing)
        <= 1e-9)
    if outcome == .finished { transition.finish() } else { transition.cancel(velocity: -1) }
    settle(board, fixture.clock)
    #expect(reported == outcome)
    if outcome == .finished {
      #expect(board.content(inSlot: 1) == nil && !c.hasLayer)
      #expect(c.eventLog == ["willDisappear(animated, out of)", "didDisappear(animated, out of)"])
    } else {
      #expect(SlotState(board, slot: 1).matches(before))
      #expect(c.eventLog == ["willDisappear(animated, out of)", "willAppear(animated)", "didAppear(animated)"])
      expectError(.alreadyInContainer(content: "C", container: "board", requestedBy: "board")) {
        try board.set(c, inSlot: 0, with: Styles.fade)
      }
    }
    expectWellFormed([a, c])
  }

  @Test(
    "29. a playing set grabbed does not jump, and is then finished or cancelled",
    arguments: [TransitionOutcome.finished, .cancelled], [0.1, 0.3])
  func grabbedSet(outcome: TransitionOutcome, elapsed: Double) throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    let before = SlotState(board, slot: 0)
    let b = RecordingContent("B")
    var reported: TransitionOutcome?
    try board.set(b, inSlot: 0, with: Styles.slideLeft) { reported = $0 }
    #expect(board.interactiveTransition(inSlot: 0) == nil)
    fixture.clock.advance(by: elapsed)
    let justBefore = layerStates(board, slot: 0)
    let transition = try #require(try board.grab(slot: 0))
    #expect(stateDifference(justBefore, layerStates(board, slot: 0)) <= 1e-9, "no jump at the grab")
    #expect(abs(transition.progress - elapsed / 0.4) <= 1e-9 && !transition.scrubsLinearly)
    fixture.clock.advance(by: 1)
    #expect(stateDifference(justBefore, layerStates(board, slot: 0)) <= 1e-9, "held where it was grabbed")
    if outcome == .finished { transition.finish() } else { transition.cancel() }
    fixture.clock.advance(by: 1e-6)
    #expect(stateDifference(justBefore, layerStates(board, slot: 0)) <= 1e-3, "no jump at the release")
    settle(board, fixture.clock)
    #expect(reported == outcome && transition.outcome == outcome)
    if outcome == .finished {
      #expect(board.content(inSlot: 0) === b)
      #expect(
        fixture.journal.lifecycleLog == [
          "A willDisappear(animated, out of)", "B willAppear(animated, into)",
          "A didDisappear(animated, out of)", "B didAppear(animated, into)",
        ])
    } else {
      #expect(SlotState(board, slot: 0).matches(before))
      #expect(
        fixture.journal.lifecycleLog == [
          "A willDisappear(animated, out of)", "B willAppear(animated, into)",
          "B willDisappear(animated)", "A willAppear(animated)", "B didDisappear(animated)", "A didAppear(animated)",
        ])
    }
    #expect(try board.grab(slot: 0) == nil, "nothing plays")
    expectWellFormed([a, b])
  }

  @Test("29. a playing clear grabbed and cancelled puts the content back as it was")
  func grabbedClearCancelled() throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    let before = SlotState(board, slot: 0)
    var reported: TransitionOutcome?
    try board.clear(slot: 0) { reported = $0 }
    fixture.clock.advance(by: 0.1)
    let justBefore = layerStates(board, slot: 0)
    let transition = try #require(try board.grab(slot: 0))
    #expect(stateDifference(justBefore, layerStates(board, slot: 0)) <= 1e-9, "no jump at the grab")
    transition.cancel(velocity: -2)
    settle(board, fixture.clock)
    #expect(reported == .cancelled && SlotState(board, slot: 0).matches(before))
    #expect(a.eventLog == ["willDisappear(animated, out of)", "willAppear(animated)", "didAppear(animated)"])
    expectWellFormed([a])
  }

  @Test("30, 31. requests made during an interactive set wait; after a cancel those that no longer apply end cancelled")
  func queuedDuringInteractiveSet() throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let b = RecordingContent("B")
    let d = RecordingContent("D")
    var log: [String] = []
    let transition = try board.setInteractively(b, inSlot: 0, with: Styles.slideLeft) { log.append("set B \($0)") }
    try board.clear(slot: 0) { log.append("clear \($0)") }  // no longer applies: the slot stays empty
    try board.set(d, inSlot: 0, with: Styles.fade) { log.append("set D \($0)") }
    try board.set(RecordingContent("E"), inSlot: 1, with: Styles.fade) { log.append("set E in 1 \($0)") }
    transition.update(progress: 0.5)
    fixture.clock.advance(by: 2)
    #expect(log == ["set E in 1 finished"], "slot 1 plays on its own")
    #expect(d.events.isEmpty && board.content(inSlot: 0) === b)
    transition.cancel()
    settle(board, fixture.clock)
    #expect(log == ["set E in 1 finished", "set B cancelled", "clear cancelled", "set D finished"])
    #expect(board.content(inSlot: 0) === d && d.phase == .appeared && !b.hasLayer)
    expectWellFormed([b, d])
  }

  @Test("30. requests made during an interactive set that is finished run in order after it")
  func queuedDuringInteractiveSetFinished() throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    let b = RecordingContent("B")
    let d = RecordingContent("D")
    var log: [String] = []
    let transition = try board.setInteractively(b, inSlot: 0, with: Styles.slideLeft) { log.append("set B \($0)") }
    try board.clear(slot: 0) { log.append("clear \($0)") }
    try board.set(d, inSlot: 0, with: Styles.fade) { log.append("set D \($0)") }
    // The content that stays is refused while the set plays; B is in the slot already.
    expectError(.alreadyInContainer(content: "B", container: "board", requestedBy: "board")) {
      try board.set(b, inSlot: 1, with: Styles.fade) { log.append("refused \($0)") }
    }
    transition.update(progress: 0.7)
    transition.finish(velocity: 0.5)
    settle(board, fixture.clock)
    #expect(log == ["set B finished", "clear finished", "set D finished"])
    #expect(board.content(inSlot: 0) === d)
    #expect(
      fixture.journal.plays.map { "\($0.content) \($0.inverse ? "inverse" : "forward")" } == [
        "B forward", "B inverse", "D forward",
      ])
    expectWellFormed([a, b, d])
  }

  @Test("26, 31. an interactive set that waits keeps its progress; cancelled while it waits, it leaves the queue")
  func waitingInteractiveSet() throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    let b = RecordingContent("B")
    let d = RecordingContent("D")
    try board.set(b, inSlot: 0, with: Styles.fade)
    var outcome: TransitionOutcome?
    let waiting = try board.setInteractively(d, inSlot: 0, with: Styles.slideLeft) { outcome = $0 }
    #expect(waiting.phase == .waiting)
    waiting.update(progress: 0.3)
    waiting.cancel()
    #expect(outcome == .cancelled && waiting.outcome == .cancelled && d.events.isEmpty)
    let other = try StackFixture(name: "other")
    try other.stack.push(d, with: Styles.fade)  // D has left the placeholder
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) === b)
    // One that waits and is then driven starts where it was left.
    let e = RecordingContent("E")
    try board.set(a, inSlot: 1, with: Styles.fade)
    try board.clear(slot: 0)
    let next = try board.setInteractively(e, inSlot: 0, with: Styles.slideLeft)
    next.update(progress: 0.6)
    fixture.clock.advance(by: 5)  // the clear ends; the set starts, held
    #expect(next.phase == .interactive && abs(next.progress - 0.6) < 1e-12)
    let forward = try expected(Styles.slideLeft, in: enlarged).withLinearCurves()
    #expect(
      maxDifference(layerStates(board, slot: 0)["E"] ?? LayerState(), forward.sample(atProgress: 0.6).appearing)
        <= 1e-9)
    next.finish()
    settle(board, fixture.clock)
    #expect(board.content(inSlot: 0) === e)
    expectWellFormed([a, b, d, e])
  }

  @Test("31. a refused request never calls its completion; grabbing a slot that does not exist is an error")
  func refusals() throws {
    let (fixture, a, _) = try holdingA()
    let board = fixture.board
    var calls = 0
    expectError(.alreadyInContainer(content: "A", container: "board", requestedBy: "board")) {
      _ = try board.setInteractively(a, inSlot: 1, with: Styles.fade) { _ in calls += 1 }
    }
    expectError(.slotOutOfRange(slot: 3, slots: 2)) { _ = try board.clearInteractively(slot: 3) { _ in calls += 1 } }
    expectError(.slotOutOfRange(slot: -1, slots: 2)) { _ = try board.grab(slot: -1) }
    expectError(.transition(Transition("wobble"))) {
      try board.set(RecordingContent("W"), inSlot: 0, with: Transition("wobble")) { _ in calls += 1 }
    }
    let empty = PlaceholderFixture()
    expectError(.empty) { _ = try empty.board.clearInteractively(slot: 0) { _ in calls += 1 } }
    #expect(calls == 0 && board.interactiveTransition(inSlot: 7) == nil)
    #expect(fixture.journal.plays.isEmpty)
  }

  @Test("31. the async forms return how the change ended, and throw a refusal at once")
  func asyncForms() async throws {
    let fixture = PlaceholderFixture()
    let board = fixture.board
    let a = RecordingContent("A")
    #expect(try await board.set(a, inSlot: 0, with: Styles.fade, animated: false) == .finished)
    #expect(try await board.clear(slot: 0, animated: false) == .finished)
    await #expect(throws: ContainerError.self) { try await board.clear(slot: 0) }
    await #expect(throws: ContainerError.self) { try await board.set(a, inSlot: 9, with: Styles.fade) }
    #expect(board.content(inSlot: 0) == nil)
  }
}
