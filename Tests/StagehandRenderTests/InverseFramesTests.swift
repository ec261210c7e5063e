import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// The inverse law, seen in pixels: every bundled style's inverse draws its forward's frames in reverse order.
@Suite("Inverse frames")
struct InverseFramesTests {
  @Test("the inverse's frames are the forward's in reverse order, pixel for pixel", arguments: bundledNames)
  func reversed(name: String) throws {
    let bounds = Rect(x: 0, y: 0, width: 40, height: 30)
    let context = TransitionContext(bounds: bounds)
    let forward = try bundledRegistry.forward(Transition(name), in: context)
    let inverse = try bundledRegistry.inverse(Transition(name), in: context)
    let scene = Scene(
      bounds: bounds, width: 40, height: 30, background: RGB(0, 0, 0),
      from: TestPicture.noise(width: 40, height: 30, seed: 3).image,
      to: TestPicture.noise(width: 40, height: 30, seed: 4).image)
    let renderer = FrameRenderer(scene: scene)
    func pixels(_ frames: [FrameStates]) -> [[UInt8]] {
      frames.map { states in
        let frame = Frame(width: 40, height: 30)!
        renderer.draw(states, into: frame)
        return frame.rgbaBytes
      }
    }
    let forwardFrames = pixels(RenderJob.frames(of: forward, inverse: false, fps: 20))
    let inverseFrames = pixels(RenderJob.frames(of: inverse, inverse: true, fps: 20))
    #expect(forwardFrames.count == inverseFrames.count)
    // An instant transition (`none`, CoconutKit's HLSTransitionNone: no step, 0 s) has one frame, its end: the
    // forward's shows the content it brings in and the inverse's the one it reveals, so neither reverses the other.
    guard forward.duration > 0 else { return }
    #expect(forwardFrames.count >= 2)
    for (index, frame) in inverseFrames.enumerated() {
      #expect(frame == forwardFrames[forwardFrames.count - 1 - index], "inverse frame \(index)")
    }
  }

  @Test(
    "every style starts on the content it hides and ends on the content it brings in, exactly",
    arguments: bundledNames)
  func startAndEnd(name: String) throws {
    let bounds = Rect(x: 0, y: 0, width: 40, height: 30)
    let forward = try bundledRegistry.forward(Transition(name), in: TransitionContext(bounds: bounds))
    let from = TestPicture.noise(width: 40, height: 30, seed: 5)
    let to = TestPicture.noise(width: 40, height: 30, seed: 6)
    let scene = Scene(bounds: bounds, width: 40, height: 30, background: RGB(0, 0, 0), from: from.image, to: to.image)
    let frames = RenderJob.frames(of: forward, inverse: false, fps: 20)
    let renderer = FrameRenderer(scene: scene)
    let first = Frame(width: 40, height: 30)!
    let last = Frame(width: 40, height: 30)!
    renderer.draw(frames[0], into: first)
    renderer.draw(frames[frames.count - 1], into: last)
    // An instant transition (`none`) has one frame, its end, which shows the content it brings in.
    #expect(first.decoded == (forward.duration > 0 ? from.picture : to.picture))
    #expect(last.decoded == to.picture)
  }

  @Test("frames run from the start to the end, both included, round(duration x fps) of them")
  func frameTimes() {
    #expect(FrameStates.frameCount(duration: 20, fps: 30) == 600)
    #expect(FrameStates.frameCount(duration: 0.4, fps: 30) == 12)
    #expect(FrameStates.frameCount(duration: 0.01, fps: 30) == 2)
    #expect(FrameStates.frameCount(duration: 0, fps: 30) == 1)
    #expect(FrameStates.frameCount(duration: 1e9, fps: 30) == FrameStates.frameBudget + 1)
  }
}
