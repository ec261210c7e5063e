import CStagehandImages
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension PixelImage {
  /// The most pixels an image file may have: 40 million (for example 8000 x 5000), 160 MB once decoded. Files past it
  /// are refused from their header, before anything is decoded, so that a small file cannot claim gigabytes.
  public static let pixelBudget = 40_000_000

  /// The widest and tallest picture or frame the renderer draws: 16,384 pixels (16K video is 15,360 wide).
  ///
  /// pixman's coordinates are 16.16 fixed point, at most 32,767; a layer may be moved by up to its frame's extent, so
  /// half of that is the limit. Measured past it: frames of 32,767 pixels a side came out not drawn at all, and of
  /// 32,766 half black.
  public static let largestSide = 16_384

  /// Opens the picture or clip at `path` without blocking (a pipe with no writer would wait forever), and refuses it
  /// unless it is a regular file: ``RenderError/imageUnreadable(file:errno:)`` when it cannot be opened,
  /// ``RenderError/imageNotRegular(file:)`` otherwise. The caller closes the descriptor.
  static func openRegular(_ path: String) throws(RenderError) -> Int32 {
    try SystemFile.openChecked(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) { error in
      error.call == "open" ? RenderError.imageUnreadable(file: path, errno: error.code) : .imageNotRegular(file: path)
    } check: { status throws(RenderError) in
      guard SystemFile.isRegular(status) else { throw .imageNotRegular(file: path) }
      guard status.st_size > 0 else { throw .fileEmpty(file: path) }
    }.descriptor
  }

  /// Reads the PNG or JPEG file at `path` (PNG: any bit depth and colour type, with transparency; JPEG: greyscale,
  /// RGB or YCbCr).
  ///
  /// Refuses, with the file's name: a file that cannot be read, another format, an image of more than `budget`
  /// pixels (from the header, before decoding), damaged data and a file that ends early; a file that is not a regular
  /// file (opened without blocking, so a pipe never holds the caller), and a picture wider or taller than
  /// `largestSide`.
  public static func read(path: String, budget: Int = pixelBudget) throws(RenderError) -> PixelImage {
    let descriptor = try openRegular(path)
    var pixels: UnsafeMutablePointer<UInt8>?
    let result = sh_image_read_descriptor(descriptor, UInt64(max(budget, 0)), &pixels)
    switch result.status {
    case SH_IMAGE_OK:
      guard let pixels else { throw .outOfMemory(file: path) }
      let width = Int(result.width)
      let height = Int(result.height)
      guard width <= largestSide, height <= largestSide else {
        free(pixels)
        throw .imageTooWide(file: path, width: width, height: height, limit: largestSide)
      }
      let opaque = sh_rgba_to_premultiplied_bgra(pixels, width * height) != 0
      return PixelImage(width: width, height: height, isOpaque: opaque, taking: UnsafeMutableRawPointer(pixels))
    case SH_IMAGE_UNREADABLE: throw .imageUnreadable(file: path, errno: result.system_error)
    case SH_IMAGE_UNKNOWN_FORMAT: throw .imageFormatUnknown(file: path)
    case SH_IMAGE_TOO_LARGE:
      throw .imageTooLarge(file: path, width: Int(result.width), height: Int(result.height), budget: budget)
    case SH_IMAGE_TRUNCATED: throw .imageTruncated(file: path)
    case SH_IMAGE_NO_MEMORY: throw .outOfMemory(file: path)
    default: throw .imageCorrupt(file: path, reason: result.messageText)
    }
  }

  /// Writes the image to a new PNG file at `path`, with straight (not premultiplied) alpha.
  public func writePNG(path: String, compressionLevel: Int = 6) throws(RenderError) {
    let straight = unpremultiplied()
    let result = straight.withUnsafeBufferPointer {
      sh_png_write(path, $0.baseAddress, UInt32(width), UInt32(height), width * 4, 1, Int32(compressionLevel))
    }
    try result.check(path)
  }

  /// The pixels with straight alpha, bytes B, G, R, A.
  func unpremultiplied() -> [UInt8] {
    var out = Array(bytes)
    guard !isOpaque else { return out }
    for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] != 0 && out[i + 3] != 255 {
      let a = Int(out[i + 3])
      for c in 0..<3 { out[i + c] = UInt8(min((Int(out[i + c]) * 255 + a / 2) / a, 255)) }
    }
    return out
  }
}

extension sh_image_result {
  /// The library's message.
  var messageText: String {
    withUnsafeBytes(of: message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }

  /// Throws the error the status stands for, naming `path`.
  func check(_ path: String) throws(RenderError) {
    switch status {
    case SH_IMAGE_OK: return
    case SH_IMAGE_UNWRITABLE, SH_IMAGE_UNREADABLE: throw .outputUnwritable(file: path, errno: system_error)
    case SH_IMAGE_NO_MEMORY: throw .outOfMemory(file: path)
    default: throw .encoderFailed(file: path, reason: messageText)
    }
  }
}
