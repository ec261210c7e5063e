import ArgumentParser
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand gallery -o DIR`: every style and preset of the catalog as animated WebP, forward and inverse, on a
/// self-contained page, with a contact sheet.
struct Gallery: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gallery",
    abstract: "Write a gallery of every installed style and preset: a page of animated WebPs and their stills.",
    discussion: """
      DIR/index.html shows every style and preset of the catalog (third-party plugins included) forward and \
      inverse as animated WebP over the generated cards A and B, each loop resting \
      \(Double(Self.holds.first) / 1000) s on its first and last frames: a section per style, with its plugin, \
      duration, flags and its parameters with the values they accept, then a card for the style and each preset \
      with its values, its animations, and its stills at 25, 50 and 75% of its duration beside its name. A table of \
      contents leads to the sections, and a filter by name (an inline script: the page loads nothing from the \
      network) hides the rest. The stills are also one picture, DIR/contact-sheet.png: a row per item in the \
      page's order (in blocks side by side when they are too many for one column). --size sets the size of the \
      pictures (larger previews: --size 320x240); the page fits windows 1280 pixels wide without scrolling \
      sideways. Frames are drawn on all cores, with a progress bar on standard error when it is a terminal; every \
      file is written under a temporary name and renamed when complete. DIR is created when missing, with its \
      missing parents.

      A style whose plugin fails to build is shown with its error and named on standard error; the rest of the \
      gallery is written. Exit codes: 0 success, 1 the directory or a file cannot be written, or a style failed, 64 \
      a usage error.
      """)

  @OptionGroup var catalogOptions: CatalogOptions

  @OptionGroup var presentation: PresentationOptions

  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The directory to write.", valueName: "dir"))
  var output: String

  @Option(
    help: ArgumentHelp("The size of each picture in pixels, WIDTHxHEIGHT, each from 16 to 1024.", valueName: "size"))
  var size: OptionValue<PictureSize> = "160x120"

  @Option(parsing: .unconditional, help: "Frames per second, 1 to 60.")
  var fps = 15

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The threads that draw frames, 1 to 256 (default: the number of cores).", valueName: "n"))
  var threads: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      TransitionOptions.timingHelp + " Every style and preset of the gallery is timed so.", valueName: "timing"))
  var timing: OptionValue<Timing>?

  /// The timing chosen with `--timing`, if any: a usage error for one that is not valid.
  func chosenTiming() throws(ValidationError) -> Timing? {
    try timing?.timing()
  }

  /// What the page says of `timing`: nothing for the styles' own curves.
  static func timingNote(_ timing: Timing?) -> String {
    timing.map { ", every step timed \($0) (its reverse in the inverse)" } ?? ""
  }

  /// How much longer each animation shows its first and its last frame, in milliseconds: a loop rests at both ends.
  static let holds = (first: 600, last: 600)

  func validate() throws {
    guard (1...60).contains(fps) else { throw ValidationError("--fps \(fps) is not valid; give 1 to 60") }
    if let threads, !(1...256).contains(threads) {
      throw ValidationError("--threads \(threads) is not valid; give 1 to 256")
    }
    _ = try pictureSize()
    guard !output.isEmpty else { throw ValidationError("-o needs a directory name") }
    _ = try chosenTiming()
  }

  /// The picture size: a usage error for one that is not valid.
  func pictureSize() throws(ValidationError) -> PictureSize {
    try size.value { text, _ in
      "--size '\(text)' is not valid; give WIDTHxHEIGHT, each from 16 to 1024, such as 160x120"
    }
  }

  func run() throws {
    // SIGINT, SIGTERM and SIGHUP remove the temporary files of the outputs, and end the command with the signal.
    InterruptCleanup.install()
    let timing = try chosenTiming()
    let picture = try pictureSize()
    let registry = try catalogOptions.registry()
    let catalog = registry.catalog()
    reportProblems(catalog)
    // The missing parents are created as every output's directory is.
    if let slash = output.lastIndex(of: "/"), slash != output.startIndex {
      do throws(RenderError) {
        _ = try OutputDirectories.create(String(output[..<slash]), for: output)
      } catch {
        printError("stagehand: error: \(error)")
        throw Exit.failure
      }
    }
    do {
      try SystemFile.makeDirectory(output, mode: 0o777)
    } catch  where error.code != EEXIST {
      printError(
        "stagehand: error: cannot create the gallery directory '\(output)': \(error.reason); choose a writable place")
      throw Exit.failure
    } catch {}
    guard let status = try? SystemFile.status(ofPath: output), SystemFile.isDirectory(status) else {
      printError("stagehand: error: '\(output)' exists and is not a directory; give a directory for the gallery")
      throw Exit.failure
    }
    let (width, height) = (picture.width, picture.height)
    let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    guard let a = PixelImage.card(.a, width: width, height: height),
      let b = PixelImage.card(.b, width: width, height: height)
    else {
      printError("stagehand: error: not enough memory for the cards of the gallery; give a smaller --size")
      throw Exit.failure
    }
    let scene = Scene(bounds: bounds, width: width, height: height, background: RGB(24, 24, 28), from: a, to: b)
    // Every item is built in the same context: the gallery's picture size, presented as the options say.
    let context = try presentation.apply(to: TransitionContext(bounds: bounds))
    var items = GalleryItem.all(in: catalog)
    var contactFrames: [FrameStates] = []
    var failures = 0
    let progress = RenderProgress(noun: "styles and presets", delay: .zero)
    defer { progress.end() }
    do {
      for index in items.indices {
        progress.report(done: index, total: items.count)
        let item = items[index]
        do {
          let forward = try registry.forward(Transition(item.reference, timing: timing), in: context)
          let inverse = try registry.inverse(Transition(item.reference, timing: timing), in: context)
          items[index].duration = forward.duration
          guard max(forward.duration, inverse.duration) <= TransitionOptions.longestDuration else {
            // Like render and preview, the gallery shows at most --duration's range (36,000 frames at 60 fps).
            failures += 1
            let seconds = max(forward.duration, inverse.duration).formatted()
            let error =
              "it lasts \(seconds) s, longer than the \(Int(TransitionOptions.longestDuration)) s a gallery shows"
            items[index].error = error
            progress.end()  // the bar's line is cleared before a message
            printError("stagehand: error: the gallery shows '\(item.reference)' without pictures: \(error)")
            contactFrames += ContactSheet.instants.map { _ in FrameStates(.identity, inverse: false) }
            continue
          }
          for (animation, isInverse) in [(forward, false), (inverse, true)] {
            let path = output + "/" + (isInverse ? item.inverseFile : item.forwardFile)
            let job = RenderJob(
              scene: scene, frames: RenderJob.frames(of: animation, inverse: isInverse, fps: fps),
              threads: threads ?? Render.cores)
            try job.run(
              into: try WebPWriter(path: path, width: width, height: height, fps: fps, holds: Self.holds))
          }
          contactFrames += ContactSheet.instants.map {
            FrameStates(forward.sample(at: forward.duration * $0), inverse: false)
          }
        } catch let error as RegistryError {
          failures += 1
          items[index].error = error.description
          progress.end()  // the bar's line is cleared before a message
          printError("stagehand: error: the gallery shows '\(item.reference)' without pictures: \(error)")
          // A blank row keeps the contact sheet in the page's order.
          contactFrames += ContactSheet.instants.map { _ in FrameStates(.identity, inverse: false) }
        }
      }
      // A row per item; when there are too many for one column of rows, the items go side by side in as few blocks
      // as keep the sheet within its largest side, item k in row k / blocks (the frames come in the page's order).
      var blocks = 1
      while (items.count + blocks - 1) / blocks * (height + 4) + 4 > 16383 && blocks < items.count { blocks += 1 }
      let columns = ContactSheet.instants.count * blocks
      guard
        let sheet = ContactSheet(
          columns: columns, rows: max((items.count + blocks - 1) / blocks, 1), cellWidth: width, cellHeight: height,
          background: RGB(24, 24, 28))
      else {
        progress.end()  // the bar's line is cleared before a message
        printError("stagehand: error: the contact sheet of \(items.count) rows is too large; give a smaller --size")
        throw Exit.failure
      }
      if !contactFrames.isEmpty {
        try RenderJob(scene: scene, frames: contactFrames, threads: threads ?? Render.cores).run(into: sheet)
      }
      progress.report(done: items.count, total: items.count)
      try WholeFile.writePNG(sheet.frame, to: output + "/contact-sheet.png")
      let layout = GalleryLayout(
        width: width, height: height, blocks: blocks, sheetWidth: sheet.frame.width, sheetHeight: sheet.frame.height,
        gap: sheet.gap)
      try WholeFile.write(page(items, layout: layout, timing: timing), to: output + "/index.html")
    } catch let error as RenderError {
      progress.end()  // the bar's line is cleared before a message
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
    progress.end()
    print(
      "\(output)/index.html: \(items.count) styles and presets, \(width)x\(height) at \(fps) fps\(Self.timingNote(timing)), "
        + "with contact-sheet.png")
    if failures > 0 { throw Exit.failure }
  }
}
