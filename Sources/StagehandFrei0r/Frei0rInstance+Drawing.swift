import CStagehandImages
import StagehandAnimation
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

extension Frei0rInstance {
  /// The background behind both inputs, where a style shows neither (a cube turning, a zoom): black, as video tools
  /// have it.
  static let background = RGB(0, 0, 0)

  /// The progress the `position` parameter gives, 0 to 1.
  var position: Double {
    guard let index = module.parameters.firstIndex(where: { $0.role == .position }),
      case .number(let number) = values[index]
    else { return 0 }
    return number
  }

  /// Draws one frame of the transition from `first` to `second` (straight-alpha RGBA, as `F0R_COLOR_MODEL_RGBA8888`
  /// says, `width` x `height` pixels each) into `output`, at the progress `position` gives: 0 shows `first`, 1 shows
  /// `second`. With `inverse`, `first` is the content the inverse takes away and `second` the one it reveals again.
  ///
  /// The frame is drawn by `FrameRenderer`, as `stagehand render` draws it, over an opaque black background, so the
  /// output is opaque: from the inputs as they are when both are opaque (`drawAsTheyAre`), else from converted copies.
  /// When the parameters changed and the new animation cannot be built, the previous one plays (and a line on standard
  /// error says why, once).
  func update(first: UnsafePointer<UInt32>, second: UnsafePointer<UInt32>, output: UnsafeMutablePointer<UInt32>) {
    if stale {
      stale = false
      do {
        (animation, animationIsInverse) = try build()
      } catch {
        report("\(error); the previous parameters play")
      }
    }
    let count = width * height
    // The scene follows the animation drawn: after a build that failed, the previous one, inverse or not.
    let inverse = animationIsInverse
    let progress = position
    // An instant animation (the style `none`) cuts halfway.
    if animation.duration == 0, progress < 0.5 {
      output.update(from: first, count: count)
      return
    }
    let states = FrameStates(animation, at: progress * animation.duration, inverse: inverse)
    if drawAsTheyAre(first: first, second: second, output: output, states: states, inverse: inverse) { return }
    guard let firstPicture = refill(&self.firstPicture, from: first),
      let secondPicture = refill(&self.secondPicture, from: second)
    else {
      report("out of memory for the pictures of \(width)x\(height) pixels; input 1 shown")
      output.update(from: first, count: count)
      return
    }
    // Drawn straight into the host's output (the pictures are copies, so the output may be an input too), then
    // turned into straight RGBA in place: no frame of the instance's own and no copy of it.
    guard let frame = Frame(width: width, height: height, borrowing: UnsafeMutableRawPointer(output)) else {
      report("out of memory for a frame of \(width)x\(height) pixels; input 1 shown")
      output.update(from: first, count: count)
      return
    }
    draw(states, first: firstPicture, second: secondPicture, inverse: inverse, exchanged: false, into: frame)
    Self.makeStraight(output, count: count)
  }

  /// Draws `states` into `frame` over the black background, with `first` and `second` as the forward animation's
  /// contents (the other way round when `inverse`); `exchanged` when the pictures' bytes are R, G, B, A
  /// (`Scene.exchangesRedAndBlue`).
  private func draw(
    _ states: FrameStates, first: PixelImage, second: PixelImage, inverse: Bool, exchanged: Bool, into frame: Frame
  ) {
    var scene = Scene(
      bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), width: width, height: height,
      background: Self.background, from: inverse ? second : first, to: inverse ? first : second)
    scene.exchangesRedAndBlue = exchanged
    FrameRenderer(scene: scene, workFrames: turnedLayerFrames).draw(states, into: frame)
  }

  /// Draws `states` from the host's inputs as they are, neither copied nor converted, when both are opaque and neither
  /// shares memory with `output`; false (nothing drawn) otherwise. Their R, G, B, A bytes are drawn as if they were
  /// B, G, R, A (`Scene.exchangesRedAndBlue`): opaque, they are premultiplied as they are, and the renderer treats red
  /// and blue alike, so the frame comes out opaque in R, G, B, A, the bytes the converting path gives, with no pass
  /// in or out.
  func drawAsTheyAre(
    first: UnsafePointer<UInt32>, second: UnsafePointer<UInt32>, output: UnsafeMutablePointer<UInt32>,
    states: FrameStates, inverse: Bool
  ) -> Bool {
    let count = width * height
    func apart(_ input: UnsafePointer<UInt32>) -> Bool {
      input + count <= UnsafePointer(output) || UnsafePointer(output) + count <= input
    }
    guard apart(first), apart(second),
      sh_all_opaque(UnsafeRawPointer(first).assumingMemoryBound(to: UInt8.self), count) != 0,
      sh_all_opaque(UnsafeRawPointer(second).assumingMemoryBound(to: UInt8.self), count) != 0,
      let frame = Frame(width: width, height: height, borrowing: UnsafeMutableRawPointer(output))
    else { return false }
    let firstPicture = PixelImage(
      width: width, height: height, borrowingOpaque: first, turnedStorage: borrowedTurned.first.take())
    let secondPicture = PixelImage(
      width: width, height: height, borrowingOpaque: second, turnedStorage: borrowedTurned.second.take())
    draw(states, first: firstPicture, second: secondPicture, inverse: inverse, exchanged: true, into: frame)
    borrowedTurned = (firstPicture.giveUpTurnedCopy(), secondPicture.giveUpTurnedCopy())
    return true
  }

  /// The picture of the frame's `width` x `height` straight-alpha RGBA pixels at `pixels`, copied and converted in one
  /// pass: into `kept` when this instance holds the only reference to it (the scene of the last update is gone), else
  /// into a new picture, which `kept` keeps for the next update; nil when memory is short.
  func refill(_ kept: inout PixelImage?, from pixels: UnsafePointer<UInt32>) -> PixelImage? {
    if isKnownUniquelyReferenced(&kept), let picture = kept {
      picture.replacePixels(copyingRGBA: UnsafeRawPointer(pixels))
      return picture
    }
    kept = PixelImage(width: width, height: height, copyingRGBA: UnsafeRawPointer(pixels))
    return kept
  }

  /// Turns `count` premultiplied B, G, R, A pixels (a `Frame`'s) at `pixels` into straight-alpha R, G, B, A pixels in
  /// place (opaque ones, all of them over the black background, only exchange red and blue).
  static func makeStraight(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
    let bytes = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
    sh_premultiplied_bgra_to_rgba_copy(bytes, bytes, count)
  }
}
