import CStagehandPNG
import CStagehandWebPDemux
import Foundation

/// A decoded picture: 8-bit RGBA with straight alpha, row by row.
public struct DecodedPicture: Equatable, Sendable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// The pixels, `width * height * 4` bytes.
  public var rgba: [UInt8]

  /// Creates a picture.
  public init(width: Int, height: Int, rgba: [UInt8]) {
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// The largest difference of any channel of any pixel from `other`'s (`Int.max` when the sizes differ).
  public func largestDifference(from other: DecodedPicture) -> Int {
    guard width == other.width, height == other.height, rgba.count == other.rgba.count else { return .max }
    return byteDifferences(rgba, other.rgba).largest
  }

  /// The rectangle of `width` x `height` pixels at (`x`, `y`), which must lie inside the picture; pixels outside it are
  /// transparent black.
  public func cropped(x: Int, y: Int, width: Int, height: Int) -> DecodedPicture {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<height where y + row < self.height {
      let count = max(0, min(width, self.width - x)) * 4
      let source = ((y + row) * self.width + x) * 4
      pixels.replaceSubrange(row * width * 4..<row * width * 4 + count, with: rgba[source..<source + count])
    }
    return DecodedPicture(width: width, height: height, rgba: pixels)
  }

  /// The mean absolute difference of the channels from `other`'s, in 1/255 steps.
  public func meanDifference(from other: DecodedPicture) -> Double {
    guard width == other.width, height == other.height, rgba.count == other.rgba.count, !rgba.isEmpty else {
      return .infinity
    }
    return Double(byteDifferences(rgba, other.rgba).sum) / Double(rgba.count)
  }
}

/// The largest and the summed absolute difference of two byte arrays of the same length, position by position.
///
/// One plain loop: the tests compare many pictures, and in a debug build `zip`, `map` and `reduce` over the bytes
/// (generic code, not specialized) made these comparisons a visible part of the test command's time.
public func byteDifferences(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, sum: Int) {
  precondition(a.count == b.count, "byteDifferences: \(a.count) bytes against \(b.count)")
  var (largest, sum) = (0, 0)
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      var index = 0
      while index < a.count {
        let signed = Int(a[index]) - Int(b[index])
        let difference = signed < 0 ? -signed : signed
        sum += difference
        if difference > largest { largest = difference }
        index += 1
      }
    }
  }
  return (largest, sum)
}

/// Independent readers and writers for checking the renderer's files: libpng's simplified API and libwebp's
/// animation decoder, neither of which the renderer uses.
public enum IndependentDecoders {
  /// Reads a PNG file into RGBA with libpng's simplified API, or `nil` when libpng refuses it.
  public static func readPNG(_ path: String) -> DecodedPicture? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&image, path) != 0 else { return nil }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
    let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
    png_image_free(&image)
    guard finished != 0 else { return nil }
    return DecodedPicture(width: Int(image.width), height: Int(image.height), rgba: pixels)
  }

  /// Writes RGBA to a PNG file with libpng's simplified API; whether it succeeded.
  @discardableResult
  public static func writePNG(_ picture: DecodedPicture, to path: String) -> Bool {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(picture.width)
    image.height = UInt32(picture.height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    return picture.rgba.withUnsafeBytes { png_image_write_to_file(&image, path, 0, $0.baseAddress, 0, nil) } != 0
  }

  /// An animated WebP file's frames, decoded with libwebp's WebPAnimDecoder.
  public struct Animation: Sendable {
    /// The canvas width.
    public var width: Int
    /// The canvas height.
    public var height: Int
    /// How many times it plays; 0 is forever.
    public var loopCount: Int
    /// The frames, fully composed, with the time each ends at in milliseconds.
    public var frames: [(picture: DecodedPicture, endMilliseconds: Int)]
  }

  /// Decodes every frame of an animated WebP file, or `nil` when libwebp refuses it.
  public static func readAnimatedWebP(_ path: String) -> Animation? {
    guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
    return bytes.withUnsafeBytes { raw -> Animation? in
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
      options.color_mode = MODE_RGBA
      options.use_threads = 0
      var data = WebPData(bytes: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), size: raw.count)
      guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
      let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
      var frames: [(DecodedPicture, Int)] = []
      while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else { return nil }
        let pixels = Array(UnsafeBufferPointer(start: buffer, count: width * height * 4))
        frames.append((DecodedPicture(width: width, height: height, rgba: pixels), Int(timestamp)))
      }
      return Animation(width: width, height: height, loopCount: Int(info.loop_count), frames: frames)
    }
  }
}
