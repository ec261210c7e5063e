import Foundation

extension DecodedPicture {
  /// An opaque picture of smooth gradients (lossy encoders keep them well); `flipped` gives a second, different one.
  public static func gradient(width: Int, height: Int, flipped: Bool) -> DecodedPicture {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let u = UInt8(x * 255 / max(width - 1, 1))
        let v = UInt8(y * 255 / max(height - 1, 1))
        rgba += flipped ? [40, v, 255 - u, 255] : [u, 60, v, 255]
      }
    }
    return DecodedPicture(width: width, height: height, rgba: rgba)
  }

  /// A picture of one colour, `rgba` (four bytes) at every pixel.
  public static func filled(width: Int, height: Int, rgba: [UInt8]) -> DecodedPicture {
    DecodedPicture(
      width: width, height: height, rgba: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
  }

  /// The RGBA channels of pixel (x, y).
  public func channels(_ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * width + x) * 4
    return Array(rgba[i..<(i + 4)])
  }

  /// Frame `index` of raw RGBA frames of this picture's size.
  public static func frame(_ index: Int, of bytes: [UInt8], width: Int, height: Int) -> DecodedPicture {
    let size = width * height * 4
    return DecodedPicture(width: width, height: height, rgba: Array(bytes[(index * size)..<((index + 1) * size)]))
  }
}

/// A new temporary directory, removed with everything in it when the value is released.
public final class TemporaryDirectory {
  /// The directory's path.
  public let path: String

  /// Creates the directory.
  public init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The names of the files in the directory, sorted.
  public var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
