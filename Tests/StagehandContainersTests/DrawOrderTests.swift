import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// ABI 1.1 in the containers: the content a transition draws on top is presented last, and the backdrop of a fade
/// through a colour is the container's while the transition plays; at rest, the stack's order and no backdrop.
@Suite("Draw order and backdrop in the containers")
struct DrawOrderTests {
  @Test("a reveal presents the leaving content over the one it uncovers, then only the new content on top")
  func revealInAStack() throws {
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    try stack.push(fixture["B"], with: Transition("reveal-to-left"), duration: .seconds(1))
    fixture.clock.advance(by: 0.5)
    #expect(names(stack.presentedLayers.map(\.content)) == ["B", "A"], "A slides away over B")
    settle(stack, fixture.clock)
    #expect(names(stack.presentedLayers.map(\.content)).last == "B")
    // The pop plays the inverse: A slides back in, over B.
    try stack.pop()
    fixture.clock.advance(by: 0.2)
    #expect(names(stack.presentedLayers.map(\.content)) == ["B", "A"])
    settle(stack, fixture.clock)
    #expect(names(stack.presentedLayers.map(\.content)) == ["A"])
  }

  @Test("a push presents the stack's order: the pushed content on top")
  func pushKeepsTheOrder() throws {
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    try stack.push(fixture["B"], with: Transition("push-from-left"), duration: .seconds(1))
    fixture.clock.advance(by: 0.5)
    #expect(names(stack.presentedLayers.map(\.content)) == ["A", "B"])
    settle(stack, fixture.clock)
  }

  @Test("a fade through black gives the stack an opaque black backdrop while it plays, none at rest")
  func backdropInAStack() throws {
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    #expect(stack.backdrop == .none)
    try stack.push(fixture["B"], with: Transition("fade-through-black"), duration: .seconds(1))
    fixture.clock.advance(by: 0.5)
    #expect(stack.backdrop.opacity == 1 && stack.backdrop.red == 0)
    settle(stack, fixture.clock)
    #expect(stack.backdrop == .none)
  }

  @Test("in a placeholder slot, a reveal draws the leaving content on top, and the backdrop follows the transition")
  func placeholder() throws {
    let clock = ManualClock()
    let board = Placeholder(name: "board", builder: pluginRegistry, clock: clock, slots: [portrait])
    board.appear()
    let a = RecordingContent("A")
    let b = RecordingContent("B")
    try board.set(a, inSlot: 0, with: Transition("cross-dissolve"), animated: false)
    try board.set(b, inSlot: 0, with: Transition("reveal-to-top"), duration: .seconds(1))
    clock.advance(by: 0.5)
    #expect(names(board.presentedLayers(inSlot: 0).map(\.content)) == ["B", "A"])
    settle(board, clock)
    #expect(names(board.presentedLayers(inSlot: 0).map(\.content)) == ["B"])
    try board.set(a, inSlot: 0, with: Transition("fade-through-white"), duration: .seconds(1))
    clock.advance(by: 0.5)
    #expect(board.backdrop(ofSlot: 0) == Backdrop(red: 1, green: 1, blue: 1, opacity: 1))
    settle(board, clock)
    #expect(board.backdrop(ofSlot: 0) == .none)
  }
}
