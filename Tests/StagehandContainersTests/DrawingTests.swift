import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// What a frame draws: only the layers a transition moves (never a third content kept attached below it), each
/// with its transform, quad, facing, opacity and clip ready for any toolkit.
@Suite("Drawing a container's frame")
struct DrawingTests {
  @Test("during a push over two contents, the frame draws the two it moves, not the third kept attached below")
  func onlyTheInvolvedLayers() throws {
    let fixture = try StackFixture(capacity: 3)
    fixture.stack.appear()
    try fixture.push("root", Styles.fade)
    try fixture.push("home", Styles.fade)
    try fixture.stack.push(fixture["detail"], with: Styles.turn)
    fixture.clock.advance(by: 0.3)
    #expect(names(fixture.stack.presentedLayers.map(\.content)).contains("root"), "root is attached")
    #expect(names(fixture.stack.layersToDraw.map(\.content)) == ["home", "detail"])
    settle(fixture.stack, fixture.clock)
    #expect(names(fixture.stack.layersToDraw.map(\.content)) == ["detail"], "at rest: the top content only")
    // A pop draws the two it moves too, in its draw order.
    try fixture.stack.pop()
    fixture.clock.advance(by: 0.1)
    #expect(Set(names(fixture.stack.layersToDraw.map(\.content))) == ["home", "detail"])
  }

  @Test("a drawn layer at rest fills the container, faces the viewer, with the identity transform")
  func atRest() {
    let bounds = Rect(x: 10, y: 20, width: 320, height: 480)
    let drawn = DrawnLayer(.identity, stage: .identity, bounds: bounds)
    #expect(drawn.transform == .identity)
    #expect(
      drawn.quad
        == Quad(
          topLeft: Point(x: 10, y: 20), topRight: Point(x: 330, y: 20), bottomRight: Point(x: 330, y: 500),
          bottomLeft: Point(x: 10, y: 500)))
    #expect(drawn.isFrontFacing && drawn.isVisible && drawn.opacity == 1 && drawn.clip == .none)
  }

  @Test("a layer turned past a quarter turn about y shows its back; edge-on and transparent layers are not visible")
  func facing() {
    let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
    var stage = LayerState.identity
    stage.perspective = 1.0 / 800
    for (degrees, facing) in [(0.0, true), (60, true), (89, true), (91, false), (180, false)] {
      var state = LayerState.identity
      state.rotation = Rotation(angle: degrees * .pi / 180, axis: Vector3(x: 0, y: 1, z: 0))
      let drawn = DrawnLayer(state, stage: stage, bounds: bounds)
      #expect(drawn.isFrontFacing == facing, "\(degrees)°")
    }
    var edgeOn = LayerState.identity
    edgeOn.rotation = Rotation(angle: .pi / 2, axis: Vector3(x: 0, y: 1, z: 0))
    #expect(!DrawnLayer(edgeOn, stage: stage, bounds: bounds).isVisible)
    var transparent = LayerState.identity
    transparent.opacity = 0
    #expect(!DrawnLayer(transparent, stage: stage, bounds: bounds).isVisible)
  }

  @Test("the transform is the one the quad comes from, and its column-major elements hold the translation at 12-14")
  func transformAndQuadAgree() {
    let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    var state = LayerState.identity
    state.translation = Vector3(x: 30, y: -5, z: 0)
    state.scale = Vector3(x: 0.5, y: 0.5, z: 1)
    let drawn = DrawnLayer(state, stage: .identity, bounds: bounds)
    let corner = drawn.transform.project(Vector3(x: 200, y: 100, z: 0))
    #expect(corner.map { Point(x: $0.x, y: $0.y) } == drawn.quad?.bottomRight)
    #expect(drawn.quad?.topLeft == Point(x: 80, y: 20), "scaled about the centre, then moved")
    let elements = Transform3D.translation(Vector3(x: 1, y: 2, z: 3)).columnMajorElements
    #expect(Array(elements[12...14]) == [1, 2, 3] && elements[15] == 1 && elements[3] == 0)
  }
}

/// The frame's timestamp and the layer's size: what a toolkit's frame callback and layer factory need.
@Suite("Framework fit: frame timestamps and layer sizes")
struct FrameworkFitTests {
  /// A content that records the sizes its layer was made at.
  final class SizedContent: Content {
    let name: String
    var sizes: [Size] = []
    init(_ name: String) { self.name = name }
    func loadLayer(size: Size) { sizes.append(size) }
    func receive(_ event: LifecycleEvent) {}
  }

  @Test("tick(at:) samples at the frame's timestamp and holds now there until the next tick; time never runs back")
  func frameTimestamps() {
    let clock = SystemClock()
    let frame = ContinuousClock.now.advanced(by: .milliseconds(250))
    clock.tick(at: frame)
    #expect(abs(clock.now - 0.25) < 0.05, "now is the frame's time: \(clock.now)")
    let held = clock.now
    #expect(clock.now == held, "held until the next tick")
    clock.tick(at: frame.advanced(by: .milliseconds(-100)))
    #expect(clock.now == held, "an earlier timestamp does not take the clock back")
    clock.tick()
    #expect(clock.now >= held, "a plain tick reads the live time again, never earlier")
  }

  @Test("a content's layer is made at the size it is shown at: the stack's bounds, or its slot's")
  func layerSizes() throws {
    let clock = ManualClock()
    let stack = try Stack(builder: TestTransitions(), clock: clock, bounds: Rect(x: 0, y: 0, width: 300, height: 200))
    let home = SizedContent("home")
    try stack.push(home, with: Styles.fade, animated: false)
    stack.appear()
    #expect(home.sizes == [Size(width: 300, height: 200)])
    let slot = Rect(x: 10, y: 10, width: 120, height: 90)
    let placeholder = Placeholder(builder: TestTransitions(), clock: clock, slots: [slot])
    let tile = SizedContent("tile")
    try placeholder.set(tile, inSlot: 0, with: Styles.fade, animated: false)
    placeholder.appear()
    #expect(tile.sizes == [Size(width: 120, height: 90)])
  }
}
