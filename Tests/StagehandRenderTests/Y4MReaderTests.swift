import Foundation
import StagehandRender
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The YUV4MPEG2 reader: its header fields, its frames and their conversion to RGB, and what it refuses.
@Suite("Y4M reader")
struct Y4MReaderTests {
  /// A reader over `bytes`, in an unlinked temporary file.
  func reader(_ bytes: [UInt8]) throws(RenderError) -> Y4MReader {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("y4m-\(UUID().uuidString)").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let descriptor = open(path, O_RDONLY)
    unlink(path)
    return try Y4MReader(descriptor: descriptor, name: "clip.y4m", closes: true)
  }

  @Test("header fields: size, rate, colour space, range; I and A read and ignored; no C means 4:2:0")
  func headerFields() throws {
    let header = try Y4MHeader.parse(
      Array("YUV4MPEG2 W640 H360 F30000:1001 It A4:3 C444 XYSCSS=444 XCOLORRANGE=FULL".utf8), file: "f",
      budget: 1_000_000)
    #expect(header.width == 640 && header.height == 360)
    #expect(header.rate?.numerator == 30_000 && header.rate?.denominator == 1_001)
    #expect(header.chroma == .c444 && header.fullRange)
    #expect(header.frameBytes == 640 * 360 * 3)
    for (name, chroma) in [
      ("420jpeg", Y4MChroma.c420), ("420mpeg2", .c420), ("420paldv", .c420), ("420", .c420),
      ("422", .c422), ("mono", .mono),
    ] {
      let parsed = try Y4MHeader.parse(Array("YUV4MPEG2 W5 H3 C\(name)".utf8), file: "f", budget: 100)
      #expect(parsed.chroma == chroma && !parsed.fullRange && parsed.rate == nil)
    }
    let plain = try Y4MHeader.parse(Array("YUV4MPEG2 W5 H3".utf8), file: "f", budget: 100)
    #expect(plain.chroma == .c420 && plain.frameBytes == 15 + 2 * 3 * 2, "odd sizes round the chroma planes up")
  }

  @Test(
    "malformed and enormous headers are refused, naming the file",
    arguments: [
      ("YUV4MPEG W5 H3", "does not start with YUV4MPEG2"), ("YUV4MPEG2 W-5 H3", "W-5"),
      ("YUV4MPEG2 W5 H0", "H0"), ("YUV4MPEG2 W5 H3 F1:0", "F1:0"), ("YUV4MPEG2 W5 H3 F30", "F30 is not NUM:DEN"),
      ("YUV4MPEG2 W5 H3 F1:7200", "F1:7200"), ("YUV4MPEG2 W5 H3 C411", "C411"),
      ("YUV4MPEG2 W11 H10", "11x10 pixels, more than the 100"), ("YUV4MPEG2 W9999999999 H1", "W9999999999"),
      ("YUV4MPEG2 W16385 H1", "16385x1 pixels; the renderer draws frames of at most 16384 pixels on a side"),
    ])
  func refused(line: String, why: String) {
    let error = #expect(throws: RenderError.self) {
      _ = try Y4MHeader.parse(Array(line.utf8), file: "the/file.y4m", budget: 100)
    }
    #expect(error?.file == "the/file.y4m")
    #expect("\(error.map { "\($0)" } ?? "")".contains(why), "\(String(describing: error))")
    #expect("\(error.map { "\($0)" } ?? "")".contains("'the/file.y4m'"))
  }

  @Test("frames in order, then the end; a frame cut short is truncation of that frame")
  func frames() throws {
    let samples = (0..<3).map(Y4MClips.a)
    let clip = try reader(Y4MClips.flat(width: 4, height: 2, frames: samples))
    for sample in samples {
      let frame = try #require(try clip.nextFrame())
      let picture = try #require(frame.picture())
      let rgb = Y4MClips.rgb(sample)
      #expect(picture[3, 1] == RGBA(rgb[0], rgb[1], rgb[2]))
    }
    #expect(try clip.nextFrame() == nil)
    let cut = try reader(Array(Y4MClips.flat(width: 4, height: 2, frames: samples).dropLast(3)))
    _ = try cut.nextFrame()
    _ = try cut.nextFrame()
    #expect(throws: RenderError.videoTruncated(file: "clip.y4m", frame: 2)) { try cut.nextFrame() }
  }

  @Test("BT.601 in limited and full range, 4:2:0, 4:2:2, 4:4:4 and mono: within 1 of floating point (seeded)")
  func conversion() throws {
    var generator = SeededGenerator(seed: SeededGenerator.testSeed(0x5934_4D21))
    for _ in 0..<200 {
      let sample = Y4MClips.Sample(
        UInt8.random(in: 16...235, using: &generator), UInt8.random(in: 16...240, using: &generator),
        UInt8.random(in: 16...240, using: &generator))
      let full = Bool.random(using: &generator)
      for chroma in ["420", "422", "444", "mono"] {
        let (width, height) = (3, 3)
        let chromaCount =
          chroma == "mono" ? 0 : chroma == "444" ? 9 : chroma == "422" ? 2 * 3 : 2 * 2
        var bytes = Array("YUV4MPEG2 W\(width) H\(height) C\(chroma)\(full ? " XCOLORRANGE=FULL" : "")\nFRAME\n".utf8)
        bytes += [UInt8](repeating: sample.y, count: width * height)
        bytes += [UInt8](repeating: sample.cb, count: chromaCount) + [UInt8](repeating: sample.cr, count: chromaCount)
        let picture = try #require(try reader(bytes).nextFrame()?.picture())
        let expected = Y4MClips.rgb(chroma == "mono" ? Y4MClips.Sample(sample.y, 128, 128) : sample, fullRange: full)
        let pixel = picture[2, 2]
        let difference = zip([pixel.r, pixel.g, pixel.b], expected).map { abs(Int($0) - Int($1)) }.max()!
        #expect(difference <= 1, "seed \(generator.seed): \(sample) \(chroma) full \(full): \(pixel) vs \(expected)")
      }
    }
  }
}
