import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandRender

/// Opaque RGBA pixels drawn as they are, as a frei0r instance draws its host's opaque inputs: pictures borrowing the
/// bytes (`PixelImage(width:height:borrowingOpaque:turnedStorage:)`) in a scene whose red and blue are exchanged
/// (`Scene.exchangesRedAndBlue`) give, byte for byte, the RGBA of the frame drawn from converted copies.
@Suite("Borrowed pictures")
struct BorrowedPictureTests {
  static let width = 40
  static let height = 30
  static let bounds = Rect(x: 0, y: 0, width: 40, height: 30)

  /// Opaque RGBA noise, different for every `seed`.
  static func rgba(seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<(width * height) {
      bytes += [.random(in: 0...255, using: &generator), .random(in: 0...255, using: &generator)]
      bytes += [.random(in: 0...255, using: &generator), 255]
    }
    return bytes
  }

  /// Frame `states` drawn over `background` from `from` and `to`, the scene's channels exchanged or not: the frame's
  /// bytes as they are.
  static func draw(
    _ states: FrameStates, from: PixelImage, to: PixelImage, background: RGB, exchanged: Bool
  ) throws -> [UInt8] {
    var scene = Scene(bounds: bounds, width: width, height: height, background: background, from: from, to: to)
    scene.exchangesRedAndBlue = exchanged
    let frame = try #require(Frame(width: width, height: height))
    FrameRenderer(scene: scene).draw(states, into: frame)
    return Array(frame.bytes)
  }

  @Test(
    "opaque RGBA drawn as it is with red and blue exchanged equals the RGBA of the converted frame, coloured background and backdrop included",
    arguments: ["cross-dissolve", "push", "wipe", "flip", "cube", "fade-through", "iris"])
  func exchangedEqualsConverted(style: String) throws {
    let animation = try bundledRegistry.forward(Transition(style), in: TransitionContext(bounds: Self.bounds))
    let background = RGB(200, 40, 10)
    // One frame's turned copies are handed on to the next frame's pictures, as a frei0r instance does.
    var turned: (PixelImage?, PixelImage?) = (nil, nil)
    var firstTurned: ObjectIdentifier?
    for (index, fraction) in [0.2, 0.5, 0.8].enumerated() {
      let seed = UInt64(61 + 2 * index)
      let first = Self.rgba(seed: seed)
      let second = Self.rgba(seed: seed + 1)
      var states = FrameStates(animation, at: animation.duration * fraction, inverse: false)
      // A backdrop of a colour whose red and blue differ, over the style's own.
      states.states.backdrop = Backdrop(red: 0.9, green: 0.3, blue: 0.05, opacity: 0.4)
      let from = try #require(PixelImage(width: Self.width, height: Self.height, rgba: first))
      let to = try #require(PixelImage(width: Self.width, height: Self.height, rgba: second))
      var expected = try Self.draw(states, from: from, to: to, background: background, exchanged: false)
      for byte in stride(from: 0, to: expected.count, by: 4) { expected.swapAt(byte, byte + 2) }
      let drawn = try first.withUnsafeBytes { a in
        try second.withUnsafeBytes { b in
          let from = PixelImage(
            width: Self.width, height: Self.height, borrowingOpaque: a.baseAddress!, turnedStorage: turned.0)
          let to = PixelImage(
            width: Self.width, height: Self.height, borrowingOpaque: b.baseAddress!, turnedStorage: turned.1)
          turned = (nil, nil)
          defer { turned = (from.giveUpTurnedCopy(), to.giveUpTurnedCopy()) }
          return try Self.draw(states, from: from, to: to, background: background, exchanged: true)
        }
      }
      let differing = zip(drawn, expected).filter { $0 != $1 }.count
      #expect(drawn.count == expected.count && differing == 0, "\(style) at \(fraction): \(differing) bytes differ")
      #expect(stride(from: 3, to: drawn.count, by: 4).allSatisfy { drawn[$0] == 255 }, "\(style): opaque")
      // The borrowed bytes are left as they were.
      #expect(first == Self.rgba(seed: seed) && second == Self.rgba(seed: seed + 1))
      if ["flip", "cube"].contains(style) {
        // Turned into the same copy at every frame: nothing allocated after the first.
        let identity = try ObjectIdentifier(#require(turned.0, "\(style): turned copy handed on"))
        #expect(identity == (firstTurned ?? identity), "\(style) at \(fraction): the same turned copy")
        firstTurned = identity
      }
    }
  }
}
