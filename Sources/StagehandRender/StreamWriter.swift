import CStagehandImages

#if canImport(Glibc)
  import Glibc
#endif

/// Writes frames one after the other to a file or to standard output: raw RGBA, or YUV4MPEG2 (Y'CbCr 4:2:0, BT.601
/// limited range, the colour conversion done on the drawing threads).
public final class StreamWriter: FrameWriter {
  /// The frame's bytes for YUV4MPEG2 (`FRAME` and the three planes), or `nil` for RGBA, written from the frame itself.
  public typealias Product = [UInt8]?

  private let format: RenderFormat
  private let name: String
  private let file: OutputFile?
  private let descriptor: Int32
  private var header: [UInt8]?

  /// A writer of `format` (`.y4m` or `.rgba`) to `path`, or to standard output when `path` is `-`, of frames of
  /// `width` x `height` pixels at `fps` frames per second; with `createsDirectories`, the missing directories of
  /// `path` are created (``OutputDirectories``).
  public init(
    format: RenderFormat, path: String, width: Int, height: Int, fps: Int, createsDirectories: Bool = false
  ) throws(RenderError) {
    precondition(format.streams)
    self.format = format
    if path == "-" {
      name = "standard output"
      file = nil
      descriptor = STDOUT_FILENO
    } else {
      name = path
      let file = try OutputFile(path: path, createsDirectories: createsDirectories)
      self.file = file
      descriptor = -1
    }
    if format == .y4m {
      header = Array("YUV4MPEG2 W\(width) H\(height) F\(fps):1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n".utf8)
    }
  }

  /// Converts the frame on the drawing thread: to Y'CbCr for YUV4MPEG2, to the byte order R, G, B, A for raw.
  public var prepare: @Sendable (Int, Frame) -> [UInt8]? {
    guard format == .y4m else {
      // Raw RGBA: the frame's bytes are reordered in place on the drawing thread, then written as they are.
      return { _, frame in
        frame.swapRedAndBlue()
        return nil
      }
    }
    return { _, frame in
      let lumaCount = frame.width * frame.height
      let chromaCount = ((frame.width + 1) / 2) * ((frame.height + 1) / 2)
      let marker = Array("FRAME\n".utf8)
      return [UInt8](unsafeUninitializedCapacity: marker.count + lumaCount + 2 * chromaCount) { buffer, count in
        let base = buffer.baseAddress!
        for (i, byte) in marker.enumerated() { base[i] = byte }
        let y = base + marker.count
        sh_bgra_to_i420(
          frame.storage.assumingMemoryBound(to: UInt8.self), frame.rowBytes, UInt32(frame.width),
          UInt32(frame.height), y, y + lumaCount, y + lumaCount + chromaCount)
        count = buffer.count
      }
    }
  }

  /// Writes frame `index` (after the header, for the first one).
  public func write(_ index: Int, _ frame: Frame, _ product: [UInt8]?) throws(RenderError) {
    if let header {
      self.header = nil
      try emit(header)
    }
    if let product {
      try emit(product)
    } else {
      try emit(frame.bytes)
    }
  }

  private func emit(_ bytes: [UInt8]) throws(RenderError) {
    // withUnsafeBytes rethrows untyped errors: the error is carried out of the closure instead.
    let failure = bytes.withUnsafeBytes { raw -> RenderError? in
      do throws(RenderError) {
        try emit(raw)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  private func emit(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
    if let file {
      try file.write(bytes)
    } else if let code = writeAll(descriptor, bytes) {
      throw .outputUnwritable(file: name, errno: code)
    }
  }

  /// Gives a file its final name (standard output needs nothing).
  public func finish() throws(RenderError) { try file?.commit() }

  /// Removes the temporary file.
  public func abandon() { file?.abandon() }
}
