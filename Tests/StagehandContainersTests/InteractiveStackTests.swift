import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// CONTAINERS.md 26–31 on the stack: interactive pushes and pops, grabs, completions.
@Suite("Interactive transitions of the stack (26–31)")
struct InteractiveStackTests {
  /// A shown stack holding A (a fade) and B (a slide from the left), at rest.
  func showingAB(capacity: Int = 2) throws -> StackFixture {
    let fixture = try StackFixture.showingA(capacity: capacity)
    try fixture.push("B", Styles.slideLeft)
    fixture.resetEvents()
    return fixture
  }

  @Test(
    "26. an interactive pop scrubbed to p shows the inverse at p x T, with linear curves by default, its own curves when asked",
    arguments: [true, false], [0.0, 0.2, 0.5, 0.75, 1.0])
  func scrubbing(linearly: Bool, progress: Double) throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    let transition = try stack.popInteractively(scrubsLinearly: linearly)
    #expect(transition.phase == .interactive && stack.isAnimating)
    transition.update(progress: progress)
    var inverse = try expected(Styles.slideLeft, in: portrait, inverse: true)
    if linearly { inverse = inverse.withLinearCurves() }
    let states = inverse.sample(at: progress * inverse.duration)
    let shown = layerStates(stack)
    #expect(maxDifference(shown["B"] ?? LayerState(), states.disappearing) <= 1e-9)
    #expect(maxDifference(shown["A"] ?? LayerState(), states.appearing) <= 1e-9)
    // Time does not move it.
    fixture.clock.advance(by: 5)
    #expect(stateDifference(layerStates(stack), shown) == 0 && transition.progress == progress)
    #expect(names(stack.contents) == ["A", "B"])
  }

  @Test("26, 27. an interactive pop finished plays the rest on the spring, then pops as a pop does")
  func interactivePopFinished() throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    var outcome: TransitionOutcome?
    let transition = try stack.popInteractively { outcome = $0 }
    transition.update(progress: 0.4)
    transition.finish(velocity: 1)
    #expect(transition.phase == .settling(.finished))
    settle(stack, fixture.clock)
    #expect(outcome == .finished && transition.outcome == .finished && transition.progress == 1)
    #expect(names(stack.contents) == ["A"])
    let inverse = try expected(Styles.slideLeft, in: portrait, inverse: true)
    #expect(maxDifference(layerStates(stack)["A"] ?? LayerState(), inverse.finalStates.appearing) <= 1e-9)
    #expect(fixture["B"].eventLog == ["willDisappear(animated, out of)", "didDisappear(animated, out of)"])
    #expect(fixture["A"].eventLog == ["willAppear(animated)", "didAppear(animated)"])
    expectWellFormed(fixture.all)
  }

  @Test(
    "28. a cancelled interactive pop (or pop(to:)) leaves the stack exactly as before, with UIKit's events",
    arguments: [false, true], [0.0, 0.3, 0.9])
  func interactivePopCancelled(toRoot: Bool, progress: Double) throws {
    let fixture = try StackFixture.showingA(capacity: 1)
    let stack = fixture.stack
    try fixture.push("B", Styles.turn45)
    try fixture.push("C", Styles.slideTop)
    fixture.resetEvents()
    let before = StackState(stack)
    let entries = stack.entries.map { "\($0.content.name) \($0.transition) \(String(describing: $0.played))" }
    var outcome: TransitionOutcome?
    let transition =
      toRoot ? try stack.popInteractively(to: 0) { outcome = $0 } : try stack.popInteractively { outcome = $0 }
    transition.update(progress: progress)
    transition.cancel(velocity: -0.5)
    settle(stack, fixture.clock)
    #expect(outcome == .cancelled && transition.outcome == .cancelled)
    let after = StackState(stack)
    #expect(after.names == before.names && after.layers == before.layers && after.transitions == before.transitions)
    #expect(zip(after.states, before.states).allSatisfy { maxDifference($0, $1) <= 1e-9 })
    #expect(maxDifference(after.stage, before.stage) <= 1e-9)
    #expect(stack.entries.map { "\($0.content.name) \($0.transition) \(String(describing: $0.played))" } == entries)
    let revealed = toRoot ? "A" : "B"
    #expect(
      fixture.journal.lifecycleLog == [
        "C willDisappear(animated, out of)", "\(revealed) willAppear(animated)",
        "\(revealed) willDisappear(animated)", "C willAppear(animated)",
        "\(revealed) didDisappear(animated)", "C didAppear(animated)",
      ])
    expectWellFormed(fixture.all)
    // The stack pops as before: C's own inverse.
    try stack.pop()
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A", "B"])
    #expect(fixture.journal.plays.last.map { $0.content == "C" && $0.inverse } == true)
  }

  @Test("28. a cancelled interactive push leaves the stack as before; the content has left and may go elsewhere")
  func interactivePushCancelled() throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    let before = StackState(stack)
    let transition = try stack.pushInteractively(fixture["C"], with: Styles.turn)
    transition.update(progress: 0.6)
    #expect(names(stack.contents) == ["A", "B", "C"])
    transition.cancel()
    settle(stack, fixture.clock)
    let after = StackState(stack)
    #expect(after.names == before.names && after.layers == before.layers)
    #expect(zip(after.states, before.states).allSatisfy { maxDifference($0, $1) <= 1e-9 })
    #expect(maxDifference(after.stage, before.stage) <= 1e-9)
    #expect(
      fixture.journal.lifecycleLog == [
        "B willDisappear(animated)", "C willAppear(animated, into)",
        "C willDisappear(animated)", "B willAppear(animated)", "C didDisappear(animated)", "B didAppear(animated)",
      ])
    #expect(!fixture["C"].hasLayer)
    let other = try StackFixture(name: "other")
    try other.stack.push(fixture["C"], with: Styles.fade)
    expectWellFormed(fixture.all)
  }

  @Test("27. the release is continuous in position and velocity, settles exactly, and stays within [0, 1]")
  func release() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x2E1E_A5E))
    for _ in 0..<200 {
      let fixture = try showingAB()
      let transition = try fixture.stack.popInteractively()
      let p = Double.random(in: 0...1, using: &random)
      let v = Double.random(in: -8...8, using: &random)
      let finishing = Bool.random(using: &random)
      transition.update(progress: p)
      if finishing { transition.finish(velocity: v) } else { transition.cancel(velocity: v) }
      // Finite differences on the manual clock: h = 1e-6 s, so the velocity measured over the first step differs
      // from the release velocity by about h times the acceleration (at most 400 x 8 progress/s², stiffness times
      // the largest offset and velocity): below 1e-2.
      let h = 1e-6
      fixture.clock.advance(by: h)
      if transition.phase != .ended(finishing ? .finished : .cancelled) {
        #expect(abs(transition.progress - p) <= 1e-4, "no jump at the release: \(p) became \(transition.progress)")
        #expect(
          abs((transition.progress - p) / h - v) <= 1e-2 || transition.progress == 0 || transition.progress == 1,
          "the velocity just after the release, \((transition.progress - p) / h), is the release velocity \(v)")
      }
      var lowest = p
      var highest = p
      while transition.outcome == nil {
        fixture.clock.advance(by: 1.0 / 240)
        lowest = min(lowest, transition.progress)
        highest = max(highest, transition.progress)
      }
      #expect(lowest >= 0 && highest <= 1, "no overshoot: the progress went from \(lowest) to \(highest)")
      #expect(transition.outcome == (finishing ? .finished : .cancelled))
      expectWellFormed(fixture.all)
    }
  }

  @Test("27. a bouncy spring may carry the progress past its end; the states stop at the end")
  func bouncy() throws {
    let fixture = try showingAB()
    let transition = try fixture.stack.popInteractively()
    transition.update(progress: 0.5)
    transition.finish(velocity: 4, spring: .bouncy)
    var highest = 0.0
    while transition.outcome == nil {
      fixture.clock.advance(by: 1.0 / 240)
      highest = max(highest, transition.progress)
    }
    #expect(highest > 1, "the bouncy spring went past the end: \(highest)")
    #expect(names(fixture.stack.contents) == ["A"])
  }

  @Test(
    "29. a playing push grabbed does not jump, and is then finished or cancelled",
    arguments: [TransitionOutcome.finished, .cancelled], [0.1, 0.35])
  func grabbedPush(outcome: TransitionOutcome, elapsed: Double) throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    let before = StackState(stack)
    fixture.resetEvents()
    var reported: TransitionOutcome?
    try stack.push(fixture["B"], with: Styles.slideLeft) { reported = $0 }
    fixture.clock.advance(by: elapsed)
    let justBefore = layerStates(stack)
    let transition = try #require(stack.grab())
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "no jump at the grab")
    #expect(abs(transition.progress - elapsed / 0.4) <= 1e-9 && !transition.scrubsLinearly)
    fixture.clock.advance(by: 1)
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "held where it was grabbed")
    transition.update(progress: transition.progress)
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "scrubbed with the curves it played with")
    if outcome == .finished { transition.finish() } else { transition.cancel() }
    fixture.clock.advance(by: 1e-6)
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-3, "no jump at the release")
    settle(stack, fixture.clock)
    #expect(reported == outcome)
    if outcome == .finished {
      #expect(names(stack.contents) == ["A", "B"])
      #expect(
        fixture.journal.lifecycleLog == [
          "A willDisappear(animated)", "B willAppear(animated, into)",
          "A didDisappear(animated)", "B didAppear(animated, into)",
        ])
    } else {
      let after = StackState(stack)
      #expect(after.names == before.names && after.layers == before.layers)
      #expect(zip(after.states, before.states).allSatisfy { maxDifference($0, $1) <= 1e-9 })
      #expect(
        fixture.journal.lifecycleLog == [
          "A willDisappear(animated)", "B willAppear(animated, into)",
          "B willDisappear(animated)", "A willAppear(animated)", "B didDisappear(animated)", "A didAppear(animated)",
        ])
    }
    expectWellFormed(fixture.all)
  }

  @Test(
    "29. an interactive pop grabbed while its spring settles is held again with no jump, and can then be ended anew",
    arguments: [TransitionOutcome.finished, .cancelled])
  func grabbedWhileSettling(outcome: TransitionOutcome) throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    let transition = try stack.popInteractively()
    transition.update(progress: 0.5)
    transition.finish(velocity: 1)
    fixture.clock.advance(by: 0.05)
    let justBefore = layerStates(stack)
    #expect(stack.grab() === transition)
    #expect(transition.phase == .interactive && transition.velocity == 0)
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "no jump at the grab")
    fixture.clock.advance(by: 1)
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "held where it was grabbed")
    if outcome == .finished { transition.finish() } else { transition.cancel() }
    #expect(transition.phase == .settling(outcome))
    settle(stack, fixture.clock)
    #expect(transition.outcome == outcome)
    #expect(names(stack.contents) == (outcome == .finished ? ["A"] : ["A", "B"]))
    expectWellFormed(fixture.all)
  }

  @Test("29. a pop that reverses a push, grabbed and cancelled, leaves the push finished; the push reports finished")
  func grabbedReversal() throws {
    let fixture = try StackFixture.showingA()
    let stack = fixture.stack
    var pushed: TransitionOutcome?
    var popped: TransitionOutcome?
    try stack.push(fixture["B"], with: Styles.slideLeft) { pushed = $0 }
    fixture.clock.advance(by: 0.2)
    try stack.pop { popped = $0 }
    fixture.clock.advance(by: 0.05)
    let justBefore = layerStates(stack)
    let transition = try #require(stack.grab())
    #expect(stateDifference(justBefore, layerStates(stack)) <= 1e-9, "no jump at the grab")
    transition.cancel()
    settle(stack, fixture.clock)
    #expect(pushed == .finished && popped == .cancelled)
    #expect(names(stack.contents) == ["A", "B"])
    let forward = try expected(Styles.slideLeft, in: portrait)
    let states = layerStates(stack)
    #expect(maxDifference(states["B"] ?? LayerState(), forward.finalStates.appearing) <= 1e-9)
    #expect(maxDifference(states["A"] ?? LayerState(), forward.finalStates.disappearing) <= 1e-9)
    #expect(fixture["B"].phase == .appeared && fixture["A"].phase == .disappeared)
    expectWellFormed(fixture.all)
  }

  @Test(
    "30, 31. requests made during an interactive change wait; after a cancel those that no longer apply end cancelled")
  func queuedDuringInteractive() throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    var log: [String] = []
    let transition = try stack.popInteractively { log.append("pop \($0)") }
    try stack.push(fixture["C"], with: Styles.fade) { log.append("push C \($0)") }
    try stack.push(fixture["B"], with: Styles.fade) { log.append("push B \($0)") }  // B leaves with the pop
    try stack.setBounds(landscape) { log.append("bounds \($0)") }
    transition.update(progress: 0.5)
    #expect(stack.bounds == portrait, "the geometry change waits")
    #expect(fixture["C"].events.isEmpty)
    transition.cancel()
    settle(stack, fixture.clock)
    #expect(log == ["pop cancelled", "push B cancelled", "push C finished", "bounds finished"])
    #expect(names(stack.contents) == ["A", "B", "C"] && stack.bounds == landscape)
    expectWellFormed(fixture.all)
  }

  @Test(
    "30, 31. after a cancel, an insert below a content that will no longer be there ends cancelled, instead of landing on top unseen"
  )
  func insertBelowAGoneContent() throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    var log: [String] = []
    let transition = try stack.pushInteractively(fixture["C"], with: Styles.fade) { log.append("push C \($0)") }
    try stack.pop { log.append("pop \($0)") }  // of C, as if the push finished; after the cancel, of B
    try stack.insert(fixture["D"], at: 1, with: Styles.fade) { log.append("insert D \($0)") }  // below B
    transition.update(progress: 0.5)
    transition.cancel()
    settle(stack, fixture.clock)
    #expect(log == ["push C cancelled", "insert D cancelled", "pop finished"])
    #expect(names(stack.contents) == ["A"] && fixture["A"].phase == .appeared)
    let other = try StackFixture(name: "other")
    try other.stack.push(fixture["D"], with: Styles.fade)  // D never joined
    expectWellFormed(fixture.all)
  }

  @Test("31. a refused request never calls its completion; a waiting interactive request cancelled leaves the queue")
  func refusedAndWithdrawn() throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    var calls = 0
    expectError(.alreadyInContainer(content: "B", container: "stack", requestedBy: "stack")) {
      try stack.push(fixture["B"], with: Styles.fade) { _ in calls += 1 }
    }
    try stack.push(fixture["C"], with: Styles.fade)
    var outcome: TransitionOutcome?
    let waiting = try stack.popInteractively { outcome = $0 }
    #expect(waiting.phase == .waiting)
    waiting.update(progress: 0.3)
    waiting.cancel()
    #expect(outcome == .cancelled && waiting.outcome == .cancelled)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A", "B", "C"] && calls == 0)
    expectWellFormed(fixture.all)
  }

  @Test("31. the async forms return how the request ended, and throw a refusal at once")
  func asyncForms() async throws {
    let fixture = try showingAB()
    let stack = fixture.stack
    #expect(try await stack.push(fixture["C"], with: Styles.fade, animated: false) == .finished)
    #expect(try await stack.pop(to: 2) == .finished, "nothing to pop")
    #expect(try await stack.pop(animated: false) == .finished)
    stack.disappear()
    #expect(try await stack.popToRoot() == .finished, "a hidden stack changes at once")
    await #expect(throws: ContainerError.self) { try await stack.pop(to: 5) }
    #expect(names(stack.contents) == ["A"])
  }
}
