import FoundationEssentials
import StagehandAnimation
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension Render {
  /// The frames' size in pixels: the container's size in points times the display scale, rounded.
  func pixelSize(bounds: Rect, scale: Double) -> (width: Int, height: Int) {
    (max(Int((bounds.size.width * scale).rounded()), 1), max(Int((bounds.size.height * scale).rounded()), 1))
  }

  /// The scene: the container in pixels (a point is `scale` pixels), and the two pictures, read and fitted at that
  /// size over `background`, or cards drawn at it.
  func scene(bounds: Rect, scale: Double, background: RGB) throws(RenderError) -> Scene {
    let (width, height) = pixelSize(bounds: bounds, scale: scale)
    func picture(_ path: String?, card: CardLook) throws(RenderError) -> PixelImage {
      guard let path else {
        guard let image = PixelImage.card(card, width: width, height: height) else {
          throw .outOfMemory(file: "card \(card.letter)")
        }
        return image
      }
      let image = try PixelImage.read(path: path)
      guard let fitted = image.fitted(width: width, height: height, fitting: fit ? .fit : .fill, background: background)
      else { throw .outOfMemory(file: path) }
      return fitted
    }
    return Scene(
      bounds: bounds, width: width, height: height, background: background, from: try picture(from, card: .a),
      to: try picture(to, card: .b))
  }

  /// Draws the frames of `job` and writes them in `format` to the output.
  func write(_ job: RenderJob, format: RenderFormat) throws(RenderError) {
    let (width, height) = (job.scene.width, job.scene.height)
    let progress = RenderProgress()
    defer { progress.end() }
    if output == "-" { SystemProcess.ignore(SIGPIPE) }
    switch format {
    case .png:
      try job.run(
        into: try PNGSequenceWriter(pattern: output, overwrite: overwrite), progress: progress.report)
    case .webp:
      try job.run(
        into: try WebPWriter(
          path: output, width: width, height: height, fps: fps, quality: Double(quality ?? 80), lossless: lossless,
          createsDirectories: true),
        progress: progress.report)
    case .y4m, .rgba:
      let writer = try StreamWriter(
        format: format, path: output, width: width, height: height, fps: fps, createsDirectories: true)
      try job.run(into: writer, progress: progress.report)
    }
  }
}

/// A progress bar on standard error, when it is a terminal and the work has taken longer than `delay`.
final class RenderProgress {
  private let start = ContinuousClock.now
  private let enabled = SystemTerminal.isTerminal(STDERR_FILENO)
  private let noun: String
  private let delay: Duration
  private var shown = false
  private var lastDrawn: ContinuousClock.Instant?

  /// A bar counting `noun` (frames, by default), shown once the work has taken longer than `delay`.
  init(noun: String = "frames", delay: Duration = .seconds(1)) {
    self.noun = noun
    self.delay = delay
  }

  /// Shows `done` of `total`.
  func report(done: Int, total: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    guard now - start >= delay else { return }
    if let lastDrawn, done < total, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    shown = true
    let width = 30
    let filled = total > 0 ? min(done, total) * width / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let verb = noun == "frames" ? "rendering" : "drawing"
    writeAll(STDERR_FILENO, "\rstagehand: \(verb) [\(bar)] \(done)/\(total) \(noun)")
  }

  /// Clears the bar.
  func end() {
    if shown { writeAll(STDERR_FILENO, "\r\u{1B}[K") }
    shown = false
  }
}
