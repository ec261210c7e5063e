import CStagehandImages
import CStagehandPixman

#if canImport(Glibc)
  import Glibc
#endif

/// One frame being drawn: premultiplied 8-bit colour with alpha, bytes B, G, R, A (pixman's `PIXMAN_a8r8g8b8`), rows
/// top to bottom without padding.
///
/// A frame is drawn and read by one thread at a time; `FramePipeline` hands frames between threads.
public final class Frame: @unchecked Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The pixels, `width * height * 4` bytes.
  let storage: UnsafeMutableRawPointer
  /// pixman's image over `storage`.
  let image: OpaquePointer

  /// Whether the frame allocated `storage` (and frees it), or draws into memory its caller owns.
  private let ownsStorage: Bool

  /// A frame of `width` x `height` pixels, all transparent black; `nil` when memory is short.
  public convenience init?(width: Int, height: Int) {
    guard width > 0, height > 0, let storage = calloc(width * height, 4) else { return nil }
    self.init(width: width, height: height, storage: storage, owned: true)
  }

  /// A frame over `width` x `height` pixels of the caller's memory at `storage` (4-byte aligned, `width * height * 4`
  /// writable bytes, kept alive and not used otherwise while the frame is), with whatever they hold: a frei0r instance
  /// draws straight into its host's output this way. `nil` when a side is not positive or memory is short.
  package convenience init?(width: Int, height: Int, borrowing storage: UnsafeMutableRawPointer) {
    guard width > 0, height > 0 else { return nil }
    self.init(width: width, height: height, storage: storage, owned: false)
  }

  /// A frame over `storage`, freed with the frame when `owned` (or here, when pixman cannot make its image).
  private init?(width: Int, height: Int, storage: UnsafeMutableRawPointer, owned: Bool) {
    guard
      let image = pixman_image_create_bits(
        PIXMAN_a8r8g8b8, Int32(width), Int32(height), storage.assumingMemoryBound(to: UInt32.self), Int32(width * 4))
    else {
      if owned { free(storage) }
      return nil
    }
    self.width = width
    self.height = height
    self.storage = storage
    self.image = image
    ownsStorage = owned
  }

  deinit {
    pixman_image_unref(image)
    if ownsStorage { free(storage) }
  }

  /// The bytes from the top-left pixel on: `width * height * 4`, B, G, R, A for each pixel.
  public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: width * height * 4) }

  /// The bytes of one row.
  public var rowBytes: Int { width * 4 }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> RGBA {
    let p = storage.advanced(by: (y * width + x) * 4).assumingMemoryBound(to: UInt8.self)
    return RGBA(p[2], p[1], p[0], p[3])
  }

  /// Fills the whole frame with the opaque colour `color`.
  func fill(_ color: RGB) {
    let word = UInt32(color.b) | UInt32(color.g) << 8 | UInt32(color.r) << 16 | 0xFF00_0000
    _ = pixman_fill(
      storage.assumingMemoryBound(to: UInt32.self), Int32(width), 32, 0, 0, Int32(width), Int32(height), word)
  }

  /// Makes every pixel of the frame transparent black.
  func clear() {
    _ = pixman_fill(
      storage.assumingMemoryBound(to: UInt32.self), Int32(width), 32, 0, 0, Int32(width), Int32(height), 0)
  }

  /// A copy of the pixels in the byte order R, G, B, A.
  public var rgbaBytes: [UInt8] {
    var copy = Array(bytes)
    copy.withUnsafeMutableBytes {
      sh_swap_red_blue($0.baseAddress!.assumingMemoryBound(to: UInt8.self), width * height)
    }
    return copy
  }

  /// Exchanges red and blue in place, so that the bytes are R, G, B, A (for raw RGBA output); the frame must be
  /// drawn again before it is used as a pixman image.
  func swapRedAndBlue() {
    sh_swap_red_blue(storage.assumingMemoryBound(to: UInt8.self), width * height)
  }
}
