import Foundation
import StagehandRender
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Reading pictures: PNG and JPEG through the C shim, and every kind of bad file refused with its name.
@Suite("Image files")
struct ImageFileTests {
  /// A 16 x 8 JPEG of the colour (200, 40, 40), made with ffmpeg (`color=c=0xC82828`, `-q:v 2`, 4:4:4): 227 bytes.
  // An array rather than Data: LeakSanitizer does not see a global Data's storage as reachable.
  static let jpeg: [UInt8] = [
    0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x02, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xFF, 0xFE, 0x00, 0x10, 0x4C, 0x61, 0x76, 0x63, 0x35, 0x39, 0x2E, 0x33,
    0x37, 0x2E, 0x31, 0x30, 0x30, 0x00, 0xFF, 0xDB, 0x00, 0x43, 0x00, 0x08, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x06,
    0x06, 0x06, 0x06, 0x06, 0x07, 0x07, 0x07, 0x08, 0x08, 0x08, 0x07, 0x07, 0x07, 0x06, 0x06, 0x07,
    0x07, 0x08, 0x08, 0x08, 0x08, 0x09, 0x09, 0x09, 0x08, 0x08, 0x08, 0x08, 0x09, 0x09, 0x0A, 0x0A,
    0x0A, 0x0C, 0x0C, 0x0B, 0x0B, 0x0E, 0x0E, 0x0E, 0x11, 0x11, 0x14, 0xFF, 0xC4, 0x00, 0x4D, 0x00,
    0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x06, 0x01, 0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x05, 0x07, 0x10, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00,
    0x08, 0x00, 0x10, 0x03, 0x01, 0x12, 0x00, 0x02, 0x12, 0x00, 0x03, 0x12, 0x00, 0xFF, 0xDA, 0x00,
    0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00, 0x96, 0x11, 0x06, 0xA0, 0x00,
    0x03, 0xFF, 0xD9,
  ]

  @Test("a PNG reads back to the pixels written with libpng's simplified API; alpha is premultiplied")
  func png() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/picture.png"
    var rgba = TestPicture.noise(width: 9, height: 7, seed: 5).picture.rgba
    rgba[3] = 128
    rgba[7] = 0
    #expect(IndependentDecoders.writePNG(DecodedPicture(width: 9, height: 7, rgba: rgba), to: path))
    let image = try PixelImage.read(path: path)
    #expect(image.width == 9 && image.height == 7)
    #expect(!image.isOpaque)
    #expect(
      image[0, 0] == RGBA(premultiplied(rgba[0], 128), premultiplied(rgba[1], 128), premultiplied(rgba[2], 128), 128))
    #expect(image[1, 0] == RGBA(0, 0, 0, 0))
    for x in 2..<9 {
      let i = x * 4
      #expect(image[x, 0] == RGBA(rgba[i], rgba[i + 1], rgba[i + 2], 255))
    }
  }

  func premultiplied(_ channel: UInt8, _ alpha: Int) -> UInt8 { UInt8((Int(channel) * alpha + 127) / 255) }

  @Test("a JPEG reads to its size and colour")
  func jpeg() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/picture.jpg"
    try Data(Self.jpeg).write(to: URL(fileURLWithPath: path))
    let image = try PixelImage.read(path: path)
    #expect(image.width == 16 && image.height == 8 && image.isOpaque)
    let pixel = image[5, 3]
    #expect(abs(Int(pixel.r) - 200) <= 3 && abs(Int(pixel.g) - 40) <= 3 && abs(Int(pixel.b) - 40) <= 3)
  }

  /// A PNG that is all header: IHDR says `width` x `height`, 8-bit RGBA, then IEND; no image data.
  static func headerOnlyPNG(width: UInt32, height: UInt32) -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }
    let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IEND", []))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// A valid PNG of noise, as bytes.
  static func noisePNG(in directory: TemporaryDirectory) throws -> Data {
    let path = directory.path + "/noise.png"
    #expect(IndependentDecoders.writePNG(TestPicture.noise(width: 32, height: 32, seed: 6).picture, to: path))
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test("a header announcing more pixels than the budget is refused from the header, before decoding")
  func tooLarge() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/bomb.png"
    try Self.headerOnlyPNG(width: 100_000, height: 100_000).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: RenderError.imageTooLarge(file: path, width: 100_000, height: 100_000, budget: PixelImage.pixelBudget)
    ) {
      try PixelImage.read(path: path)
    }
    let message = RenderError.imageTooLarge(file: path, width: 100_000, height: 100_000, budget: 40_000_000)
      .description
    #expect(message.contains(path) && message.contains("100000x100000") && message.contains("scale it down"))
  }

  @Test("a damaged PNG is refused with libpng's reason and the file's name")
  func corrupt() throws {
    let directory = try TemporaryDirectory()
    var bytes = try Self.noisePNG(in: directory)
    let idat = try #require(bytes.range(of: Data("IDAT".utf8)))
    bytes[idat.upperBound + 10] ^= 0xFF
    let path = directory.path + "/damaged.png"
    try bytes.write(to: URL(fileURLWithPath: path))
    do {
      _ = try PixelImage.read(path: path)
      Issue.record("a damaged PNG was read")
    } catch {
      guard case .imageCorrupt(let file, let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(file == path)
      #expect(reason.contains("IDAT"), "libpng's reason: \(reason)")
      #expect(error.description.contains("damaged") && error.description.contains(path))
    }
  }

  @Test("a truncated PNG or JPEG is refused as truncated", arguments: ["png", "jpg"])
  func truncated(kind: String) throws {
    let directory = try TemporaryDirectory()
    let whole = kind == "png" ? try Self.noisePNG(in: directory) : Data(Self.jpeg)
    let path = directory.path + "/cut.\(kind)"
    try whole.prefix(whole.count - 12).write(to: URL(fileURLWithPath: path))
    #expect(throws: RenderError.imageTruncated(file: path)) { try PixelImage.read(path: path) }
    #expect(RenderError.imageTruncated(file: path).description.contains("truncated"))
  }

  @Test("a file that is no picture, an empty one and a missing one are refused with their names")
  func notPictures() throws {
    let directory = try TemporaryDirectory()
    let text = directory.path + "/notes.png"
    try Data("just some text, not a picture".utf8).write(to: URL(fileURLWithPath: text))
    #expect(throws: RenderError.imageFormatUnknown(file: text)) { try PixelImage.read(path: text) }
    let empty = directory.path + "/empty.png"
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(throws: RenderError.fileEmpty(file: empty)) { try PixelImage.read(path: empty) }
    let missing = directory.path + "/missing.png"
    #expect(throws: RenderError.imageUnreadable(file: missing, errno: ENOENT)) { try PixelImage.read(path: missing) }
    #expect(RenderError.imageUnreadable(file: missing, errno: ENOENT).description.contains("No such file"))
  }

  @Test("fill covers the container and crops; fit letterboxes in the background colour")
  func fitting() {
    // 4 x 2: left half red, right half blue.
    let red: [UInt8] = [255, 0, 0, 255]
    let blue: [UInt8] = [0, 0, 255, 255]
    let picture = PixelImage(width: 4, height: 2, rgba: (red + red + blue + blue) + (red + red + blue + blue))!
    let background = RGB(0, 255, 0)
    let filled = picture.fitted(width: 8, height: 8, fitting: .fill, background: background)!
    #expect(filled.width == 8 && filled.height == 8)
    #expect(filled[0, 0] == RGBA(255, 0, 0) && filled[7, 7] == RGBA(0, 0, 255), "no background shows")
    let fitted = picture.fitted(width: 8, height: 8, fitting: .fit, background: background)!
    #expect(fitted[0, 0] == RGBA(background) && fitted[7, 7] == RGBA(background), "letterboxed above and below")
    #expect(fitted[1, 4] == RGBA(255, 0, 0) && fitted[6, 4] == RGBA(0, 0, 255))
  }

  @Test("generated cards tell A from B: different colours, and neither is a mirror of the other")
  func cards() {
    let a = PixelImage.card(.a, width: 96, height: 64)!
    let b = PixelImage.card(.b, width: 96, height: 64)!
    #expect(a[48, 40] != b[48, 40])
    #expect(a.isOpaque && b.isOpaque)
    // The square at the title bar's left end shows which way is up and which side is left.
    #expect(a[3, 3] == RGBA(CardLook.a.fill) && a[92, 3] == RGBA(CardLook.a.accent))
  }
}
