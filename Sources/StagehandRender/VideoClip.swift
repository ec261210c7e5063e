import StagehandAnimation
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A moving picture or a still, read frame by frame as the frames are drawn, never whole: a YUV4MPEG2 file or
/// stream, any other video through `ffmpeg`, or a PNG or JPEG picture (one frame, held for ever).
///
/// Several drawing threads ask for frames at once; the stream is read under a lock, in order, and only the frames
/// that may still be asked for are kept (`frame(_:keepingFrom:)`).
public final class VideoClip: @unchecked Sendable {
  /// The name errors give: the path, or "standard input".
  public let name: String
  /// The frame width in pixels.
  public let width: Int
  /// The frame height in pixels.
  public let height: Int
  /// The frame rate, or `nil` for a still or a stream that gives none.
  public let framesPerSecond: Double?
  /// Whether the clip is a still picture.
  public let isStill: Bool
  private let state: Locked<ClipState>

  /// Opens `path` (`-`: standard input, which must be YUV4MPEG2): a PNG or JPEG picture as a still, a YUV4MPEG2
  /// file as a clip, and any other regular file through `ffmpeg` (``RenderError/ffmpegMissing(file:)`` without it).
  /// Refuses, naming the file, what cannot be read, a file that is not a regular file, and a malformed or enormous
  /// YUV4MPEG2 header.
  public static func open(path: String, budget: Int = PixelImage.pixelBudget) throws(RenderError) -> VideoClip {
    if path == "-" {
      let reader = try Y4MReader(descriptor: STDIN_FILENO, name: "standard input", closes: false, budget: budget)
      return VideoClip(reader: reader, decoder: nil)
    }
    let descriptor = try PixelImage.openRegular(path)
    var magic = [UInt8](repeating: 0, count: 10)
    let got =
      (try? magic.withUnsafeMutableBytes { buffer throws(SystemCallError) in
        try SystemFile.read(descriptor, into: buffer.baseAddress!, count: 10, at: 0)
      }) ?? 0
    let head = Array(magic.prefix(got))
    if head.starts(with: Array("YUV4MPEG2".utf8)) {
      SystemFile.setBlocking(descriptor, true)
      let reader = try Y4MReader(descriptor: descriptor, name: path, closes: true, budget: budget)
      return VideoClip(reader: reader, decoder: nil)
    }
    SystemFile.close(descriptor)
    let isPNG = head.starts(with: [0x89, 0x50, 0x4E, 0x47])
    let isJPEG = head.starts(with: [0xFF, 0xD8, 0xFF])
    if isPNG || isJPEG || head.count < 4 {
      return VideoClip(still: try PixelImage.read(path: path, budget: budget), name: path)
    }
    let decoder = try FFmpegDecoder(file: path)
    let reader = try Y4MReader(
      descriptor: decoder.output, name: path, closes: false, budget: budget, ending: { decoder.ended() })
    return VideoClip(reader: reader, decoder: decoder)
  }

  /// A clip of one picture.
  public init(still: PixelImage, name: String) {
    self.name = name
    width = still.width
    height = still.height
    framesPerSecond = nil
    isStill = true
    state = Locked(ClipState(still: still))
  }

  private init(reader: Y4MReader, decoder: FFmpegDecoder?) {
    name = reader.name
    width = reader.header.width
    height = reader.header.height
    framesPerSecond = reader.header.framesPerSecond
    isStill = false
    state = Locked(ClipState(reader: reader, decoder: decoder))
  }

  /// Frame `index` (counted from 0), read from the stream if need be, with whether the clip ended before it (then
  /// the frame is the clip's last one, held). Frames below `low` are let go: they are never asked for again.
  func frame(_ index: Int, keepingFrom low: Int) throws(RenderError) -> (frame: ClipFrame, ended: Bool) {
    try state.withLock { (state: inout ClipState) throws(RenderError) in try state.frame(index, keepingFrom: low) }
  }

  /// Stops reading: lets the kept frames, the reader and the `ffmpeg` child go (the child is killed if it runs).
  public func close() { state.withLock { $0.close() } }
}

/// A frame of a clip, converted to RGB and fitted to the frame size once, by the first thread that draws it.
final class ClipFrame: @unchecked Sendable {
  private let source: Locked<Source>

  private enum Source: @unchecked Sendable {
    case stream(Y4MFrame)
    case picture(PixelImage)
    case fitted(PixelImage, width: Int, height: Int)
    case failed
  }

  init(_ frame: Y4MFrame) { source = Locked(.stream(frame)) }
  init(_ picture: PixelImage) { source = Locked(.picture(picture)) }

  /// The frame as a `width` x `height` picture (`fitting` says how), over `background`; `nil` when memory is short.
  func picture(width: Int, height: Int, fitting: Fitting, background: RGB) -> PixelImage? {
    source.withLock { source in
      var picture: PixelImage?
      switch source {
      case .fitted(let fitted, let w, let h) where w == width && h == height: return fitted
      case .fitted(let fitted, _, _): picture = fitted
      case .stream(let frame): picture = frame.picture()
      case .picture(let image): picture = image
      case .failed: return nil
      }
      guard let picture else {
        source = .failed
        return nil
      }
      let fitted =
        picture.width == width && picture.height == height && picture.isOpaque
        ? picture : picture.fitted(width: width, height: height, fitting: fitting, background: background)
      guard let fitted else { return nil }
      source = .fitted(fitted, width: width, height: height)
      return fitted
    }
  }
}

/// What a clip's lock guards: the reader, and the frames kept.
private struct ClipState: @unchecked Sendable {
  var name = ""
  var reader: Y4MReader?
  var decoder: FFmpegDecoder?
  /// Kept frames by index.
  var kept: [Int: ClipFrame] = [:]
  /// The last frame read.
  var last: (index: Int, frame: ClipFrame)?
  /// How many frames the clip has, once its end was reached.
  var count: Int?
  /// The error that stopped the reading: every later request gets it too, so that each drawing thread reports the
  /// same cause (a second thread reading on would see the end of the stream, and call it a truncated frame).
  var failure: RenderError?

  init(still: PixelImage) {
    last = (0, ClipFrame(still))
    count = 1
  }

  init(reader: Y4MReader, decoder: FFmpegDecoder?) {
    self.reader = reader
    self.decoder = decoder
    name = reader.name
  }

  mutating func frame(_ index: Int, keepingFrom low: Int) throws(RenderError) -> (frame: ClipFrame, ended: Bool) {
    if let failure { throw failure }
    for old in kept.keys where old < low && old != index { kept[old] = nil }
    if let frame = kept[index] { return (frame, false) }
    while count == nil, (last?.index ?? -1) < index, let reader {
      let read: Y4MFrame?
      do throws(RenderError) {
        read = try reader.nextFrame()
      } catch {
        failure = error
        close()
        throw error
      }
      guard let next = read else {
        count = reader.framesRead
        close()
        break
      }
      let frame = ClipFrame(next)
      let position = reader.framesRead - 1
      last = (position, frame)
      if position >= low { kept[position] = frame }
    }
    guard let last else { throw .videoHasNoFrame(file: name) }
    if let frame = kept[index] { return (frame, false) }
    if let count, index >= count { return (last.frame, true) }
    // Let go already (a caller that asks for less than it promised): the nearest frame kept after it.
    let nearest = kept.keys.filter { $0 > index }.min().flatMap { kept[$0] }
    return (nearest ?? last.frame, false)
  }

  mutating func close() {
    reader = nil
    decoder = nil
  }
}
