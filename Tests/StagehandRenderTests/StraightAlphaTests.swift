import CStagehandImages
import StagehandTestSupport
import Testing

/// The copying conversions between straight-alpha RGBA and premultiplied BGRA (the frei0r modules' way in and out):
/// the same bytes as the conversion in place, and as the per-pixel formula, on seeded random pixels, opaque runs and
/// translucent ones mixed, at any count (blocks of 16 and their tails).
@Suite("Straight-alpha RGBA copies")
struct StraightAlphaTests {
  /// Random RGBA pixels: in about half the rounds most pixels are opaque, so that opaque and translucent blocks mix.
  static func pixels(_ count: Int, mostlyOpaque: Bool, using random: inout SeededGenerator) -> [UInt8] {
    var bytes = (0..<count * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
    if mostlyOpaque {
      for pixel in 0..<count where Int.random(in: 0..<40, using: &random) != 0 { bytes[pixel * 4 + 3] = 255 }
    }
    return bytes
  }

  @Test("RGBA to premultiplied BGRA, copied, equals the conversion in place and its opacity")
  func toPremultiplied() throws {
    let seed = SeededGenerator.testSeed(0x5EED_19A1)
    var random = SeededGenerator(seed: seed)
    for round in 0..<SeededGenerator.testSteps(400) {
      let count = Int.random(in: 1...100, using: &random)
      let rgba = Self.pixels(count, mostlyOpaque: round % 2 == 0, using: &random)
      var inPlace = rgba
      let opaqueInPlace = sh_rgba_to_premultiplied_bgra(&inPlace, count)
      var copy = [UInt8](repeating: 0, count: count * 4)
      let opaqueCopy = sh_rgba_to_premultiplied_bgra_copy(rgba, &copy, count)
      try #require(copy == inPlace && opaqueCopy == opaqueInPlace, "seed \(seed), round \(round), \(count) pixels")
    }
  }

  @Test("premultiplied BGRA to straight RGBA, copied and in place, equals c * 255 / a rounded (0 where a is 0)")
  func toStraight() throws {
    let seed = SeededGenerator.testSeed(0x5EED_19A2)
    var random = SeededGenerator(seed: seed)
    for round in 0..<SeededGenerator.testSteps(400) {
      let count = Int.random(in: 1...100, using: &random)
      let bgra = Self.pixels(count, mostlyOpaque: round % 2 == 0, using: &random)
      var expected = [UInt8](repeating: 0, count: count * 4)
      for pixel in 0..<count {
        let p = pixel * 4
        let alpha = Int(bgra[p + 3])
        func straight(_ channel: UInt8) -> UInt8 {
          alpha == 0 ? 0 : UInt8(min((Int(channel) * 255 + alpha / 2) / alpha, 255))
        }
        expected[p] = straight(bgra[p + 2])
        expected[p + 1] = straight(bgra[p + 1])
        expected[p + 2] = straight(bgra[p])
        expected[p + 3] = bgra[p + 3]
      }
      var copy = [UInt8](repeating: 0, count: count * 4)
      sh_premultiplied_bgra_to_rgba_copy(bgra, &copy, count)
      try #require(copy == expected, "seed \(seed), round \(round), \(count) pixels")
      // The same pointer for both converts in place (a frei0r instance's output): the same bytes.
      var inPlace = bgra
      inPlace.withUnsafeMutableBufferPointer {
        sh_premultiplied_bgra_to_rgba_copy($0.baseAddress!, $0.baseAddress!, count)
      }
      try #require(inPlace == expected, "in place: seed \(seed), round \(round), \(count) pixels")
    }
  }
}
