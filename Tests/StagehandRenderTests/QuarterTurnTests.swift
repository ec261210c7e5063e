import CStagehandImages
import StagehandTestSupport
import Testing

/// The quarter turns the renderer draws layers turned about a vertical axis through (`sh_turn_counterclockwise`,
/// `sh_turn_clockwise`; SSE2 blocks of 4 x 4 on x86_64, the edges one pixel at a time): every pixel lands where the
/// turn puts it, inside rows of any stride, and nothing outside the destination's region is written.
@Suite("Quarter turns")
struct QuarterTurnTests {
  /// A region of `width` x `height` pixels inside rows of `stride` pixels, at `offset` pixels from the start.
  struct Region {
    var width: Int, height: Int, stride: Int, offset: Int
    var count: Int { offset + (height - 1) * stride + width }
  }

  /// Turns the source region of `pixels` into a destination region of a buffer filled with `fill`, and returns the
  /// buffer.
  static func turned(
    _ pixels: [UInt32], _ source: Region, into destination: Region, clockwise: Bool, fill: UInt32
  ) -> [UInt32] {
    var out = [UInt32](repeating: fill, count: destination.count)
    pixels.withUnsafeBufferPointer { from in
      out.withUnsafeMutableBufferPointer { to in
        let (s, d) = (from.baseAddress! + source.offset, to.baseAddress! + destination.offset)
        let (w, h) = (UInt32(source.width), UInt32(source.height))
        if clockwise {
          sh_turn_clockwise(s, source.stride, w, h, d, destination.stride)
        } else {
          sh_turn_counterclockwise(s, source.stride, w, h, d, destination.stride)
        }
      }
    }
    return out
  }

  /// Where source pixel (x, y) of a `width` x `height` region goes: counterclockwise to (y, width - 1 - x), clockwise to
  /// (height - 1 - y, x).
  static func place(_ x: Int, _ y: Int, width: Int, height: Int, clockwise: Bool) -> (x: Int, y: Int) {
    clockwise ? (height - 1 - y, x) : (y, width - 1 - x)
  }

  @Test(
    "each pixel lands where the turn puts it, at seeded random sizes and strides; the rest is untouched",
    arguments: [false, true])
  func everyPixelInPlace(clockwise: Bool) {
    var random = SeededGenerator(seed: clockwise ? 0x7E57_0001 : 0x7E57_0002)
    let fill: UInt32 = 0xDEAD_BEEF
    // Sizes around the 4 x 4 blocks, and one of a video frame's.
    var sizes = (0..<60).map { _ in (Int.random(in: 1...37, using: &random), Int.random(in: 1...37, using: &random)) }
    sizes += [(1, 1), (4, 4), (8, 3), (3, 8), (1280, 720)]
    for (width, height) in sizes {
      let source = Region(
        width: width, height: height, stride: width + Int.random(in: 0...5, using: &random),
        offset: Int.random(in: 0...7, using: &random))
      let destination = Region(
        width: height, height: width, stride: height + Int.random(in: 0...5, using: &random),
        offset: Int.random(in: 0...7, using: &random))
      let pixels = (0..<source.count).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) | 1 }
      let out = Self.turned(pixels, source, into: destination, clockwise: clockwise, fill: fill)
      var expected = [UInt32](repeating: fill, count: destination.count)
      for y in 0..<height {
        for x in 0..<width {
          let (tx, ty) = Self.place(x, y, width: width, height: height, clockwise: clockwise)
          expected[destination.offset + ty * destination.stride + tx] = pixels[source.offset + y * source.stride + x]
        }
      }
      let first = out.indices.first { out[$0] != expected[$0] }
      #expect(
        first == nil,
        "\(width)x\(height), strides \(source.stride)/\(destination.stride): first difference at \(first ?? -1)")
    }
  }

  @Test("a turn counterclockwise then clockwise gives back every pixel")
  func turnedBack() {
    var random = SeededGenerator(seed: 0x7E57_0003)
    for _ in 0..<20 {
      let (width, height) = (Int.random(in: 1...50, using: &random), Int.random(in: 1...50, using: &random))
      let source = Region(width: width, height: height, stride: width, offset: 0)
      let turned = Region(width: height, height: width, stride: height, offset: 0)
      let pixels = (0..<source.count).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
      let there = Self.turned(pixels, source, into: turned, clockwise: false, fill: 0)
      let back = Self.turned(there, turned, into: source, clockwise: true, fill: 0)
      #expect(back == pixels, "\(width)x\(height)")
    }
  }
}
