import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Why an image could not be read, or a rendering could not be written: each case names the file, says why, and
/// its message says what to do.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The image file cannot be opened or read (`errno`).
  case imageUnreadable(file: String, errno: Int32)
  /// The image file is neither PNG nor JPEG.
  case imageFormatUnknown(file: String)
  /// The image's header announces more pixels than the budget allows; nothing was decoded.
  case imageTooLarge(file: String, width: Int, height: Int, budget: Int)
  /// The image file is not a regular file (a pipe, a device, a directory); it was not read.
  case imageNotRegular(file: String)
  /// The image is wider or taller than the renderer's fixed-point transforms can place.
  case imageTooWide(file: String, width: Int, height: Int, limit: Int)
  /// The output is a pipe that no program reads.
  case pipeWithoutReader(file: String)
  /// The image data is damaged; `reason` is the decoder's own words.
  case imageCorrupt(file: String, reason: String)
  /// The image file ends before the image does.
  case imageTruncated(file: String)
  /// The picture or video file is empty (0 bytes).
  case fileEmpty(file: String)
  /// Memory ran out while reading or drawing the file.
  case outOfMemory(file: String)
  /// The output cannot be created or written (`errno`); nothing is left behind.
  case outputUnwritable(file: String, errno: Int32)
  /// An encoder refused the frames; `reason` is its own words.
  case encoderFailed(file: String, reason: String)
  /// A missing directory of the output `file` cannot be created (`errno`); nothing was written.
  case directoryUncreatable(file: String, directory: String, errno: Int32)
  /// Files of a PNG sequence's pattern are already there, and the new frames would mix with them; nothing was written.
  case framesExist(pattern: String, files: [String])
  /// A YUV4MPEG2 header (the stream's or a frame's) is malformed; `reason` says which field and how.
  case videoHeaderInvalid(file: String, reason: String)
  /// A YUV4MPEG2 stream ends inside its header or inside frame `frame` (counted from 0).
  case videoTruncated(file: String, frame: Int?)
  /// A YUV4MPEG2 header announces frames of more pixels than the budget allows; nothing was read past it.
  case videoTooLarge(file: String, width: Int, height: Int, budget: Int)
  /// A YUV4MPEG2 header gives frames wider or taller than the renderer draws (``PixelImage/largestSide``).
  case videoTooWide(file: String, width: Int, height: Int, limit: Int)
  /// A YUV4MPEG2 stream ends right after its header: it has no frame.
  case videoHasNoFrame(file: String)
  /// A YUV4MPEG2 header gives a frame rate that is zero, negative or absurd (`rate` as written).
  case videoRateInvalid(file: String, rate: String)
  /// Standard input is not a YUV4MPEG2 stream (the only kind of video read from it).
  case videoNotY4M(file: String)
  /// The file is neither a picture nor YUV4MPEG2, and `ffmpeg`, which would decode it, is not installed.
  case ffmpegMissing(file: String)
  /// `ffmpeg` could not decode the file; `reason` is the end of what it wrote on standard error, or how it ended.
  case ffmpegFailed(file: String, reason: String)
  /// The joined clip would have more than `budget` frames; `file` is the clip that plays last.
  case videoTooLong(file: String, budget: Int)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .imageUnreadable(let file, _), .imageFormatUnknown(let file), .imageTooLarge(let file, _, _, _),
      .imageCorrupt(let file, _), .imageTruncated(let file), .fileEmpty(let file), .outOfMemory(let file),
      .outputUnwritable(let file, _), .encoderFailed(let file, _), .framesExist(let file, _),
      .imageNotRegular(let file),
      .imageTooWide(let file, _, _, _), .pipeWithoutReader(let file),
      .directoryUncreatable(let file, _, _), .videoHeaderInvalid(let file, _), .videoTruncated(let file, _),
      .videoTooLarge(let file, _, _, _), .videoTooWide(let file, _, _, _), .videoHasNoFrame(let file),
      .videoRateInvalid(let file, _), .videoNotY4M(let file),
      .ffmpegMissing(let file), .ffmpegFailed(let file, _), .videoTooLong(let file, _):
      file
    }
  }

  /// One line for the user: what, why, and what to do.
  public var description: String {
    switch self {
    case .imageUnreadable(let file, let code):
      "cannot read the image '\(file)': \(Self.systemMessage(code)); check the path and its permissions"
    case .imageFormatUnknown(let file):
      "the image '\(file)' is neither PNG nor JPEG; convert it to PNG or JPEG"
    case .imageTooLarge(let file, let width, let height, let budget):
      "the image '\(file)' is \(width)x\(height) pixels, more than the \(budget) pixels an image may have; "
        + "scale it down first (it was not decoded)"
    case .imageNotRegular(let file):
      "'\(file)' is not a regular file (a pipe, a device or a directory); give a PNG or JPEG picture or a video "
        + "file, or - for a Y4M stream on standard input"
    case .imageTooWide(let file, let width, let height, let limit):
      "the image '\(file)' is \(width)x\(height) pixels; the renderer places pictures of at most \(limit) pixels "
        + "on a side (pixman's 16.16 fixed point); scale it down first"
    case .pipeWithoutReader(let file):
      "cannot write '\(file)': it is a pipe that no program reads; start the reader first, or give a regular file"
    case .imageCorrupt(let file, let reason):
      "the image '\(file)' is damaged (\(reason)); export it again"
    case .fileEmpty(let file):
      "'\(file)' is empty (0 bytes); give a PNG or JPEG picture or a video, or write it again"
    case .imageTruncated(let file):
      "the image '\(file)' is truncated: the file ends before the image does; copy or export it again"
    case .outOfMemory(let file):
      "not enough memory for '\(file)'; use a smaller image or size"
    case .outputUnwritable("standard output", let code):
      "cannot write to standard output: \(Self.systemMessage(code)); check that the reader is still running and "
        + "that the disk has space"
    case .outputUnwritable(let file, let code):
      "cannot write '\(file)': \(Self.systemMessage(code)); choose a writable place with enough space "
        + "(nothing was left behind)"
    case .encoderFailed(let file, let reason):
      "the encoder refused to write '\(file)' (\(reason)); try another size or format"
    case .directoryUncreatable(let file, let directory, let code):
      "cannot write '\(file)': cannot create the directory '\(directory)': \(Self.systemMessage(code)); choose a "
        + "writable place (nothing was left behind)"
    case .framesExist(let pattern, let files):
      "the frames '\(pattern)' would mix with \(files.count) older \(files.count == 1 ? "frame" : "frames") of that "
        + "pattern (\(Self.names(files))); give --overwrite to replace them, or choose another directory or "
        + "pattern (nothing was written)"
    case .videoHeaderInvalid(let file, let reason):
      "the video '\(file)' is not valid YUV4MPEG2 (\(reason)); write it again, e.g. ffmpeg -i IN -pix_fmt yuv420p "
        + "OUT.y4m"
    case .videoTruncated(let file, let frame?):
      "the video '\(file)' ends inside frame \(frame) (counted from 0); copy or write it again, or cut it before "
        + "that frame"
    case .videoHasNoFrame(let file):
      "the video '\(file)' has no frame: it ends right after its YUV4MPEG2 header; write it again with its frames"
    case .videoTruncated(let file, nil):
      "the video '\(file)' ends inside its YUV4MPEG2 header; copy or write it again"
    case .videoTooLarge(let file, let width, let height, let budget):
      "the video '\(file)' has frames of \(width)x\(height) pixels, more than the \(budget) pixels a frame may "
        + "have; scale it down first, e.g. ffmpeg -i IN -vf scale=1920:-2 OUT.y4m (nothing was read past its header)"
    case .videoTooWide(let file, let width, let height, let limit):
      "the video '\(file)' has frames of \(width)x\(height) pixels; the renderer draws frames of at most \(limit) "
        + "pixels on a side; scale it down first, e.g. ffmpeg -i IN -vf scale=1920:-2 OUT.y4m (nothing was read past "
        + "its header)"
    case .videoRateInvalid(let file, let rate):
      "the video '\(file)' gives the frame rate F\(rate), which is not between 1/3600 and 1000 frames per second; "
        + "write it again with a real rate, e.g. ffmpeg -i IN -r 30 OUT.y4m"
    case .videoNotY4M(let file):
      "'\(file)' is not a YUV4MPEG2 stream, the only kind of video read from a pipe; convert it on the way, e.g. "
        + "ffmpeg -i IN -f yuv4mpegpipe -pix_fmt yuv420p - | stagehand render ... --from -"
    case .ffmpegMissing(let file):
      "'\(file)' is neither PNG nor JPEG nor YUV4MPEG2, and ffmpeg, which decodes other videos, is not on the PATH; "
        + "install ffmpeg (e.g. apt-get install ffmpeg), or give a picture or a .y4m file"
    case .ffmpegFailed(let file, let reason):
      "'\(file)' is neither PNG nor JPEG nor YUV4MPEG2, and ffmpeg cannot decode it as a video (\(reason)); give a "
        + "picture, a .y4m file or a video ffmpeg reads"
    case .videoTooLong(let file, let budget):
      "the clip ending with '\(file)' would have more than \(budget) frames; cut '\(file)' shorter or give a "
        + "lower --fps (nothing was left behind)"
    }
  }

  /// The files, quoted: all of them up to four, else the first two and the last.
  static func names(_ files: [String]) -> String {
    let quoted = files.map { "'\($0)'" }
    guard quoted.count > 4 else { return quoted.joined(separator: ", ") }
    return quoted[..<2].joined(separator: ", ") + ", ... " + quoted[quoted.count - 1]
  }

  /// The C library's text for `errno`.
  static func systemMessage(_ code: Int32) -> String {
    SystemCallError.reason(code)
  }
}
