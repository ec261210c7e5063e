import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// The borrowing way to read a stack's layers (`forEachBorrowedLayer`, `forEachBorrowedLayerToDraw`) gives the very
/// layers of `presentedLayers` and `layersToDraw`, in the same order, read where the stack keeps them.
@Suite("Reading a stack's layers where they are kept")
struct BorrowedLayerTests {
  static let seed = SeededGenerator.testSeed(0xB0_4404)
  /// Every style and preset of the bundled plugins.
  static let styleNames: [String] = InteractiveCorpusTests.styleNames

  /// The layers `visit` lends, copied; each copy checked against the fields read in place.
  func lent(_ visit: ((borrowing BorrowedLayer) -> Void) -> Void) -> [PresentedLayer] {
    var layers: [PresentedLayer] = []
    visit { layer in
      let copy = layer.presentedLayer
      // What is read in place is what the copy holds.
      #expect(copy.content === layer.content)
      #expect(copy.state == layer.state && copy.stage == layer.stage && copy.bounds == layer.bounds)
      #expect(copy.drawn == layer.drawn)
      layers.append(copy)
    }
    return layers
  }

  /// The largest difference between the states, stages and bounds of `layers` and `other` (infinity when the
  /// contents differ, in number or order).
  func difference(_ layers: [PresentedLayer], _ other: [PresentedLayer]) -> Double {
    guard layers.count == other.count, zip(layers, other).allSatisfy({ $0.content === $1.content }) else {
      return .infinity
    }
    return zip(layers, other).map { a, b in
      max(maxDifference(a.state, b.state), maxDifference(a.stage, b.stage), a.bounds == b.bounds ? 0 : .infinity)
    }.max() ?? 0
  }

  /// A stack of capacity 3 at rest, with A below B: A stays attached below the transitions that follow.
  static func restingStack() throws -> StackFixture {
    let fixture = try StackFixture(builder: pluginRegistry, capacity: 3)
    try fixture.push("A", Transition("cross-dissolve"))
    fixture.stack.appear()
    try fixture.push("B", Transition("cross-dissolve"))
    settle(fixture.stack, fixture.clock)
    return fixture
  }

  /// Checks that both borrowing readers give the layers of their copying counterparts, and the stack's stage.
  func check(_ stack: Stack, _ label: String) {
    let presented = lent { stack.forEachBorrowedLayer($0) }
    #expect(difference(presented, stack.presentedLayers) == 0, "\(label)")
    #expect(difference(lent { stack.forEachBorrowedLayerToDraw($0) }, stack.layersToDraw) == 0, "\(label)")
    #expect(presented.allSatisfy { $0.stage == stack.stage }, "the stage: \(label)")
  }

  @Test(
    "every bundled style and preset: the same layers at rest, while a push and a pop are driven at random progresses, and after",
    arguments: styleNames)
  func everyStyle(name: String) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash(name))
    let label = "\(name); replay with STAGEHAND_TEST_SEED=\(Self.seed)"
    // Capacity 3: A stays attached below the transitions of B and C, and takes no part in them.
    let fixture = try Self.restingStack()
    let stack = fixture.stack
    check(stack, "at rest: \(label)")
    let push = try stack.pushInteractively(fixture["C"], with: Transition(name))
    for _ in 0..<4 {
      push.update(progress: .random(in: 0...1, using: &random))
      check(stack, "push at \(push.progress): \(label)")
    }
    push.finish()
    fixture.clock.advance(by: 0.05)
    check(stack, "while the push springs: \(label)")
    settle(stack, fixture.clock)
    check(stack, "pushed: \(label)")
    let pop = try stack.popInteractively()
    for _ in 0..<4 {
      pop.update(progress: .random(in: 0...1, using: &random))
      check(stack, "pop at \(pop.progress): \(label)")
    }
    pop.cancel()
    settle(stack, fixture.clock)
    check(stack, "after the cancelled pop: \(label)")
    try stack.pop()
    fixture.clock.advance(by: 0.1)
    check(stack, "while a pop plays: \(label)")
    settle(stack, fixture.clock)
    check(stack, "popped: \(label)")
  }

  @Test("a lent layer refers to the states where the stack keeps them: an update made while it is lent shows in it")
  func refersInPlace() throws {
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    try fixture.push("B", Transition("push-from-right"))
    settle(stack, fixture.clock)
    let pop = try stack.popInteractively()
    pop.update(progress: 0.2)
    var seen: [(before: LayerState, after: LayerState, expected: LayerState)] = []
    stack.forEachBorrowedLayer { layer in
      let before = layer.state
      pop.update(progress: pop.progress == 0.2 ? 0.7 : 0.2)
      let expected = stack.presentedLayers.first { $0.content === layer.content }?.state
      seen.append((before, layer.state, expected ?? .identity))
    }
    #expect(seen.count == 2)
    for (before, after, expected) in seen {
      #expect(after == expected, "the lent state is the stack's after the update")
      #expect(after != before, "the update moved the layer (the push moves both)")
    }
    pop.cancel()
    settle(stack, fixture.clock)
  }

  @Test("the closure may change the stack, and may throw: the layers lent stay readable, and the error comes out")
  func changesFromTheClosure() throws {
    struct Stop: Error {}
    let fixture = try Self.restingStack()
    let stack = fixture.stack
    // A push at rest starts at once and makes a new array of items, while the old one is lent.
    var visited: [String] = []
    try stack.forEachBorrowedLayer { layer in
      visited.append(layer.content.name)
      if layer.content.name == "A" {
        try stack.push(fixture["C"], with: Transition("flip-horizontally"), animated: false)
        try stack.push(fixture["D"], with: Transition("cube"))
      }
      #expect(layer.state.opacity.isFinite && layer.stage.perspective.isFinite)
    }
    #expect(visited == ["A", "B"], "the layers of the stack when the reading began")
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A", "B", "C", "D"])
    #expect(throws: Stop.self) {
      try stack.forEachBorrowedLayerToDraw { _ in throw Stop() }
    }
    #expect(difference(lent { stack.forEachBorrowedLayer($0) }, stack.presentedLayers) == 0)
  }

  @Test("an empty stack lends no layer; a shown one its attached layers")
  func empty() throws {
    let fixture = try StackFixture(builder: pluginRegistry)
    var count = 0
    fixture.stack.forEachBorrowedLayer { _ in count += 1 }
    fixture.stack.forEachBorrowedLayerToDraw { _ in count += 1 }
    #expect(count == 0)
    try fixture.push("A", Transition("cross-dissolve"))
    fixture.stack.appear()
    fixture.stack.forEachBorrowedLayer { _ in count += 1 }
    fixture.stack.forEachBorrowedLayerToDraw { _ in count += 1 }
    #expect(count == 2 && fixture.stack.presentedLayers.count == 1)
  }
}
