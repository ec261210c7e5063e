import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// The non-allocating ways to read what a container presents (`forEachPresentedLayer`, `forEachLayerToDraw`) give the
/// very layers of `presentedLayers` and `layersToDraw`, in the same order.
@Suite("Reading the layers without an array")
struct ForEachLayerTests {
  /// The names of `layers` and the largest difference between their states, stages and bounds and those of `other`
  /// (infinity when the contents differ).
  func difference(_ layers: [PresentedLayer], _ other: [PresentedLayer]) -> Double {
    guard names(layers.map(\.content)) == names(other.map(\.content)) else { return .infinity }
    return zip(layers, other).map { a, b in
      max(maxDifference(a.state, b.state), maxDifference(a.stage, b.stage), a.bounds == b.bounds ? 0 : .infinity)
    }.max() ?? 0
  }

  func visited(_ visit: ((PresentedLayer) -> Void) -> Void) -> [PresentedLayer] {
    var layers: [PresentedLayer] = []
    visit { layers.append($0) }
    return layers
  }

  @Test("a stack: the same layers, at rest, during a reveal (raised last) and with a third layer kept attached")
  func stack() throws {
    let fixture = try StackFixture(builder: pluginRegistry, capacity: 3)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    try fixture.push("B", Transition("cross-dissolve"))
    settle(stack, fixture.clock)
    var checks = 0
    func check(_ when: String) {
      #expect(difference(visited { stack.forEachPresentedLayer($0) }, stack.presentedLayers) == 0, "\(when)")
      #expect(difference(visited { stack.forEachLayerToDraw($0) }, stack.layersToDraw) == 0, "\(when)")
      checks += 1
    }
    check("at rest")
    try stack.push(fixture["C"], with: Transition("reveal-to-left"), duration: .seconds(1))
    fixture.clock.advance(by: 0.4)
    #expect(names(stack.presentedLayers.map(\.content)) == ["A", "C", "B"], "B is raised over C; A stays attached")
    #expect(names(stack.layersToDraw.map(\.content)) == ["C", "B"])
    check("during the reveal")
    settle(stack, fixture.clock)
    let pop = try stack.popInteractively()
    pop.update(progress: 0.3)
    check("during an interactive pop")
    pop.cancel()
    settle(stack, fixture.clock)
    check("after the cancel")
    #expect(checks == 4)
  }

  @Test("a placeholder slot: the same layers, at rest and during a reveal that draws the leaving content on top")
  func placeholder() throws {
    let clock = ManualClock()
    let board = Placeholder(name: "board", builder: pluginRegistry, clock: clock, slots: [portrait])
    board.appear()
    try board.set(RecordingContent("A"), inSlot: 0, with: Transition("cross-dissolve"), animated: false)
    try board.set(RecordingContent("B"), inSlot: 0, with: Transition("reveal-to-top"), duration: .seconds(1))
    clock.advance(by: 0.5)
    let during = visited { board.forEachPresentedLayer(inSlot: 0, $0) }
    #expect(names(during.map(\.content)) == ["B", "A"])
    #expect(difference(during, board.presentedLayers(inSlot: 0)) == 0)
    settle(board, clock)
    #expect(difference(visited { board.forEachPresentedLayer(inSlot: 0, $0) }, board.presentedLayers(inSlot: 0)) == 0)
    #expect(visited { board.forEachPresentedLayer(inSlot: 1, $0) }.isEmpty, "a slot that does not exist has none")
  }
}
