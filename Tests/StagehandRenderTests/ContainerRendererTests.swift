import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandRender
import StagehandTestSupport
import Testing

/// Issue 22, point 2: the container renderer draws any number of layers with the machinery of `FrameRenderer`.
@Suite("The container renderer")
struct ContainerRendererTests {
  static let bounds = Rect(x: 0, y: 0, width: 40, height: 30)
  static let from = TestPicture.noise(width: 40, height: 30, seed: 11).image
  static let to = TestPicture.noise(width: 40, height: 30, seed: 12).image

  /// The largest difference of any channel of any pixel between two frames.
  static func difference(_ a: Frame, _ b: Frame) -> Int {
    byteDifferences(a.rgbaBytes, b.rgbaBytes).largest
  }

  /// The frame `ContainerRenderer` draws for `frame`'s states: the layers `drawnLayers` lists, each one's picture
  /// the one `Scene` gives it.
  static func containerFrame(_ frame: FrameStates, renderer: ContainerRenderer) throws -> Frame {
    let toLayer = FrameStates.layerOfTo(inverse: frame.inverse)
    let layers = frame.drawnLayers.map { layer in
      PicturedLayer(
        DrawnLayer(frame.states[layer], stage: frame.states.stage, bounds: bounds),
        picture: layer == toLayer ? to : from)
    }
    let target = Frame(width: 40, height: 30)!
    try renderer.draw(layers, backdrop: frame.states.backdrop, into: target)
    return target
  }

  @Test(
    "two layers give exactly the pixels of Scene(from:to:), at every frame, forward and inverse",
    arguments: bundledNames)
  func sameAsScene(name: String) throws {
    let context = TransitionContext(bounds: Self.bounds)
    let scene = Scene(
      bounds: Self.bounds, width: 40, height: 30, background: RGB(20, 30, 40), from: Self.from, to: Self.to)
    let sceneRenderer = FrameRenderer(scene: scene)
    let renderer = try ContainerRenderer(bounds: Self.bounds, width: 40, height: 30, background: RGB(20, 30, 40))
    var worst = 0
    for inverse in [false, true] {
      let animation =
        try inverse
        ? bundledRegistry.inverse(Transition(name), in: context)
        : bundledRegistry.forward(Transition(name), in: context)
      for states in RenderJob.frames(of: animation, inverse: inverse, fps: 30) {
        let expected = Frame(width: 40, height: 30)!
        sceneRenderer.draw(states, into: expected)
        worst = max(worst, Self.difference(expected, try Self.containerFrame(states, renderer: renderer)))
      }
    }
    #expect(worst == 0, "\(name): a channel differs by \(worst) of 255")
  }

  @Test("a turned-away layer is not drawn, and a clipped layer is drawn inside its clip only")
  func turnedAwayAndClipped() throws {
    let renderer = try ContainerRenderer(bounds: Self.bounds, width: 40, height: 30, background: RGB(0, 0, 255))
    var turned = LayerState()
    turned.rotation = Rotation(angle: .pi, axis: Vector3(x: 0, y: 1, z: 0))
    let away = DrawnLayer(turned, stage: LayerState(), bounds: Self.bounds)
    #expect(!away.isFrontFacing)
    let blank = try renderer.image(of: [PicturedLayer(away, picture: Self.to)])
    #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { blank[$0, y] == RGBA(0, 0, 255) } })

    var clipped = LayerState()
    clipped.clip.insets = Insets(top: 0.5, right: 0.25, bottom: 0, left: 0.25)  // fractions: x 10..<30, y 15..<30
    let image = try renderer.image(of: [
      PicturedLayer(DrawnLayer(clipped, stage: LayerState(), bounds: Self.bounds), picture: Self.to)
    ])
    var inside = 0
    for y in 0..<30 {
      for x in 0..<40 {
        if (10..<30).contains(x) && (15..<30).contains(y) {
          #expect(image[x, y] == Self.to[x, y], "(\(x), \(y)) inside the clip")
          inside += 1
        } else {
          #expect(image[x, y] == RGBA(0, 0, 255), "(\(x), \(y)) outside the clip")
        }
      }
    }
    #expect(inside == 300)
  }

  @Test("a three-layer stack during a flip: layersToDraw gives the two-layer frame; the third would show through")
  func stackDuringAPush() throws {
    let clock = ManualClock()
    let stack = try Stack(builder: bundledRegistry, clock: clock, bounds: Self.bounds, capacity: 3)
    let contents = ["home", "list", "detail"].map { RecordingContent($0) }
    let third = TestPicture.noise(width: 40, height: 30, seed: 13).image
    let pictures = [
      ObjectIdentifier(contents[0]): third, ObjectIdentifier(contents[1]): Self.from,
      ObjectIdentifier(contents[2]): Self.to,
    ]
    stack.appear()
    try stack.push(contents[0], with: Transition("cross-dissolve"), animated: false)
    try stack.push(contents[1], with: Transition("cover"), animated: false)  // home stays in place below
    try stack.push(contents[2], with: Transition("flip"))
    let flip = try bundledRegistry.forward(Transition("flip"), in: TransitionContext(bounds: Self.bounds))
    let time = flip.duration * 0.3
    clock.advance(by: time)
    #expect(stack.presentedLayers.map(\.content.name) == ["home", "list", "detail"], "the capacity keeps 3 attached")
    #expect(stack.layersToDraw.map(\.content.name) == ["list", "detail"])
    let renderer = try ContainerRenderer(bounds: Self.bounds, width: 40, height: 30)
    func frame(_ layers: [PresentedLayer]) throws -> Frame {
      let target = Frame(width: 40, height: 30)!
      try renderer.draw(
        layers.map { PicturedLayer($0.drawn, picture: pictures[ObjectIdentifier($0.content)]!) },
        backdrop: stack.backdrop,
        into: target)
      return target
    }
    let scene = Scene(
      bounds: Self.bounds, width: 40, height: 30, background: RGB(0, 0, 0), from: Self.from, to: Self.to)
    let expected = Frame(width: 40, height: 30)!
    FrameRenderer(scene: scene).draw(FrameStates(flip, at: time, inverse: false), into: expected)
    #expect(Self.difference(try frame(stack.layersToDraw), expected) == 0, "the flip's own frame")
    let everything = Self.difference(try frame(stack.presentedLayers), expected)
    #expect(everything > 0, "drawing every attached layer shows the third through the flip's gaps")
  }

  @Test("a bad size, bounds or target is refused with a typed error; no layer draws the background and the backdrop")
  func sizesAndEmptyFrames() throws {
    #expect(throws: ContainerRendererError.invalidSize(width: 0, height: 30)) {
      try ContainerRenderer(bounds: Self.bounds, width: 0, height: 30)
    }
    let notFinite = Rect(x: 0, y: 0, width: .nan, height: 1)
    #expect(throws: ContainerRendererError.self) { try ContainerRenderer(bounds: notFinite, width: 4, height: 3) }
    let renderer = try ContainerRenderer(bounds: Self.bounds, width: 40, height: 30, background: RGB(0, 0, 0))
    let error = #expect(throws: ContainerRendererError.self) {
      try renderer.draw([], into: Frame(width: 20, height: 30)!)
    }
    #expect(error?.description.contains("the frame is 20x30 pixels, but the renderer draws 40x30") == true)
    let image = try renderer.image(of: [], backdrop: Backdrop(red: 1, green: 1, blue: 1, opacity: 1))
    #expect(image[3, 4] == RGBA(255, 255, 255))
  }
}
