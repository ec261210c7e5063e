/// Where rendered frames go: a file format.
///
/// `prepare` runs on the drawing threads, right after a frame is drawn (the work that can run in parallel, such as
/// encoding a PNG or converting colours); `write` runs on the calling thread, frame by frame in order. `finish` puts
/// the output in place; until then nothing is under the output's name, and `abandon` removes what was written.
public protocol FrameWriter: AnyObject {
  /// What `prepare` gives for a frame.
  associatedtype Product: Sendable

  /// The work done for frame `index` on the thread that drew it.
  var prepare: @Sendable (Int, Frame) -> Product { get }

  /// Writes frame `index`, in order.
  func write(_ index: Int, _ frame: Frame, _ product: Product) throws(RenderError)

  /// Completes the output and gives it its final name.
  func finish() throws(RenderError)

  /// Removes whatever was written.
  func abandon()
}

/// The formats frames can be written in.
public enum RenderFormat: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A PNG file per frame, named by a pattern such as `frames/%04d.png`.
  case png
  /// An animated WebP that loops forever.
  case webp
  /// YUV4MPEG2: planar Y'CbCr 4:2:0, the format ffmpeg and players read from a pipe.
  case y4m
  /// Raw 8-bit RGBA, frame after frame, with no header.
  case rgba

  /// The format's name.
  public var description: String { rawValue }

  /// The format a file name asks for by its extension, or `nil`.
  public static func inferred(from path: String) -> RenderFormat? {
    let lowered = path.lowercased()
    for format in [RenderFormat.png, .webp, .y4m] where lowered.hasSuffix(".\(format.rawValue)") { return format }
    if lowered.hasSuffix(".rgba") || lowered.hasSuffix(".raw") { return .rgba }
    return nil
  }

  /// Whether the format can be written to standard output.
  public var streams: Bool { self == .y4m || self == .rgba }
}
