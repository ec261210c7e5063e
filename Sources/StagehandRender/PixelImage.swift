import CStagehandImages
import CStagehandPixman
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// An image in premultiplied 8-bit colour with alpha, the bytes of each pixel in the order B, G, R, A (pixman's
/// `PIXMAN_a8r8g8b8` on a little-endian machine, the layout its fast paths are written for), rows top to bottom
/// without padding.
///
/// Immutable once shared, so that any number of threads may draw it at once; each drawing thread makes its own pixman
/// image over the same pixels (`makeSource()`), since a pixman image carries a transform and is not shared. The one
/// holder of a picture may refill it (`replacePixels(copyingRGBA:)`), as a frei0r instance does at every frame, or
/// a picture may draw its caller's opaque pixels without a copy (`init(width:height:borrowingOpaque:turnedStorage:)`).
public final class PixelImage: @unchecked Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// Whether every pixel is opaque: then a layer that covers the frame pixel for pixel replaces the background.
  public internal(set) var isOpaque: Bool
  /// The pixels, `width * height * 4` bytes.
  let storage: UnsafeMutableRawPointer
  /// The picture turned by 90 degrees (`turned()`), made at the first layer drawn turned, and whether it shows the
  /// current pixels (`replacePixels` makes it stale; the next `turned()` turns the new pixels into the same storage
  /// when nothing else holds the copy); `nil` until then (or while memory is short).
  private let turnedCopy = Locked<(image: PixelImage, isCurrent: Bool)?>(nil)

  /// Whether the picture allocated `storage` (and frees it), or draws its caller's pixels.
  private let ownsStorage: Bool

  /// A picture over `storage`, freed with the picture when `owned`.
  private init(width: Int, height: Int, isOpaque: Bool, storage: UnsafeMutableRawPointer, owned: Bool) {
    self.width = width
    self.height = height
    self.isOpaque = isOpaque
    self.storage = storage
    ownsStorage = owned
  }

  /// Takes ownership of premultiplied pixels allocated with `malloc`.
  convenience init(width: Int, height: Int, isOpaque: Bool, taking storage: UnsafeMutableRawPointer) {
    self.init(width: width, height: height, isOpaque: isOpaque, storage: storage, owned: true)
  }

  /// A picture over the caller's `width` x `height` opaque pixels at `pixels` (`width * height * 4` bytes, every
  /// fourth one 255, alive and unchanged while the picture is drawn), neither copied, written nor freed: a frei0r
  /// instance draws its host's opaque inputs this way. `turnedStorage`, the turned copy an earlier such picture gave
  /// up (`giveUpTurnedCopy()`), is what a layer drawn turned turns these pixels into, so that nothing is allocated.
  package convenience init(
    width: Int, height: Int, borrowingOpaque pixels: UnsafeRawPointer, turnedStorage: PixelImage?
  ) {
    self.init(
      width: width, height: height, isOpaque: true, storage: UnsafeMutableRawPointer(mutating: pixels), owned: false)
    if let turnedStorage, turnedStorage.width == height, turnedStorage.height == width {
      turnedCopy.withLock { $0 = (turnedStorage, false) }
    }
  }

  /// Gives up the kept turned copy, stale or not, and returns it (nil when none was made): a picture that borrows its
  /// pixels hands it on this way to the next picture over the next pixels (`init(width:height:borrowingOpaque:...)`).
  package func giveUpTurnedCopy() -> PixelImage? {
    turnedCopy.withLock { copy in
      defer { copy = nil }
      return copy?.image
    }
  }

  /// Makes an image whose pixels `fill` writes, premultiplied, before the image is shared; `nil` when memory is short.
  static func make(
    width: Int, height: Int, isOpaque: Bool, fill: (UnsafeMutableRawPointer) -> Void
  ) -> PixelImage? {
    guard let storage = malloc(width * height * 4) else { return nil }
    fill(storage)
    return PixelImage(width: width, height: height, isOpaque: isOpaque, taking: storage)
  }

  /// An image of `width` x `height` pixels from 8-bit RGBA with straight alpha, row by row (`width * height * 4`
  /// bytes); `nil` when the count is wrong or memory is short.
  public convenience init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width > 0, height > 0, rgba.count == width * height * 4, let storage = malloc(rgba.count) else { return nil }
    rgba.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    let opaque = sh_rgba_to_premultiplied_bgra(storage.assumingMemoryBound(to: UInt8.self), width * height) != 0
    self.init(width: width, height: height, isOpaque: opaque, taking: storage)
  }

  /// An image of `width` x `height` pixels copied from 8-bit RGBA with straight alpha at `rgba`, row by row (the
  /// caller guarantees `width * height * 4` readable bytes), converted as it is copied; `nil` when a side is not
  /// positive or memory is short.
  public convenience init?(width: Int, height: Int, copyingRGBA rgba: UnsafeRawPointer) {
    guard width > 0, height > 0, let storage = malloc(width * height * 4) else { return nil }
    let opaque =
      sh_rgba_to_premultiplied_bgra_copy(
        rgba.assumingMemoryBound(to: UInt8.self), storage.assumingMemoryBound(to: UInt8.self), width * height) != 0
    self.init(width: width, height: height, isOpaque: opaque, taking: storage)
  }

  /// Replaces the pixels with the 8-bit straight-alpha RGBA at `rgba` (`width * height * 4` readable bytes, row by
  /// row), converted as they are copied into the same storage, and marks the turned copy stale (its storage is kept,
  /// so that the next `turned()` allocates nothing); for the one holder of the picture (`isKnownUniquelyReferenced`),
  /// never while a scene or another thread draws it.
  package func replacePixels(copyingRGBA rgba: UnsafeRawPointer) {
    isOpaque =
      sh_rgba_to_premultiplied_bgra_copy(
        rgba.assumingMemoryBound(to: UInt8.self), storage.assumingMemoryBound(to: UInt8.self), width * height) != 0
    turnedCopy.withLock { $0?.isCurrent = false }
  }

  /// This picture turned by 90 degrees as `Rotation90` says (pixel (x, y) moves to (y, W - 1 - x)), made at the first
  /// call and kept with the picture, so that a picture no layer is drawn turned from is never turned; after the
  /// pixels were replaced, turned again into the kept copy's storage when only this picture holds that copy (else into
  /// a new copy, so that whoever holds the old one keeps its pixels); `nil` when memory is short. Safe on any thread.
  func turned() -> PixelImage? {
    turnedCopy.withLock { copy -> PixelImage? in
      if let current = copy, current.isCurrent { return current.image }
      if copy != nil, isKnownUniquelyReferenced(&copy!.image) {
        let image = copy!.image
        turn(into: image)
        copy!.isCurrent = true
        return image
      }
      copy = nil  // released before a new copy is allocated
      guard let image = makeTurned() else { return nil }
      copy = (image, true)
      return image
    }
  }

  /// Whether a turned copy of the current pixels has been made (and is kept).
  var hasTurnedCopy: Bool { turnedCopy.withLock { $0?.isCurrent == true } }

  deinit { if ownsStorage { free(storage) } }

  /// The bytes from the top-left pixel on, B, G, R, A for each pixel.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: width * height * 4) }

  /// The premultiplied pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> RGBA {
    let p = storage.advanced(by: (y * width + x) * 4).assumingMemoryBound(to: UInt8.self)
    return RGBA(p[2], p[1], p[0], p[3])
  }

  /// A pixman image over these pixels, for one thread; the caller releases it with `pixman_image_unref`.
  func makeSource() -> OpaquePointer {
    pixman_image_create_bits(
      // Opaque or not, as a8r8g8b8: pixman's SSE2 bilinear paths take that format (an x8r8g8b8 source, which is
      // not opaque outside its edges, would fall back to the generic fetcher).
      PIXMAN_a8r8g8b8, Int32(width), Int32(height),
      storage.assumingMemoryBound(to: UInt32.self), Int32(width * 4))!
  }
}

/// A pixel: four 8-bit channels.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
  /// Red.
  public var r: UInt8
  /// Green.
  public var g: UInt8
  /// Blue.
  public var b: UInt8
  /// Alpha (opacity).
  public var a: UInt8

  /// Creates a pixel from its channels.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The opaque pixel of colour `rgb`.
  public init(_ rgb: RGB) { self.init(rgb.r, rgb.g, rgb.b) }

  /// `rgba(r, g, b, a)`.
  public var description: String { "rgba(\(r), \(g), \(b), \(a))" }

  /// The channels in order.
  public var channels: [UInt8] { [r, g, b, a] }
}

extension RGB {
  /// The colour as pixman sees it: 16 bits per channel, opaque.
  var pixmanColor: pixman_color_t {
    pixman_color_t(red: UInt16(r) * 257, green: UInt16(g) * 257, blue: UInt16(b) * 257, alpha: 0xFFFF)
  }
}
