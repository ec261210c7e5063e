import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandRender

/// A picture's turned copy (for layers turned about a vertical axis) is made only when such a layer is drawn, once per
/// picture, and forgotten when the picture's pixels are replaced; the frames drawn are the same either way.
@Suite("Turned pictures")
struct TurnedPictureTests {
  static let bounds = Rect(x: 0, y: 0, width: 40, height: 30)

  /// The middle frame of `style` drawn from a new scene of `from` and `to`, as RGBA.
  static func middle(_ style: String, from: PixelImage, to: PixelImage) throws -> [UInt8] {
    let animation = try bundledRegistry.forward(Transition(style), in: TransitionContext(bounds: bounds))
    let scene = Scene(bounds: bounds, width: 40, height: 30, background: RGB(0, 0, 0), from: from, to: to)
    let frame = try #require(Frame(width: 40, height: 30))
    FrameRenderer(scene: scene).draw(FrameStates(animation, at: animation.duration / 2, inverse: false), into: frame)
    return frame.rgbaBytes
  }

  @Test("a cross-dissolve turns neither picture; a cube, turning its layers about a vertical axis, turns both")
  func turnedOnlyWhenDrawnTurned() throws {
    let from = TestPicture.noise(width: 40, height: 30, seed: 41).image
    let to = TestPicture.noise(width: 40, height: 30, seed: 42).image
    _ = try Self.middle("cross-dissolve", from: from, to: to)
    #expect(!from.hasTurnedCopy && !to.hasTurnedCopy)
    _ = try Self.middle("cube", from: from, to: to)
    #expect(from.hasTurnedCopy && to.hasTurnedCopy)
  }

  @Test("a picture's turned copy is made once and kept: the same object at every call, its pixels turned")
  func turnedOnce() throws {
    let picture = TestPicture.noise(width: 40, height: 30, seed: 43)
    let turned = try #require(picture.image.turned())
    #expect(picture.image.turned() === turned)
    #expect(turned.width == 30 && turned.height == 40)
    // Rotation90: pixel (x, y) moves to (y, W - 1 - x).
    for (x, y) in [(0, 0), (39, 0), (0, 29), (17, 11), (39, 29)] {
      #expect(turned[y, 39 - x] == picture.image[x, y], "pixel (\(x), \(y))")
    }
  }

  @Test("a refilled picture has the new pixels, opacity and turned copy of a new picture, and draws the same frames")
  func refilledEqualsNew() throws {
    let kept = TestPicture.noise(width: 40, height: 30, seed: 44).image
    let other = TestPicture.noise(width: 40, height: 30, seed: 45).image
    let oldTurned = try #require(kept.turned())
    // A translucent picture refills an opaque one: the opacity follows the pixels.
    var rgba: [UInt8] = []
    for index in 0..<(40 * 30) { rgba += [UInt8(index % 256), UInt8(index / 7 % 256), 200, UInt8(index % 3 * 100)] }
    let new = try #require(PixelImage(width: 40, height: 30, rgba: rgba))
    rgba.withUnsafeBytes { kept.replacePixels(copyingRGBA: $0.baseAddress!) }
    #expect(!kept.hasTurnedCopy)
    #expect(Array(kept.bytes) == Array(new.bytes))
    #expect(kept.isOpaque == new.isOpaque && !kept.isOpaque)
    let newTurned = try #require(kept.turned())
    #expect(newTurned !== oldTurned)
    #expect(Array(newTurned.bytes) == Array(try #require(new.turned()).bytes))
    for style in ["cube", "flip", "push", "cross-dissolve"] {
      #expect(try Self.middle(style, from: kept, to: other) == Self.middle(style, from: new, to: other), "\(style)")
    }
  }

  @Test("a refilled picture whose turned copy nothing else holds turns the new pixels into the same copy")
  func refilledTurnsInPlace() throws {
    let kept = TestPicture.noise(width: 40, height: 30, seed: 46).image
    let other = TestPicture.noise(width: 40, height: 30, seed: 47).image
    // Held weakly, so that the picture stays the only holder of its turned copy.
    weak var first = kept.turned()
    #expect(first != nil)
    for seed in 48..<51 {
      let opaque = seed != 49
      var rgba: [UInt8] = []
      for index in 0..<(40 * 30) {
        rgba += [
          UInt8((index * seed) % 256), UInt8(index / 5 % 256), UInt8(seed), opaque ? 255 : UInt8(index % 4 * 60),
        ]
      }
      let new = try #require(PixelImage(width: 40, height: 30, rgba: rgba))
      rgba.withUnsafeBytes { kept.replacePixels(copyingRGBA: $0.baseAddress!) }
      #expect(!kept.hasTurnedCopy)
      for style in ["cube", "flip"] {
        #expect(try Self.middle(style, from: kept, to: other) == Self.middle(style, from: new, to: other), "\(style)")
      }
      let turned = try #require(kept.turned())
      #expect(turned === first, "seed \(seed): turned into the kept copy")
      #expect(turned.isOpaque == opaque)
      #expect(Array(turned.bytes) == Array(try #require(new.turned()).bytes), "seed \(seed)")
    }
  }
}
