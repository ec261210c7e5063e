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

/// `stagehand render STYLE -o OUT`: draws a transition over two pictures and writes it as PNG frames, an animated
/// WebP, YUV4MPEG2 or raw RGBA.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a transition over two pictures to PNG frames, an animated WebP, Y4M or raw RGBA.",
    discussion: """
      The frames are drawn with pixman on all cores: each content where its layer puts it, the stage's perspective \
      included, with bilinear filtering and opacity; a layer seen from the back is not drawn. --from is the content \
      the forward animation hides and --to the one it brings in (generated cards A and B when not given); pictures \
      are PNG or JPEG files of at most \(PixelImage.pixelBudget) pixels, scaled to fill the container (--fit: to fit \
      inside it). Frames are --size points times --display-scale pixels per point (--size 320x240 \
      --display-scale 2 gives 640x480 frames, drawn at that size, as on a 2x display), at most \
      \(Int(CommandLineValues.largestSide)) pixels a side.

      Moving pictures: --from and --to also take Y4M files, - (Y4M on standard input, for one of them) and, where \
      ffmpeg is on the PATH, any video it reads. --offset S plays --from alone for S seconds, then the transition \
      (frame k draws both clips as they are at that moment; --to starts with it), then the rest of --to, as \
      FFmpeg xfade's offset: the output is the whole joined clip at --fps. A clip of another rate shows its nearest \
      frame by time; one that ends early holds its last frame. Y4M is converted with BT.601 in limited range unless \
      it says XCOLORRANGE=FULL. With reduced motion (--reduce-motion, \
      \(PresentationOptions.reduceMotionVariable)=1), a style's reduced-motion fallback is rendered instead, and a \
      warning on standard error says so.

      A transition of D seconds gives round(D x fps) frames (at least 2; one for 0 s), from its start to its end, \
      both included. The format comes from the output's name (frames/%04d.png, out.webp, out.y4m, out.rgba) or \
      --format; with \
      '-o -' and --format y4m or rgba the frames go to standard output, e.g. | ffmpeg -i - out.mp4 (x264 and most \
      video encoders need an even width and height: Y4M of an odd size is written with a warning). An animated WebP \
      is lossy at --quality 80 unless --lossless. The output is \
      written under a temporary name and renamed when complete: an error, or SIGINT, SIGTERM or SIGHUP (which end the \
      command with the signal's status), leaves nothing behind.

      Exit codes: 0 success, 1 a picture cannot be read or the output cannot be written (or the plugin failed), 64 \
      a usage error.
      """)

  @OptionGroup var options: TransitionOptions

  @OptionGroup var presentation: PresentationOptions

  @OptionGroup var catalogOptions: CatalogOptions

  @Flag(help: "Render only the inverse (the pop).")
  var inverse = false

  @Flag(help: "Render the forward animation, then its inverse.")
  var both = false

  @Option(
    help: ArgumentHelp(
      "The content the transition hides: a picture (PNG, JPEG), a Y4M clip, any video ffmpeg reads, or - (Y4M on "
        + "standard input).", valueName: "file"),
    completion: .clips)
  var from: String?

  @Option(
    help: ArgumentHelp(
      "The content the transition shows: a picture (PNG, JPEG), a Y4M clip, any video ffmpeg reads, or - (Y4M on "
        + "standard input).", valueName: "file"),
    completion: .clips)
  var to: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Clips: play --from alone for this many seconds before the transition (as FFmpeg xfade's offset); the output "
        + "is the whole joined clip (2, 1.5, 500ms).", valueName: "seconds"))
  var offset: OptionValue<Instant>?

  @Flag(help: "Fit the pictures inside the container (letterboxed) instead of filling it (cropped).")
  var fit = false

  @Option(parsing: .unconditional, help: "Frames per second, 1 to 240.")
  var fps = 30

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp(
      "The output: frames/%04d.png, out.webp, out.y4m, out.rgba, or - (standard output).", valueName: "path"),
    completion: .file())
  var output: String

  @Option(
    help: ArgumentHelp("The format: png, webp, y4m or rgba (default: from the output's name).", valueName: "format"),
    completion: .list(["png", "webp", "y4m", "rgba"]))
  var format: OptionValue<RenderFormat>?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "WebP: the quality, 0 to 100 (default 80); with --lossless, the effort (higher: smaller, slower).",
      valueName: "0-100"))
  var quality: Int?

  @Flag(help: "WebP: lossless (every pixel kept exactly; larger files).")
  var lossless = false

  @Flag(
    help: ArgumentHelp(
      "PNG frames: remove the older frames of the pattern that the new ones do not replace (without it, a pattern "
        + "that has frames already is refused)."))
  var overwrite = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The threads that draw frames, 1 to 256 (default: the number of cores).", valueName: "n"))
  var threads: Int?

  @Option(help: ArgumentHelp("The background colour, RRGGBB in hexadecimal.", valueName: "colour"))
  var background: OptionValue<RGB> = "18181c"

  func validate() throws {
    guard (1...240).contains(fps) else { throw ValidationError("--fps \(fps) is not valid; give 1 to 240") }
    if let threads, !(1...256).contains(threads) {
      throw ValidationError("--threads \(threads) is not valid; give 1 to 256")
    }
    if inverse && both { throw ValidationError("--inverse and --both exclude each other; give one of them") }
    _ = try offsetSeconds()
    if from == "-" && to == "-" {
      throw ValidationError("--from - and --to - cannot both read standard input; give a file for one of them")
    }
    try refuseOutputThatIsAnInput()
    _ = try backgroundColor()
    if let bounds = try? options.bounds(), let scale = try? presentation.scale() {
      let (width, height) = pixelSize(bounds: bounds, scale: scale)
      guard max(width, height) <= Int(CommandLineValues.largestSide) else {
        throw ValidationError(
          "--size \(options.size.text) at --display-scale \(presentation.displayScale.text) gives frames of "
            + "\(width)x\(height) pixels, more than \(Int(CommandLineValues.largestSide)) on a side; give a smaller "
            + "--size or --display-scale")
      }
    }
    let format = try chosenFormat()
    if let quality, !(0...100).contains(quality) {
      throw ValidationError("--quality \(quality) is not valid; give 0 to 100 (80 by default)")
    }
    if format != .webp, quality != nil || lossless {
      throw ValidationError(
        "\(lossless ? "--lossless" : "--quality") applies to WebP output only, not to \(format); leave it out, or "
          + "write a .webp")
    }
    if output == "-" && SystemTerminal.isTerminal(STDOUT_FILENO) {
      throw ValidationError(
        "-o - would write \(format) frames, which are binary, to the terminal; redirect standard output to a file "
          + "or a pipe (> out.\(format), or | ffmpeg -i - out.mp4 for y4m), or give -o out.\(format)")
    }
  }

  /// Refuses an output that is the file `--from` or `--to` names (the same file by device and inode, through links):
  /// the written file replaces it, so the picture or clip read would be lost.
  func refuseOutputThatIsAnInput() throws(ValidationError) {
    guard output != "-", let written = try? SystemFile.status(ofPath: output) else { return }
    for (option, path) in [("--from", from), ("--to", to)] {
      guard let path, path != "-", let read = try? SystemFile.status(ofPath: path) else { continue }
      guard read.st_dev == written.st_dev && read.st_ino == written.st_ino else { continue }
      throw ValidationError(
        "-o '\(output)' is the file \(option) reads ('\(path)'), and the output would replace it; give -o another "
          + "file")
    }
  }

  /// `--offset` in seconds, when it was given: a usage error for one that is not a number of seconds, or that puts as
  /// many frames before the transition as an output may have in all.
  func offsetSeconds() throws(ValidationError) -> Double? {
    guard let offset else { return nil }
    let seconds = try offset.value { text, _ in
      "--offset '\(text)' is not valid; give \(CommandLineValues.secondsRule)"
    }.seconds
    let before = (seconds * Double(fps)).rounded()
    guard before < Double(FrameStates.frameBudget) else {
      throw ValidationError(
        "--offset \(offset.text) at \(fps) fps puts \(Int(before)) frames before the transition, and an output has at "
          + "most \(FrameStates.frameBudget) frames; give a smaller --offset or a lower --fps")
    }
    return seconds
  }

  /// The output format: `--format`, else the output's extension.
  func chosenFormat() throws -> RenderFormat {
    let names = RenderFormat.allCases.map(\.rawValue).joined(separator: ", ")
    if let format {
      let chosen = try format.value { text, _ in "--format '\(text)' is not valid; give one of \(names)" }
      if output == "-" && !chosen.streams {
        throw ValidationError(
          "--format \(chosen) cannot go to standard output; give -o with a file name, or y4m or rgba")
      }
      try checkPattern(chosen)
      return chosen
    }
    guard output != "-" else {
      throw ValidationError("-o - (standard output) needs --format y4m or --format rgba")
    }
    guard let inferred = RenderFormat.inferred(from: output) else {
      throw ValidationError(
        "cannot tell the format of '\(output)' from its name; end it with .png (with %04d), .webp, .y4m or .rgba, "
          + "or give --format")
    }
    try checkPattern(inferred)
    return inferred
  }

  private func checkPattern(_ format: RenderFormat) throws {
    guard format == .png else { return }
    guard PNGSequenceWriter.split(output) != nil else {
      throw ValidationError(
        "'\(output)' names one file, but PNG output is a file per frame; put one %04d in the name where the frame "
          + "number goes, e.g. frames/%04d.png")
    }
  }

  /// The background colour: a usage error for one that is not RRGGBB.
  func backgroundColor() throws(ValidationError) -> RGB {
    try background.value { text, _ in
      "--background '\(text)' is not valid; give RRGGBB in hexadecimal, such as 18181c"
    }
  }

  func run() throws {
    // SIGINT, SIGTERM and SIGHUP remove the temporary files of the outputs, and end the command with the signal.
    InterruptCleanup.install()
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    let transition = try options.transition()
    let context = try options.context(presentation)
    var frames: [FrameStates] = []
    let resolved = try resolve(registry, transition)
    if offset != nil || from == "-" || to == "-" || [from, to].contains(where: { $0.map(Self.isVideo) ?? false }) {
      return try runClips(registry, transition, resolved: resolved)
    }
    // The pictures are read before the plugin is loaded: nothing a plugin does can change what they name.
    let scene = try readScene(context)
    let format = try chosenFormat()
    if format == .y4m, !scene.width.isMultiple(of: 2) || !scene.height.isMultiple(of: 2) {
      printError(
        "stagehand: warning: the frames are \(scene.width)x\(scene.height) pixels, and common video encoders (x264, "
          + "x265, VP9 in 4:2:0) need an even width and height; give an even --size (or crop, e.g. ffmpeg -vf "
          + "crop=trunc(iw/2)*2:trunc(ih/2)*2)")
    }
    do {
      // With reduced motion, the registry plays the style's fallback instead: say so, since the frames show it.
      let played = try registry.played(transition, in: context)
      if played != transition {
        printError(
          "stagehand: warning: reduced motion is on, so this renders \(played.style), the reduced-motion fallback of "
            + "\(resolved.name), instead of \(resolved.name) (unset \(PresentationOptions.reduceMotionVariable) and "
            + "leave out --reduce-motion to render \(resolved.name))")
      }
      var plays: [(Animation, Bool)] = []
      if !inverse { plays.append((try registry.forward(transition, in: context), false)) }
      if inverse || both { plays.append((try registry.inverse(transition, in: context), true)) }
      for (animation, isInverse) in plays {
        let count = FrameStates.frameCount(duration: animation.duration, fps: fps)
        guard frames.count + count <= FrameStates.frameBudget else {
          throw Exit.usageError(
            "'\(resolved.name)' would take more than \(FrameStates.frameBudget) frames at \(fps) fps; give "
              + "a shorter --duration or a lower --fps")
        }
        frames += RenderJob.frames(of: animation, inverse: isInverse, fps: fps)
      }
    } catch let error as RegistryError {
      throw Exit.report(error)
    }
    let job = RenderJob(scene: scene, frames: frames, threads: threads ?? Self.cores)
    do throws(RenderError) {
      try write(job, format: format)
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
    if output != "-" {
      let shown = output.escapingControlCharacters
      print(
        "\(shown): \(frames.count) frames, \(job.scene.width)x\(job.scene.height) at \(fps) fps "
          + "(\((Double(frames.count) / Double(fps)).formatted(2)) s)")
    }
  }

  /// The style `transition` names, its parameters checked (no library is loaded).
  func resolve(_ registry: Registry, _ transition: Transition) throws -> ResolvedStyle {
    do throws(RegistryError) {
      let resolved = try registry.resolve(transition.style)
      _ = try resolved.values(overriding: transition.parameters)
      return resolved
    } catch {
      throw Exit.report(error)
    }
  }

  /// The scene, or exit 1 with the picture's error.
  func readScene(_ context: TransitionContext) throws -> Scene {
    let background = try backgroundColor()
    do throws(RenderError) {
      return try scene(bounds: context.bounds, scale: context.displayScale, background: background)
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
  }

  /// The number of cores this process may run on.
  static var cores: Int { SystemProcess.processorCount }
}
