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

  /// The file the error is about.
  public var file: String {
    switch self {
    case .imageUnreadable(let file, _), .imageFormatUnknown(let file), .imageTooLarge(let file, _, _, _),
      .imageCorrupt(let file, _), .imageTruncated(let file), .outOfMemory(let file),
      .outputUnwritable(let file, _), .encoderFailed(let file, _), .framesExist(let file, _),
      .imageNotRegular(let file),
      .imageTooWide(let file, _, _, _), .pipeWithoutReader(let file),
      .directoryUncreatable(let file, _, _):
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
      "the image '\(file)' is not a regular file (a pipe, a device or a directory); give a PNG or JPEG file"
    case .imageTooWide(let file, let width, let height, let limit):
      "the image '\(file)' is \(width)x\(height) pixels; the renderer places pictures of at most \(limit) pixels "
        + "on a side (pixman's 16.16 fixed point); scale it down first"
    case .pipeWithoutReader(let file):
      "cannot write '\(file)': it is a pipe that no program reads; start the reader first, or give a regular file"
    case .imageCorrupt(let file, let reason):
      "the image '\(file)' is damaged (\(reason)); export it again"
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
