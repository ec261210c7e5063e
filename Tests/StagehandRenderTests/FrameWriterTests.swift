import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Each output format, read back with a decoder the renderer does not use.
@Suite("Frame writers")
struct FrameWriterTests {
  let from = TestPicture.gradient(width: 40, height: 30, flipped: false)
  let to = TestPicture.gradient(width: 40, height: 30, flipped: true)

  /// Cross-dissolve at 10 fps: 4 frames, the first exactly `from`, the last exactly `to`.
  func job(threads: Int = 2) throws -> RenderJob {
    let bounds = Rect(x: 0, y: 0, width: 40, height: 30)
    let animation = try bundledRegistry.forward(Transition("cross-dissolve"), in: TransitionContext(bounds: bounds))
    let scene = Scene(
      bounds: bounds, width: 40, height: 30, background: RGB(0, 0, 0), from: from.image, to: to.image)
    return RenderJob(scene: scene, frames: RenderJob.frames(of: animation, inverse: false, fps: 10), threads: threads)
  }

  @Test("PNG frames: one file per frame, numbered from 1, the first and last the two pictures", arguments: [1, 2, 3])
  func pngSequence(threads: Int) throws {
    let directory = try TemporaryDirectory()
    try job(threads: threads).run(into: try PNGSequenceWriter(pattern: directory.path + "/frames/f%03d.png"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/frames").sorted()
    #expect(names == ["f001.png", "f002.png", "f003.png", "f004.png"])
    let first = try #require(IndependentDecoders.readPNG(directory.path + "/frames/f001.png"))
    let last = try #require(IndependentDecoders.readPNG(directory.path + "/frames/f004.png"))
    #expect(first == from.picture)
    #expect(last == to.picture)
  }

  @Test("the frames are the same on any number of threads")
  func threads() throws {
    let one = try job(threads: 1)
    let many = try job(threads: 3)
    for index in one.frames.indices {
      #expect(one.draw(index)?.rgbaBytes == many.draw(index)?.rgbaBytes)
    }
  }

  @Test("animated WebP: libwebp's decoder finds every frame, the size, endless looping and 1/fps per frame")
  func webp() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.webp"
    try job().run(into: try WebPWriter(path: path, width: 40, height: 30, fps: 10, lossless: true))
    let animation = try #require(IndependentDecoders.readAnimatedWebP(path))
    #expect(animation.width == 40 && animation.height == 30)
    #expect(animation.loopCount == 0)
    #expect(animation.frames.map(\.endMilliseconds) == [100, 200, 300, 400])
    #expect(animation.frames.first?.picture == from.picture, "lossless: exactly")
    #expect(animation.frames.last?.picture == to.picture)
    let lossy = directory.path + "/lossy.webp"
    try job().run(into: try WebPWriter(path: lossy, width: 40, height: 30, fps: 10))
    let decoded = try #require(IndependentDecoders.readAnimatedWebP(lossy))
    #expect(decoded.frames.count == 4)
    #expect((decoded.frames.first?.picture.meanDifference(from: from.picture) ?? .infinity) < 4)
    #expect(directory.contents == ["lossy.webp", "out.webp"], "no temporary file is left")
  }

  @Test("Y4M: the header, a FRAME per frame, and BT.601 limited-range luma")
  func y4m() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.y4m"
    try job().run(into: try StreamWriter(format: .y4m, path: path, width: 40, height: 30, fps: 10))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let header = "YUV4MPEG2 W40 H30 F10:1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
    #expect(bytes.starts(with: Array(header.utf8)))
    let frameSize = 6 + 40 * 30 + 2 * 20 * 15
    #expect(bytes.count == header.utf8.count + 4 * frameSize)
    let firstLuma = header.utf8.count + 6
    for (x, y) in [(0, 0), (13, 7), (39, 29)] {
      let c = from.channels(x, y).map(Double.init)
      let expected = 16 + (65.481 * c[0] + 128.553 * c[1] + 24.966 * c[2]) / 255
      #expect(abs(Double(bytes[firstLuma + y * 40 + x]) - expected) <= 1)
    }
  }

  @Test("raw RGBA: the frames' bytes one after the other, the first exactly 'from'")
  func rgba() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.rgba"
    try job().run(into: try StreamWriter(format: .rgba, path: path, width: 40, height: 30, fps: 10))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.count == 4 * 40 * 30 * 4)
    #expect(Array(bytes.prefix(40 * 30 * 4)) == from.picture.rgba)
    #expect(Array(bytes.suffix(40 * 30 * 4)) == to.picture.rgba)
  }

  @Test("an output in a missing directory or under a file is refused before drawing, with its name")
  func unwritable() throws {
    let directory = try TemporaryDirectory()
    let file = directory.path + "/plain"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let missing = directory.path + "/missing/out.webp"
    #expect(throws: RenderError.outputUnwritable(file: missing, errno: ENOENT)) {
      try WebPWriter(path: missing, width: 40, height: 30, fps: 10)
    }
    #expect(throws: RenderError.outputUnwritable(file: file + "/f1.png", errno: ENOTDIR)) {
      try PNGSequenceWriter(pattern: file + "/f%d.png")
    }
    let message = RenderError.outputUnwritable(file: missing, errno: ENOENT).description
    #expect(message.contains(missing) && message.contains("nothing was left behind"))
    #expect(directory.contents == ["plain"])
  }

  @Test("frame name patterns: one %d, %Nd or %0Nd, and %% for a percent sign")
  func patterns() {
    #expect(PNGSequenceWriter.split("frames/%04d.png")! == ("frames/", 4, ".png"))
    #expect(PNGSequenceWriter.split("a%%b%d.png")! == ("a%b", 0, ".png"))
    #expect(PNGSequenceWriter.split("f%3d.png")! == ("f", 3, ".png"))
    #expect(PNGSequenceWriter.split("frame.png") == nil)
    #expect(PNGSequenceWriter.split("%d-%d.png") == nil)
    #expect(PNGSequenceWriter.split("%s.png") == nil)
  }
}
