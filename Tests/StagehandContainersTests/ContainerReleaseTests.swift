import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// What happens to the requests that have not ended when their container is released, and to an `async` request
/// whose task is cancelled (Docs/Interactive.md, "Completions and async").
@Suite("Requests of a released container, and cancelled tasks (31)")
struct ContainerReleaseTests {
  @Test("31. a stack released in the middle of a change ends every request still waiting, once, cancelled")
  func stackReleasedMidChange() throws {
    let clock = ManualClock()
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    let c = RecordingContent("C")
    var log: [String] = []
    var handle: InteractiveTransition?
    weak var released: Stack?
    do {
      let stack = try Stack(builder: TestTransitions(), clock: clock, bounds: portrait)
      released = stack
      stack.appear()
      try stack.push(a, with: Styles.fade, animated: false) { log.append("push A \($0)") }
      try stack.push(b, with: Styles.slideLeft) { log.append("push B \($0)") }
      handle = try stack.popInteractively { log.append("pop \($0)") }
      try stack.push(c, with: Styles.fade) { log.append("push C \($0)") }
      clock.advance(by: 0.1)  // B's push plays; the pop and C's push wait
      #expect(log == ["push A finished"])
    }
    #expect(released == nil, "nothing keeps the stack alive")
    #expect(log == ["push A finished", "push B cancelled", "pop cancelled", "push C cancelled"])
    #expect(handle?.outcome == .cancelled)
    clock.advance(by: 5)
    #expect(log.count == 4, "each completion is called once")
    #expect(clock.observerCount == 0)
    // The contents have left: another container takes them.
    let other = try Stack(name: "other", builder: TestTransitions(), clock: clock, bounds: portrait)
    for content in [a, b, c] { try other.push(content, with: Styles.fade) }
  }

  @Test("31. a stack released while an interactive change is held ends it cancelled")
  func stackReleasedWhileHeld() throws {
    let clock = ManualClock()
    var outcome: TransitionOutcome?
    var handle: InteractiveTransition?
    do {
      let stack = try Stack(builder: TestTransitions(), clock: clock, bounds: portrait)
      stack.appear()
      try stack.push(RecordingContent("A"), with: Styles.fade, animated: false)
      handle = try stack.pushInteractively(RecordingContent("B"), with: Styles.turn) { outcome = $0 }
      handle?.update(progress: 0.5)
    }
    #expect(outcome == .cancelled && handle?.outcome == .cancelled)
    handle?.finish()  // does nothing once ended
    #expect(handle?.outcome == .cancelled)
  }

  @Test("31. a placeholder released in the middle of a change ends every request still waiting, once, cancelled")
  func placeholderReleasedMidChange() throws {
    let clock = ManualClock()
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    var log: [String] = []
    var held: InteractiveTransition?
    weak var released: Placeholder?
    do {
      let board = Placeholder(builder: TestTransitions(), clock: clock, slots: [portrait, landscape])
      released = board
      board.appear()
      try board.set(a, inSlot: 0, with: Styles.slideLeft) { log.append("set A \($0)") }
      try board.clear(slot: 0) { log.append("clear \($0)") }
      held = try board.setInteractively(b, inSlot: 1, with: Styles.fade) { log.append("set B \($0)") }
      held?.update(progress: 0.2)
      clock.advance(by: 0.1)
    }
    #expect(released == nil, "nothing keeps the placeholder alive")
    #expect(log == ["set A cancelled", "clear cancelled", "set B cancelled"])
    #expect(held?.outcome == .cancelled)
    clock.advance(by: 5)
    #expect(log.count == 3)
    let other = try Stack(name: "other", builder: TestTransitions(), clock: clock, bounds: portrait)
    for content in [a, b] { try other.push(content, with: Styles.fade) }
  }

  @Test("31. an interactive push cancelled while it waits lets its content go: it may join another container")
  func withdrawnInteractivePush() throws {
    let fixture = try StackFixture.showingA()
    try fixture.stack.push(fixture["B"], with: Styles.slideLeft)
    let waiting = try fixture.stack.pushInteractively(fixture["C"], with: Styles.fade)
    #expect(waiting.phase == .waiting)
    waiting.cancel()
    #expect(waiting.outcome == .cancelled)
    let other = try StackFixture(name: "other")
    try other.stack.push(fixture["C"], with: Styles.fade)
    settle(fixture.stack, fixture.clock)
    #expect(names(fixture.stack.contents) == ["A", "B"])
  }

  @Test("31. cancelling the task that awaits a request does not cancel the change: the call returns how it ended")
  @MainActor
  func cancelledTask() async throws {
    // The fixture belongs to the main actor, and so do the tasks that make the requests: `nonisolated(unsafe)` only
    // tells the compiler so (a stack is not `Sendable`).
    nonisolated(unsafe) let fixture = try StackFixture.showingA()
    nonisolated(unsafe) let stack = fixture.stack
    nonisolated(unsafe) let b = fixture["B"]
    let pushing = Task { @MainActor in try await stack.push(b, with: Styles.slideLeft) }
    while !stack.isAnimating { await Task.yield() }
    pushing.cancel()
    fixture.clock.advance(by: 0.1)
    #expect(stack.isAnimating, "the push goes on")
    fixture.clock.advance(by: 1)
    #expect(try await pushing.value == .finished)
    #expect(names(stack.contents) == ["A", "B"])
    // A grab and a cancel undo a change whose task was cancelled.
    let popping = Task { @MainActor in try await stack.pop() }
    while !stack.isAnimating { await Task.yield() }
    popping.cancel()
    fixture.clock.advance(by: 0.1)
    try #require(stack.grab()).cancel()
    settle(stack, fixture.clock)
    #expect(try await popping.value == .cancelled)
    #expect(names(stack.contents) == ["A", "B"])
    expectWellFormed(fixture.all)
  }
}
