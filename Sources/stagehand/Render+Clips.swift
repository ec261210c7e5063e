import ArgumentParser
import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandCommandLine
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension Render {
  /// Whether the file at `path` is a video to read as a clip: neither PNG nor JPEG by its first bytes (a file that
  /// cannot be read is left to the picture reader, whose error names it).
  static func isVideo(_ path: String) -> Bool {
    guard let descriptor = try? SystemFile.open(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) else { return false }
    defer { SystemFile.close(descriptor) }
    guard let status = try? SystemFile.status(descriptor, path: path), SystemFile.isRegular(status) else {
      return false
    }
    var head = [UInt8](repeating: 0, count: 4)
    let got = try? head.withUnsafeMutableBytes { try SystemFile.readFully(descriptor, into: $0, at: 0, path: path) }
    guard got == 4 else { return false }
    return !head.starts(with: [0x89, 0x50, 0x4E, 0x47]) && !head.starts(with: [0xFF, 0xD8, 0xFF])
  }

  /// Renders the transition between two clips, joined at `--offset` (``ClipRenderJob``).
  func runClips(_ registry: Registry, _ transition: Transition, resolved: ResolvedStyle) throws {
    guard !inverse && !both else {
      throw Exit.usageError(
        "--\(inverse ? "inverse" : "both") renders stills only; with clips (or --offset) leave it out, or swap "
          + "--from and --to")
    }
    let context = try options.context(presentation)
    let (width, height) = pixelSize(bounds: context.bounds, scale: context.displayScale)
    let background = try backgroundColor()
    func clip(_ path: String?, card: CardLook) throws(RenderError) -> VideoClip {
      guard let path else {
        guard let image = PixelImage.card(card, width: width, height: height) else {
          throw .outOfMemory(file: "card \(card.letter)")
        }
        return VideoClip(still: image, name: "card \(card.letter)")
      }
      return try VideoClip.open(path: path)
    }
    let clips: (VideoClip, VideoClip)
    do throws(RenderError) {
      clips = (try clip(from, card: .a), try clip(to, card: .b))
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
    let format = try chosenFormat()
    var frames: [FrameStates] = []
    do {
      let played = try registry.played(transition, in: context)
      if played != transition {
        printError(
          "stagehand: warning: reduced motion is on, so this renders \(played.style), the reduced-motion fallback of "
            + "\(resolved.name), instead of \(resolved.name)")
      }
      let animation = try registry.forward(transition, in: context)
      guard FrameStates.frameCount(duration: animation.duration, fps: fps) <= FrameStates.frameBudget else {
        throw Exit.usageError(
          "'\(resolved.name)' would take more than \(FrameStates.frameBudget) frames at \(fps) fps; give a shorter "
            + "--duration or a lower --fps")
      }
      frames = RenderJob.frames(of: animation, inverse: false, fps: fps)
    } catch let error as RegistryError {
      throw Exit.report(error)
    }
    let job = ClipRenderJob(
      bounds: context.bounds, width: width, height: height, background: background, fitting: fit ? .fit : .fill,
      from: clips.0, to: clips.1, fps: fps, offset: try offsetSeconds() ?? 0, transition: frames,
      threads: threads ?? Self.cores)
    let count: Int
    do throws(RenderError) {
      count = try writeClips(job, format: format)
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
    if output != "-" {
      let shown = output.escapingControlCharacters
      print(
        "\(shown): \(count) frames, \(width)x\(height) at \(fps) fps (\((Double(count) / Double(fps)).formatted(2)) "
          + "s; the transition from frame \(job.before + 1) to \(job.leastCount))")
    }
  }

  /// Draws the frames of `job` and writes them in `format` to the output; returns how many were written.
  func writeClips(_ job: ClipRenderJob, format: RenderFormat) throws(RenderError) -> Int {
    let progress = RenderProgress()
    defer { progress.end() }
    if output == "-" { SystemProcess.ignore(SIGPIPE) }
    switch format {
    case .png:
      return try job.run(into: try PNGSequenceWriter(pattern: output, overwrite: overwrite), progress: progress.report)
    case .webp:
      return try job.run(
        into: try WebPWriter(
          path: output, width: job.width, height: job.height, fps: fps, quality: Double(quality ?? 80),
          lossless: lossless, createsDirectories: true),
        progress: progress.report)
    case .y4m, .rgba:
      let writer = try StreamWriter(
        format: format, path: output, width: job.width, height: job.height, fps: fps, createsDirectories: true)
      return try job.run(into: writer, progress: progress.report)
    }
  }
}
