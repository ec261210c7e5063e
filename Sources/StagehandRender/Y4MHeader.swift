/// How the chroma planes of a YUV4MPEG2 stream are sampled (its `C` field).
public enum Y4MChroma: String, Sendable, CaseIterable {
  /// 4:2:0: one Cb and one Cr sample for each 2 x 2 block (`C420jpeg`, `C420mpeg2`, `C420paldv`, `C420`, and no
  /// `C` at all).
  case c420 = "420"
  /// 4:2:2: one Cb and one Cr sample for each 2 x 1 block (`C422`).
  case c422 = "422"
  /// 4:4:4: a Cb and a Cr sample for every pixel (`C444`).
  case c444 = "444"
  /// Luma only, a grey picture (`Cmono`).
  case mono

  /// The shifts that divide the width and the height into chroma samples.
  var shifts: (x: Int, y: Int) {
    switch self {
    case .c420: (1, 1)
    case .c422: (1, 0)
    case .c444, .mono: (0, 0)
    }
  }

  /// The chroma that the `C` field `value` names, or `nil` for one this reader does not take.
  static func named(_ value: String) -> Y4MChroma? {
    switch value {
    case "420jpeg", "420mpeg2", "420paldv", "420": .c420
    case "422": .c422
    case "444": .c444
    case "mono": .mono
    default: nil
    }
  }
}

/// The header of a YUV4MPEG2 stream: `YUV4MPEG2` then fields separated by spaces, `W` width, `H` height, `F` rate
/// (`num:den`), `I` interlacing, `A` pixel aspect, `C` colour space and `X` extensions, ended by a line feed.
///
/// Interlacing and pixel aspect are read and ignored: frames are drawn as progressive pictures of square pixels. Of
/// the extensions, `XCOLORRANGE=FULL` or `XCOLORRANGE=LIMITED` (what ffmpeg writes) says the range; without it the
/// range is limited (BT.601 studio range, Y' 16 to 235).
public struct Y4MHeader: Sendable, Equatable {
  /// The longest header line read, in bytes, the line feed included: a longer one is refused as corrupt.
  public static let longestLine = 4_096
  /// The slowest and fastest frame rates taken, in frames per second.
  public static let rates: ClosedRange<Double> = (1.0 / 3_600)...1_000

  /// The frame width in pixels.
  public var width: Int
  /// The frame height in pixels.
  public var height: Int
  /// The frame rate as written, numerator and denominator; `nil` when the header gives none.
  public var rate: (numerator: Int, denominator: Int)?
  /// How chroma is sampled.
  public var chroma: Y4MChroma
  /// Whether the samples use the full range 0 to 255 (else limited, Y' 16 to 235 and Cb, Cr 16 to 240).
  public var fullRange: Bool

  /// The frame rate in frames per second, or `nil` when the header gives none.
  public var framesPerSecond: Double? { rate.map { Double($0.numerator) / Double($0.denominator) } }

  /// The bytes of one chroma plane.
  var chromaCount: Int {
    guard chroma != .mono else { return 0 }
    let (sx, sy) = chroma.shifts
    return ((width + (1 << sx) - 1) >> sx) * ((height + (1 << sy) - 1) >> sy)
  }

  /// The bytes of one frame's planes (after its `FRAME` line).
  public var frameBytes: Int { width * height + 2 * chromaCount }

  /// Compares two headers field by field.
  public static func == (a: Y4MHeader, b: Y4MHeader) -> Bool {
    a.width == b.width && a.height == b.height && a.rate?.numerator == b.rate?.numerator
      && a.rate?.denominator == b.rate?.denominator && a.chroma == b.chroma && a.fullRange == b.fullRange
  }

  /// Parses the header `line` (without its line feed) of the stream `file`; refuses, naming `file`, a line that does
  /// not start with `YUV4MPEG2`, a missing or malformed width or height, frames of more than `budget` pixels or wider
  /// or taller than ``PixelImage/largestSide``, a rate outside ``rates`` and a colour space this reader does not take.
  public static func parse(_ line: [UInt8], file: String, budget: Int) throws(RenderError) -> Y4MHeader {
    let fields = line.split(separator: 0x20, omittingEmptySubsequences: true)
    guard let magic = fields.first, Array(magic) == Array("YUV4MPEG2".utf8) else {
      throw .videoHeaderInvalid(file: file, reason: "it does not start with YUV4MPEG2")
    }
    var width: Int?
    var height: Int?
    var rate: (Int, Int)?
    var chroma = Y4MChroma.c420
    var fullRange = false
    for field in fields.dropFirst() {
      let value = String(decoding: field.dropFirst(), as: UTF8.self)
      switch field.first {
      case UInt8(ascii: "W"): width = try dimension(value, "W", file)
      case UInt8(ascii: "H"): height = try dimension(value, "H", file)
      case UInt8(ascii: "F"):
        guard let ratio = ratio(value) else {
          throw .videoHeaderInvalid(file: file, reason: "the frame rate F\(value) is not NUM:DEN")
        }
        guard ratio.1 > 0, rates.contains(Double(ratio.0) / Double(ratio.1)) else {
          throw .videoRateInvalid(file: file, rate: value)
        }
        rate = ratio
      case UInt8(ascii: "C"):
        guard let named = Y4MChroma.named(value) else {
          throw .videoHeaderInvalid(
            file: file,
            reason: "the colour space C\(value) is not read here (give 420jpeg, 420mpeg2, 420paldv, 420, 422, 444 "
              + "or mono in 8 bits)")
        }
        chroma = named
      case UInt8(ascii: "X"):
        if value == "COLORRANGE=FULL" { fullRange = true }
        if value == "COLORRANGE=LIMITED" { fullRange = false }
      default: break  // I (interlacing), A (pixel aspect) and fields to come: ignored
      }
    }
    guard let width, let height else {
      throw .videoHeaderInvalid(file: file, reason: "the header gives no \(width == nil ? "width (W)" : "height (H)")")
    }
    guard width <= PixelImage.largestSide, height <= PixelImage.largestSide else {
      throw .videoTooWide(file: file, width: width, height: height, limit: PixelImage.largestSide)
    }
    guard width.multipliedReportingOverflow(by: height).partialValue <= budget else {
      throw .videoTooLarge(file: file, width: width, height: height, budget: budget)
    }
    return Y4MHeader(width: width, height: height, rate: rate, chroma: chroma, fullRange: fullRange)
  }

  /// A width or height: 1 to 9 digits, not zero.
  private static func dimension(_ value: String, _ letter: String, _ file: String) throws(RenderError) -> Int {
    guard let number = digits(value), number > 0 else {
      throw .videoHeaderInvalid(file: file, reason: "\(letter)\(value) is not a positive whole number of pixels")
    }
    return number
  }

  /// `NUM:DEN`, each 1 to 9 digits.
  private static func ratio(_ value: String) -> (Int, Int)? {
    let parts = value.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let numerator = digits(String(parts[0])), let denominator = digits(String(parts[1]))
    else { return nil }
    return (numerator, denominator)
  }

  /// A number of 1 to 9 decimal digits, nothing else.
  private static func digits(_ value: String) -> Int? {
    guard (1...9).contains(value.utf8.count), value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(value)
  }
}
