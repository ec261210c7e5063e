import CStagehandImages
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a YUV4MPEG2 stream frame by frame from a file descriptor (a file, a pipe, standard input), holding one
/// frame at a time: its header on creation, then each `FRAME` and its planes.
///
/// A reader belongs to one thread at a time.
public final class Y4MReader {
  /// The stream's header.
  public private(set) var header: Y4MHeader
  /// The name errors give: the file's path, or "standard input".
  public let name: String
  /// How many frames were read.
  public private(set) var framesRead = 0
  private let descriptor: Int32
  private let closes: Bool
  /// Called once the stream has ended (or ended early): an error it returns replaces the reader's own (a decoder
  /// that failed explains an early end better than "truncated").
  private let ending: (() -> RenderError?)?
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var start = 0
  private var end = 0
  private var finished = false
  /// Whether the header has been read (until then, an early end is inside the header).
  private var headerRead = false

  /// Reads the header of the stream on `descriptor` (closed with the reader when `closes`); refuses, naming `name`,
  /// a stream that is not YUV4MPEG2, ends inside its header, or whose header is malformed or announces frames of
  /// more than `budget` pixels (``Y4MHeader/parse(_:file:budget:)``).
  public init(
    descriptor: Int32, name: String, closes: Bool, budget: Int = PixelImage.pixelBudget,
    ending: (() -> RenderError?)? = nil
  ) throws(RenderError) {
    self.descriptor = descriptor
    self.name = name
    self.closes = closes
    self.ending = ending
    // The header (a placeholder until it is read, so that the reading methods may run).
    header = Y4MHeader(width: 1, height: 1, rate: nil, chroma: .mono, fullRange: false)
    guard let line = try readLine() else { throw endError(frame: nil) }
    header = try Y4MHeader.parse(line, file: name, budget: budget)
    headerRead = true
  }

  deinit {
    if closes { SystemFile.close(descriptor) }
  }

  /// The next frame, or `nil` at the end of the stream; refuses a malformed `FRAME` line and a stream that ends
  /// inside a frame, naming the file and the frame.
  public func nextFrame() throws(RenderError) -> Y4MFrame? {
    guard let line = try readLine() else {
      if let error = finish() { throw error }
      return nil
    }
    guard line.starts(with: Array("FRAME".utf8)), line.count == 5 || line[5] == 0x20 else {
      throw .videoHeaderInvalid(file: name, reason: "frame \(framesRead) does not start with FRAME")
    }
    let count = header.frameBytes
    // The planes are read straight into a new array, not zeroed first (every byte is read, or the frame refused).
    // The closure cannot throw a typed error: the error is carried out of it instead.
    var outcome = Result<Int, RenderError>.success(0)
    let planes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(RenderError) {
        let filled = try read(into: UnsafeMutableRawBufferPointer(buffer))
        outcome = .success(filled)
        initialized = filled
      } catch {
        outcome = .failure(error)
        initialized = 0
      }
    }
    let filled = try outcome.get()
    guard filled == count else { throw endError(frame: framesRead) }
    framesRead += 1
    return Y4MFrame(header: header, planes: planes)
  }

  /// The error for a stream that ended early: the `ending` hook's, else truncation.
  private func endError(frame: Int?) -> RenderError {
    finish() ?? .videoTruncated(file: name, frame: frame)
  }

  /// Calls `ending` once.
  private func finish() -> RenderError? {
    guard !finished else { return nil }
    finished = true
    return ending?()
  }

  /// Reads more bytes into the buffer; `false` at the end of the stream.
  private func fill() throws(RenderError) -> Bool {
    if start > 0 {
      buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
      }
      end -= start
      start = 0
    }
    let got = try buffer.withUnsafeMutableBytes { raw in
      readSome(UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
    }.get()
    end += got
    return got > 0
  }

  /// Reads what the descriptor has into `target`: how many bytes (0 at the end of the stream), or the error that
  /// names the file.
  private func readSome(_ target: UnsafeMutableRawBufferPointer) -> Result<Int, RenderError> {
    do throws(SystemCallError) {
      // A non-blocking descriptor with nothing to read yet is an error like any other.
      guard let got = try SystemFile.readAvailable(descriptor, into: target) else {
        throw SystemCallError("read", code: EAGAIN)
      }
      return .success(got)
    } catch {
      return .failure(.imageUnreadable(file: name, errno: error.code))
    }
  }

  /// The next line without its line feed; `nil` when the stream ends before any byte of it. A line longer than
  /// ``Y4MHeader/longestLine`` is refused; one cut off by the end of the stream is truncation.
  private func readLine() throws(RenderError) -> [UInt8]? {
    var searched = start
    while true {
      if let newline = buffer[searched..<end].firstIndex(of: 0x0A) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        return line
      }
      guard end - start < Y4MHeader.longestLine else {
        throw .videoHeaderInvalid(
          file: name,
          reason: !headerRead
            ? "no line feed in its first \(Y4MHeader.longestLine) bytes"
            : "the line of frame \(framesRead) has no line feed in \(Y4MHeader.longestLine) bytes")
      }
      searched = end
      let before = end - start
      guard try fill() else {
        if before == 0 { return nil }
        throw endError(frame: headerRead ? framesRead : nil)
      }
      searched = start + before
    }
  }

  /// Fills `target` from the buffer, then from the descriptor; returns how many bytes it got (fewer at the end).
  private func read(into target: UnsafeMutableRawBufferPointer) throws(RenderError) -> Int {
    let buffered = min(end - start, target.count)
    buffer.withUnsafeBytes { raw in target.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: buffered)
    }
    start += buffered
    var filled = buffered
    while filled < target.count {
      let got = try readSome(UnsafeMutableRawBufferPointer(rebasing: target[filled...])).get()
      if got == 0 { break }
      filled += got
    }
    return filled
  }
}

/// One frame of a YUV4MPEG2 stream: its planes, Y' then Cb then Cr, as read.
public final class Y4MFrame: Sendable {
  /// The stream's header.
  public let header: Y4MHeader
  /// The planes, `header.frameBytes` bytes.
  public let planes: [UInt8]

  /// A frame of `header`'s size from `planes`.
  public init(header: Y4MHeader, planes: [UInt8]) {
    precondition(planes.count == header.frameBytes)
    self.header = header
    self.planes = planes
  }

  /// The frame in RGB (BT.601, in the stream's range), as an opaque picture; `nil` when memory is short.
  public func picture() -> PixelImage? {
    let (width, height) = (header.width, header.height)
    return PixelImage.make(width: width, height: height, isOpaque: true) { storage in
      planes.withUnsafeBufferPointer { bytes in
        let y = bytes.baseAddress!
        let mono = header.chroma == .mono
        let cb = mono ? nil : y + width * height
        let cr = mono ? nil : y + width * height + header.chromaCount
        let (sx, sy) = header.chroma.shifts
        sh_ycbcr_to_bgra(
          y, cb, cr, UInt32(width), UInt32(height), UInt32(sx), UInt32(sy), header.fullRange ? 1 : 0,
          storage.assumingMemoryBound(to: UInt8.self))
      }
    }
  }
}
