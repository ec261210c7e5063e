import Foundation

/// Small YUV4MPEG2 clips written by the tests, and an independent conversion to RGB to check the renderer's.
public enum Y4MClips {
  /// A Y'CbCr sample triple.
  public struct Sample: Hashable, Sendable {
    /// Luma.
    public var y: UInt8
    /// Blue-difference chroma.
    public var cb: UInt8
    /// Red-difference chroma.
    public var cr: UInt8

    /// Creates a sample.
    public init(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) {
      self.y = y
      self.cb = cb
      self.cr = cr
    }
  }

  /// The bytes of a 4:2:0 clip of `width` x `height` (even) pixels at `rate` (`F` field) whose frame `j` is the flat
  /// colour `frames[j]`; `header` replaces the whole header line when given.
  public static func flat(width: Int, height: Int, rate: String = "10:1", frames: [Sample], header: String? = nil)
    -> [UInt8]
  {
    var bytes = Array((header ?? "YUV4MPEG2 W\(width) H\(height) F\(rate) Ip A1:1 C420jpeg").utf8) + [0x0A]
    let chroma = ((width + 1) / 2) * ((height + 1) / 2)
    for sample in frames {
      bytes += Array("FRAME\n".utf8)
      bytes += [UInt8](repeating: sample.y, count: width * height)
      bytes += [UInt8](repeating: sample.cb, count: chroma)
      bytes += [UInt8](repeating: sample.cr, count: chroma)
    }
    return bytes
  }

  /// Writes `bytes` to `path`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The RGB of `sample` by the BT.601 equations in floating point (limited range unless `fullRange`), rounded and
  /// clamped: an implementation independent of the renderer's fixed-point one.
  public static func rgb(_ sample: Sample, fullRange: Bool = false) -> [UInt8] {
    let y = fullRange ? Double(sample.y) : (Double(sample.y) - 16) * 255 / 219
    let scale = fullRange ? 1 : 255.0 / 224
    let cb = (Double(sample.cb) - 128) * scale
    let cr = (Double(sample.cr) - 128) * scale
    let channels = [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb]
    return channels.map { UInt8(min(max($0.rounded(), 0), 255)) }
  }

  /// A sample of clip A's frame `j`: a colour that changes by 6 levels of luma and chroma a frame, so that a
  /// neighbouring frame differs by more than the tolerance of 1.
  public static func a(_ j: Int) -> Sample { Sample(UInt8(40 + 6 * j), 100, UInt8(150 + 3 * j)) }

  /// A sample of clip B's frame `j`, far from every colour of A.
  public static func b(_ j: Int) -> Sample { Sample(UInt8(120 + 4 * j), UInt8(170 - 3 * j), 90) }
}

extension DecodedPicture {
  /// The largest difference of pixel (x, y)'s red, green and blue from `rgb`.
  public func difference(_ x: Int, _ y: Int, from rgb: [UInt8]) -> Int {
    zip(channels(x, y).prefix(3), rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }
}
