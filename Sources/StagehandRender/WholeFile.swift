import CStagehandImages
import CStagehandSystem
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Whole files written at once, under a temporary name renamed when complete: text (a stylesheet, a page, a JSON
/// timeline) and single PNG pictures (a contact sheet).
public enum WholeFile {
  /// Writes `text` as UTF-8 to `path`, or to standard output when `path` is `-`; with `createsDirectories`, the
  /// missing directories of `path` are created (``OutputDirectories``).
  public static func write(_ text: String, to path: String, createsDirectories: Bool = false) throws(RenderError) {
    let bytes = Array(text.utf8)
    if path == "-" {
      let failure = bytes.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
      if let failure { throw .outputUnwritable(file: "standard output", errno: failure) }
      return
    }
    let file = try OutputFile(path: path, createsDirectories: createsDirectories)
    var failure: RenderError?
    bytes.withUnsafeBytes { buffer in
      do throws(RenderError) { try file.write(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
    try file.commit()
  }

  /// Writes `frame` (opaque) as a PNG file at `path`.
  public static func writePNG(_ frame: Frame, to path: String) throws(RenderError) {
    let file = try OutputFile(path: path)
    let result = sh_png_write_descriptor(
      file.takeDescriptor(), frame.storage.assumingMemoryBound(to: UInt8.self), UInt32(frame.width),
      UInt32(frame.height), frame.rowBytes, 1, 6)
    do throws(RenderError) {
      try result.check(path)
    } catch {
      file.remove()
      throw error
    }
    try file.rename()
  }

  /// The bytes of the file at `path`; `nil` when it cannot be read.
  static func read(_ path: String) -> [UInt8]? {
    SystemFile.contents(of: path)
  }
}

extension PixelImage {
  /// The image encoded as PNG, as a `data:` URL for a self-contained page; the image must be opaque (its
  /// premultiplied bytes are then its straight ones). The PNG is encoded in an anonymous memory file, so that no
  /// scratch file is made beside the page; errors name `file`.
  public func pngDataURL(naming file: String) throws(RenderError) -> String {
    let descriptor = sh_system_memory_file("stagehand-png")
    guard descriptor >= 0 else { throw .outOfMemory(file: file) }
    defer { SystemFile.close(descriptor) }
    let result = sh_png_write(
      "/proc/self/fd/\(descriptor)", storage.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height),
      width * 4, 1, 6)
    try result.check(file)
    guard let bytes = WholeFile.read("/proc/self/fd/\(descriptor)") else {
      throw .outputUnwritable(file: file, errno: errno)
    }
    return "data:image/png;base64," + Base64.encode(bytes)
  }
}

/// Base64 (RFC 4648, with padding), for `data:` URLs.
public enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The Base64 text of `bytes`.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = UInt32(bytes[i])
      let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
      let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
      let word = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(word >> 18 & 63)])
      out.append(alphabet[Int(word >> 12 & 63)])
      out.append(i + 1 < bytes.count ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
