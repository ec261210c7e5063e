import CStagehandImages
import StagehandAnimation
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a PNG file per frame, named by a pattern such as `frames/%04d.png` (frames numbered from 1). The drawing
/// threads encode each frame to a temporary file; `finish` renames them all, `abandon` removes them.
public final class PNGSequenceWriter: FrameWriter {
  /// The temporary file a frame was encoded to, or why it could not be.
  public typealias Product = Result<String, RenderError>

  /// The pattern, split around its number: prefix, zero-padded width, suffix.
  private let prefix: String
  private let digits: Int
  private let suffix: String
  private var written: [(temporary: String, final: String)] = []
  /// Every temporary file the drawing threads made, delivered or not, until renamed.
  private let temporaries = TemporaryFiles()
  private var createdDirectories: [String] = []
  /// Whether older frames of the pattern are removed once the new ones are in place.
  private let overwrite: Bool

  /// A writer to the frames `pattern` names; the directories the pattern names are created when missing
  /// (``OutputDirectories``).
  ///
  /// Files of the pattern already there (the same name before and after the number, which has at least the
  /// pattern's digits) would mix with the new frames: they are refused, before anything is written, unless
  /// `overwrite` is set; then `finish` removes those that the new frames do not replace, once the new ones are in
  /// place (a failed or interrupted rendering leaves the older sequence whole).
  public init(pattern: String, overwrite: Bool = false) throws(RenderError) {
    self.overwrite = overwrite
    guard let parts = Self.split(pattern) else { throw .outputUnwritable(file: pattern, errno: EINVAL) }
    (prefix, digits, suffix) = parts
    let first = Self.name(1, prefix: prefix, digits: digits, suffix: suffix)
    if let slash = first.lastIndex(of: "/"), slash != first.startIndex {
      createdDirectories = try OutputDirectories.create(String(first[..<slash]), for: pattern)
    }
    // Fails now, before any drawing, when the directory is not writable.
    do throws(RenderError) {
      let probe = try OutputFile(path: first)
      probe.abandon()
    } catch {
      OutputDirectories.remove(createdDirectories)
      throw error
    }
    let existing = Self.existingFrames(prefix: prefix, digits: digits, suffix: suffix)
    if !existing.isEmpty && !overwrite { throw .framesExist(pattern: pattern, files: existing) }
  }

  /// The files already in the pattern's directory whose names the pattern matches, sorted; none when the number is
  /// in a directory's name.
  static func existingFrames(prefix: String, digits: Int, suffix: String) -> [String] {
    guard !suffix.contains("/") else { return [] }
    let slash = prefix.lastIndex(of: "/")
    let directory = slash.map { String(prefix[...$0]) } ?? ""
    let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    guard let names = try? SystemDirectory.names(in: directory.isEmpty ? "." : directory) else { return [] }
    var found: [String] = []
    for name in names {
      let bytes = Array(name.utf8)
      let (head, tail) = (Array(start.utf8), Array(suffix.utf8))
      guard bytes.count > head.count + tail.count, bytes.starts(with: head),
        bytes.reversed().starts(with: tail.reversed())
      else { continue }
      let number = bytes[head.count..<(bytes.count - tail.count)]
      guard number.count >= max(digits, 1), number.allSatisfy({ (0x30...0x39).contains($0) }) else { continue }
      found.append(directory + name)
    }
    return found.sorted()
  }

  /// Splits a pattern with exactly one `%d`, `%Nd` or `%0Nd` (N from 1 to 9) and no other `%` but `%%`.
  public static func split(_ pattern: String) -> (prefix: String, digits: Int, suffix: String)? {
    let characters = Array(pattern)
    var prefix = ""
    var suffix = ""
    var digits: Int?
    var i = 0
    while i < characters.count {
      let c = characters[i]
      if c == "%" {
        if i + 1 < characters.count, characters[i + 1] == "%" {
          if digits == nil { prefix.append("%") } else { suffix.append("%") }
          i += 2
          continue
        }
        guard digits == nil else { return nil }
        var j = i + 1
        if j < characters.count, characters[j] == "0" { j += 1 }
        var width = 0
        if j < characters.count, let d = characters[j].wholeNumberValue, d >= 1 {
          width = d
          j += 1
        }
        guard j < characters.count, characters[j] == "d" else { return nil }
        digits = width
        i = j + 1
        continue
      }
      if digits == nil { prefix.append(c) } else { suffix.append(c) }
      i += 1
    }
    guard let digits else { return nil }
    return (prefix, digits, suffix)
  }

  /// The name of frame `number`.
  static func name(_ number: Int, prefix: String, digits: Int, suffix: String) -> String {
    let text = String(number)
    return prefix + String(repeating: "0", count: max(digits - text.count, 0)) + text + suffix
  }

  /// Encodes the frame to a temporary PNG file beside its final name, on the drawing thread.
  public var prepare: @Sendable (Int, Frame) -> Result<String, RenderError> {
    let (prefix, digits, suffix, temporaries) = (prefix, digits, suffix, temporaries)
    return { index, frame in
      let final = Self.name(index + 1, prefix: prefix, digits: digits, suffix: suffix)
      let file: OutputFile
      do throws(RenderError) {
        file = try OutputFile(path: final)
      } catch {
        return .failure(error)
      }
      // A device or a pipe is written in place (`OutputFile`), and never removed.
      let temporary = file.temporaryPath
      if let recorded = file.temporary { temporaries.add(recorded) }
      // Frames are opaque: premultiplied and straight alpha are the same bytes.
      let result = sh_png_write_descriptor(
        file.takeDescriptor(), frame.storage.assumingMemoryBound(to: UInt8.self), UInt32(frame.width),
        UInt32(frame.height), frame.rowBytes, 1, 3)
      do throws(RenderError) {
        try result.check(final)
      } catch {
        if let recorded = file.temporary { temporaries.remove(recorded) }
        return .failure(error)
      }
      return .success(temporary)
    }
  }

  /// Records frame `index`'s temporary file, or throws why it could not be written.
  public func write(_ index: Int, _ frame: Frame, _ product: Result<String, RenderError>) throws(RenderError) {
    let temporary = try product.get()
    written.append((temporary, Self.name(index + 1, prefix: prefix, digits: digits, suffix: suffix)))
  }

  /// Renames every frame's temporary file to its final name.
  public func finish() throws(RenderError) {
    for (number, file) in written.enumerated() {
      do {
        try SystemFile.rename(file.temporary, to: file.final)
      } catch {
        for later in written[number...] { SystemFile.removeIfPossible(later.temporary) }
        written.removeAll()
        throw .outputUnwritable(file: file.final, errno: error.code)
      }
      temporaries.forget(file.temporary)
    }
    if overwrite {
      let kept = Set(written.map(\.final))
      for file in Self.existingFrames(prefix: prefix, digits: digits, suffix: suffix) where !kept.contains(file) {
        SystemFile.removeIfPossible(file)
      }
    }
    written.removeAll()
    for path in temporaries.removeAll() { path.forget() }
  }

  /// Removes every temporary file, and the directory when this writer created it.
  public func abandon() {
    for path in temporaries.removeAll() { path.remove() }
    written.removeAll()
    OutputDirectories.remove(createdDirectories)
  }
}

/// The temporary files of a sequence, shared by the drawing threads, by path.
final class TemporaryFiles: Sendable {
  private let paths = Locked<[String: TemporaryPath]>([:])

  /// Records a temporary file.
  func add(_ path: TemporaryPath) { paths.withLock { $0[path.path] = path } }

  /// Removes a temporary file and forgets it.
  func remove(_ path: TemporaryPath) {
    paths.withLock { _ = $0.removeValue(forKey: path.path) }
    path.remove()
  }

  /// Forgets the file at `path`, renamed to its final name.
  func forget(_ path: String) { paths.withLock { $0.removeValue(forKey: path) }?.forget() }

  /// Forgets every file and returns them.
  @discardableResult
  func removeAll() -> [TemporaryPath] {
    paths.withLock { paths in
      defer { paths = [:] }; return Array(paths.values)
    }
  }
}
