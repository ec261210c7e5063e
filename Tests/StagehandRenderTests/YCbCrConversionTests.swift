import CStagehandImages
import StagehandTestSupport
import Testing

/// The conversion from planar Y'CbCr to BGRA: the vectorized path (SSE2 on x86_64, 16 pixels at a time, the rest of
/// each row scalar) writes exactly the bytes of the scalar reference, for every chroma layout and range, at any size.
@Suite("Y'CbCr to BGRA conversion")
struct YCbCrConversionTests {
  /// A chroma layout: the shifts of the chroma planes across and down, or mono (no chroma planes).
  struct Layout: Sendable, CustomStringConvertible {
    let name: String
    let shiftX: UInt32
    let shiftY: UInt32
    let mono: Bool
    var description: String { name }
  }

  static let layouts = [
    Layout(name: "4:2:0", shiftX: 1, shiftY: 1, mono: false), Layout(name: "4:2:2", shiftX: 1, shiftY: 0, mono: false),
    Layout(name: "4:4:4", shiftX: 0, shiftY: 0, mono: false), Layout(name: "mono", shiftX: 0, shiftY: 0, mono: true),
  ]

  /// The BGRA bytes of a `width` x `height` frame from the planes, converted by `convert` (the fast path or the
  /// reference).
  static func converted(
    _ planes: (y: [UInt8], cb: [UInt8], cr: [UInt8]), width: Int, height: Int, layout: Layout, fullRange: Bool,
    reference: Bool
  ) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    planes.y.withUnsafeBufferPointer { y in
      planes.cb.withUnsafeBufferPointer { cb in
        planes.cr.withUnsafeBufferPointer { cr in
          out.withUnsafeMutableBufferPointer { bgra in
            let (u, v) = layout.mono ? (nil, nil) : (cb.baseAddress, cr.baseAddress)
            let arguments = (UInt32(width), UInt32(height), layout.shiftX, layout.shiftY, Int32(fullRange ? 1 : 0))
            if reference {
              sh_ycbcr_to_bgra_reference(
                y.baseAddress, u, v, arguments.0, arguments.1, arguments.2, arguments.3, arguments.4,
                bgra.baseAddress)
            } else {
              sh_ycbcr_to_bgra(
                y.baseAddress, u, v, arguments.0, arguments.1, arguments.2, arguments.3, arguments.4,
                bgra.baseAddress)
            }
          }
        }
      }
    }
    return out
  }

  @Test("the fast path equals the scalar reference on seeded random frames, odd sizes included", arguments: layouts)
  func fastEqualsReference(layout: Layout) throws {
    let seed = SeededGenerator.testSeed(0x5EED_19C0)
    var random = SeededGenerator(seed: seed)
    for round in 0..<SeededGenerator.testSteps(300) {
      // Widths around the 16-pixel blocks (1 to 70: no block, blocks and tails, odd and even), a few rows.
      let width = Int.random(in: 1...70, using: &random)
      let height = Int.random(in: 1...7, using: &random)
      let chromaWidth = (width + (1 << Int(layout.shiftX)) - 1) >> Int(layout.shiftX)
      let chromaHeight = (height + (1 << Int(layout.shiftY)) - 1) >> Int(layout.shiftY)
      // Every third frame uses only the extremes 0 and 255, where the clamping happens.
      let extremes = round % 3 == 0
      func plane(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
          extremes ? (Bool.random(using: &random) ? 255 : 0) : UInt8.random(in: 0...255, using: &random)
        }
      }
      let planes = (
        y: plane(width * height), cb: plane(chromaWidth * chromaHeight), cr: plane(chromaWidth * chromaHeight)
      )
      for fullRange in [false, true] {
        let fast = Self.converted(
          planes, width: width, height: height, layout: layout, fullRange: fullRange, reference: false)
        let reference = Self.converted(
          planes, width: width, height: height, layout: layout, fullRange: fullRange, reference: true)
        let first = fast.indices.first { fast[$0] != reference[$0] }
        try #require(
          first == nil,
          """
          seed \(seed), round \(round): \(layout) \(width)x\(height), full range \(fullRange): byte \(first ?? 0) \
          (pixel \((first ?? 0) / 4)) differs
          """)
      }
    }
  }

  @Test("the reference keeps BT.601's end points: limited-range black and white, full-range grey")
  func referenceEndPoints() {
    let one = (
      y: [UInt8](repeating: 16, count: 32), cb: [UInt8](repeating: 128, count: 32),
      cr: [UInt8](repeating: 128, count: 32)
    )
    let layout = Self.layouts[2]
    for reference in [true, false] {
      #expect(
        Self.converted(one, width: 32, height: 1, layout: layout, fullRange: false, reference: reference)
          == Array(repeating: [0, 0, 0, 255], count: 32).flatMap { $0 })
      let white = (y: [UInt8](repeating: 235, count: 32), cb: one.cb, cr: one.cr)
      #expect(
        Self.converted(white, width: 32, height: 1, layout: layout, fullRange: false, reference: reference)
          == Array(repeating: [255, 255, 255, 255], count: 32).flatMap { $0 })
      let grey = (y: [UInt8](repeating: 100, count: 32), cb: one.cb, cr: one.cr)
      #expect(
        Self.converted(grey, width: 32, height: 1, layout: layout, fullRange: true, reference: reference)
          == Array(repeating: [100, 100, 100, 255], count: 32).flatMap { $0 })
    }
  }
}
