import CStagehandImages

#if canImport(Glibc)
  import Glibc
#endif

/// Writes an animated WebP that loops forever, with libwebp's animation encoder: each frame is shown for 1/fps s,
/// the first and the last longer when asked (`holds`), so that a loop rests at both ends. Frames are encoded in order
/// on the calling thread (the encoder compares each frame with the previous ones).
public final class WebPWriter: FrameWriter {
  /// Nothing is done on the drawing threads.
  public typealias Product = Void

  private let file: OutputFile
  private let fps: Int
  private let holds: (first: Int, last: Int)
  private var animation: OpaquePointer?
  private var frames = 0

  /// A writer to `path` of frames of `width` x `height` pixels at `fps` frames per second, lossy at `quality` (0 to
  /// 100) or lossless (then `quality` is the effort: higher gives a smaller file, more slowly); the first frame is
  /// shown `holds.first` milliseconds longer, the last `holds.last` longer. With `createsDirectories`, the missing
  /// directories of `path` are created (``OutputDirectories``).
  public init(
    path: String, width: Int, height: Int, fps: Int, quality: Double = 80, lossless: Bool = false,
    holds: (first: Int, last: Int) = (0, 0), createsDirectories: Bool = false
  ) throws(RenderError) {
    file = try OutputFile(path: path, createsDirectories: createsDirectories)
    self.fps = fps
    self.holds = (max(holds.first, 0), max(holds.last, 0))
    guard let animation = sh_webp_animation_new(UInt32(width), UInt32(height), lossless ? 1 : 0, Float(quality), 2)
    else {
      file.abandon()
      throw .encoderFailed(file: path, reason: "libwebp cannot encode \(width)x\(height) pixels (16383 at most)")
    }
    self.animation = animation
  }

  deinit { sh_webp_animation_free(animation) }

  /// Nothing: frames are encoded in order, by `write`.
  public var prepare: @Sendable (Int, Frame) -> Void { { _, _ in } }

  /// The time frame `index` is shown from, in milliseconds: after the first frame, its hold is added.
  func timestamp(_ index: Int) -> Int32 {
    Int32(clamping: (index * 1000 + fps / 2) / fps + (index > 0 ? holds.first : 0))
  }

  /// Adds frame `index` to the animation.
  public func write(_ index: Int, _ frame: Frame, _ product: Void) throws(RenderError) {
    guard let animation else { throw .encoderFailed(file: file.path, reason: "the encoder was closed") }
    // Frames are opaque: premultiplied and straight alpha are the same bytes.
    let result = sh_webp_animation_add(
      animation, frame.storage.assumingMemoryBound(to: UInt8.self), frame.rowBytes, timestamp(frames))
    try result.check(file.path)
    frames += 1
  }

  /// Assembles the animation and writes the file under its final name.
  public func finish() throws(RenderError) {
    guard let animation else { throw .encoderFailed(file: file.path, reason: "the encoder was closed") }
    var data: UnsafeMutablePointer<UInt8>?
    var size = 0
    // The end of the last frame, which its hold makes later.
    let result = sh_webp_animation_finish(
      animation, Int32(clamping: Int(timestamp(frames)) + holds.last), &data, &size)
    sh_webp_animation_free(animation)
    self.animation = nil
    defer { free(data) }
    try result.check(file.path)
    try file.write(UnsafeRawBufferPointer(start: data, count: size))
    try file.commit()
  }

  /// Gives the animation up and removes the temporary file.
  public func abandon() {
    file.abandon()
    sh_webp_animation_free(animation)
    animation = nil
  }
}
