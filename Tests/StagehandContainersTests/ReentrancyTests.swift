import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Requests made from lifecycle handlers join the request queue, whatever plays: a push, a pop, or a push reversed by
/// a pop (which starts outside the queue).
@Suite("Requests from lifecycle handlers")
struct ReentrancyTests {
  /// A shown stack with `home` (above `root` when asked), and `detail`'s slide playing for 0.1 s.
  func homeWithDetailPlaying(root: Bool = false) throws -> StackFixture {
    let fixture = try StackFixture()
    if root { try fixture.push("root", Styles.fade) }
    try fixture.push("home", Styles.fade)
    fixture.stack.appear()
    try fixture.stack.push(fixture["detail"], with: Styles.slideLeft)
    fixture.clock.advance(by: 0.1)
    return fixture
  }

  @Test("a push made from willAppear while a pop reverses a playing push waits for the reversal, then plays")
  func pushFromWillAppearDuringReversal() throws {
    let fixture = try homeWithDetailPlaying()
    let stack = fixture.stack
    let login = fixture["login"]
    var pushed = false
    // Weakly, as an application would: the stack holds home, which holds this handler.
    fixture["home"].onEvent = { [weak stack] event in
      guard event.kind == .willAppear, !pushed else { return }
      pushed = true
      try? stack?.push(login, with: Styles.slideTop)
    }
    fixture.resetEvents()
    try stack.pop()
    #expect(pushed)
    #expect(login.events.isEmpty, "the push waits for the reversal")
    #expect(names(stack.contents) == ["home", "detail"])
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["home", "login"])
    #expect(
      fixture.journal.log == [
        "detail willDisappear(animated, out of)", "home willAppear(animated)", "play detail inverse",
        "detail didDisappear(animated, out of)", "home didAppear(animated)",
        "home willDisappear(animated)", "login willAppear(animated, into)", "play login forward",
        "home didDisappear(animated)", "login didAppear(animated, into)",
      ])
    #expect(fixture.journal.plays.last?.content == "login", "login's push is animated")
    #expect(login.phase == .appeared && fixture["home"].phase == .disappeared)
    expectWellFormed(fixture.all)
  }

  @Test("a pop made from willDisappear while a pop reverses a playing push runs once, after it")
  func popFromWillDisappearDuringReversal() throws {
    let fixture = try homeWithDetailPlaying(root: true)
    let stack = fixture.stack
    var popped = 0
    fixture["detail"].onEvent = { [weak stack] event in
      guard event.kind == .willDisappear, popped == 0 else { return }
      popped += 1
      try? stack?.pop()
    }
    fixture.resetEvents()
    try stack.pop()
    #expect(popped == 1)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["root"], "both pops happened: detail's reversal, then home's pop")
    #expect(
      fixture.journal.log == [
        "detail willDisappear(animated, out of)", "home willAppear(animated)", "play detail inverse",
        "detail didDisappear(animated, out of)", "home didAppear(animated)",
        "home willDisappear(animated, out of)", "root willAppear(animated)", "play home inverse",
        "home didDisappear(animated, out of)", "root didAppear(animated)",
      ])
    expectWellFormed(fixture.all)
  }

  @Test("a push made from didDisappear waits until the arriving content has had its didAppear")
  func pushFromDidDisappear() throws {
    let fixture = try StackFixture()
    let stack = fixture.stack
    try fixture.push("home", Styles.fade)
    stack.appear()
    var pushed = false
    fixture["home"].onEvent = { [weak stack, login = fixture["login"]] event in
      guard event.kind == .didDisappear, !pushed else { return }
      pushed = true
      try? stack?.push(login, with: Styles.fade)
    }
    fixture.resetEvents()
    try stack.push(fixture["detail"], with: Styles.slideLeft)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["home", "detail", "login"])
    #expect(
      fixture.journal.lifecycleLog == [
        "home willDisappear(animated)", "detail willAppear(animated, into)",
        "home didDisappear(animated)", "detail didAppear(animated, into)",
        "detail willDisappear(animated)", "login willAppear(animated, into)",
        "detail didDisappear(animated)", "login didAppear(animated, into)",
      ])
    expectWellFormed(fixture.all)
  }

  @Test("a placeholder's set made from didDisappear waits until the arriving content has had its didAppear")
  func placeholderSetFromDidDisappear() throws {
    let clock = ManualClock()
    let placeholder = Placeholder(builder: TestTransitions(), clock: clock, slots: [portrait])
    let journal = Journal()
    placeholder.observer = journal
    let (a, b, c) = (RecordingContent("A"), RecordingContent("B"), RecordingContent("C"))
    try placeholder.set(a, inSlot: 0, with: Styles.fade)
    placeholder.appear()
    a.onEvent = { [weak placeholder] event in
      if event.kind == .didDisappear { try? placeholder?.set(c, inSlot: 0, with: Styles.fade) }
    }
    journal.reset()
    try placeholder.set(b, inSlot: 0, with: Styles.slideLeft)
    settle(placeholder, clock)
    #expect(placeholder.content(inSlot: 0) === c)
    #expect(
      journal.lifecycleLog == [
        "A willDisappear(animated, out of)", "B willAppear(animated, into)",
        "A didDisappear(animated, out of)", "B didAppear(animated, into)",
        "B willDisappear(animated, out of)", "C willAppear(animated, into)",
        "B didDisappear(animated, out of)", "C didAppear(animated, into)",
      ])
    expectWellFormed([a, b, c])
  }
}
