import ArgumentParser
import StagehandAnimation
import StagehandCatalog
import StagehandCommandLine
import StagehandExport
import StagehandRender

/// `stagehand export STYLE --format css|html|json`: writes a transition as CSS keyframes, a page that plays them, or
/// a JSON timeline.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export a transition as CSS keyframes, an HTML page that plays them, or a JSON timeline.",
    discussion: """
      css: @keyframes for the stage and the two content layers, one keyframe per step boundary with the step's \
      cubic-bezier, matrix3d transforms, opacity and backface-visibility: hidden, and the classes of the markup \
      (see Docs/Export.md). html: a self-contained page with that stylesheet that plays it in a loop over the \
      generated cards A and B (embedded as PNG), or shows one instant with --at. json: the keyframes and the layer \
      states sampled at --fps (schema in Docs/Export.md).

      The format comes from --format or the output's name (.css, .html, .json); without -o, or with -o -, the \
      export goes to standard output and --format is needed. A file is written under a temporary name and renamed \
      when complete.

      Exit codes: 0 success, 1 the output cannot be written (or the plugin failed, or a step turns a layer by half \
      a turn or more, which CSS keyframes cannot show), 64 a usage error.
      """)

  @OptionGroup var options: TransitionOptions

  @OptionGroup var presentation: PresentationOptions

  @OptionGroup var catalogOptions: CatalogOptions

  @Flag(help: "Export the inverse (the pop) instead of the forward animation.")
  var inverse = false

  @Option(
    help: ArgumentHelp("The format: css, html or json (default: from the output's name).", valueName: "format"),
    completion: .list(["css", "html", "json"]))
  var format: OptionValue<Format>?

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp("The output: out.css, out.html, out.json, or - (standard output).", valueName: "path"),
    completion: .file(extensions: ["css", "html", "json"]))
  var output = "-"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "html: show the animation stopped at this time, from 0 to its duration: \(CommandLineValues.secondsRule).",
      valueName: "seconds"))
  var at: OptionValue<Instant>?

  @Option(parsing: .unconditional, help: "json: samples per second, 1 to 240.")
  var fps = 60

  /// The formats `export` writes.
  enum Format: String, CaseIterable, NamedInAnyCase {
    case css, html, json
  }

  func validate() throws {
    guard (1...240).contains(fps) else { throw ValidationError("--fps \(fps) is not valid; give 1 to 240") }
    _ = try instant()
    let chosen = try chosenFormat()
    if at != nil && chosen != .html { throw ValidationError("--at applies to --format html only; drop it") }
  }

  /// The time of `--at` in seconds, if given: a usage error for a negative time, or one that is not a number of
  /// seconds.
  func instant() throws(ValidationError) -> Double? {
    try at?.value { text, _ in
      text.hasPrefix("-") && CommandLineValues.seconds(String(text.dropFirst())) != nil
        ? "--at '\(text)' is negative; give a time from 0 to the animation's duration, in seconds, such as 0.15"
        : "--at '\(text)' is not valid; give a number of seconds, such as 0.15, .15 or 150ms"
    }.seconds
  }

  /// The format: `--format`, else the output's extension.
  func chosenFormat() throws -> Format {
    let names = Format.allCases.map(\.rawValue).joined(separator: ", ")
    if let format {
      return try format.value { text, _ in "--format '\(text)' is not valid; give one of \(names)" }
    }
    guard output != "-" else { throw ValidationError("standard output needs --format; give one of \(names)") }
    let lowered = output.lowercased()
    guard let inferred = Format.allCases.first(where: { lowered.hasSuffix(".\($0.rawValue)") }) else {
      throw ValidationError(
        "cannot tell the format of '\(output)' from its name; end it with .css, .html or .json, or give --format")
    }
    return inferred
  }

  func run() throws {
    // SIGINT, SIGTERM and SIGHUP remove the temporary files of the outputs, and end the command with the signal.
    InterruptCleanup.install()
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    let transition = try options.transition()
    let context = try options.context(presentation)
    let pausedAt = try instant()
    let (animation, parameters) = try build(registry, transition, context)
    // A style may last as long as it likes (finite), but an export, like a preview, covers at most --duration's range.
    guard animation.duration <= TransitionOptions.longestDuration else {
      throw Exit.usageError(
        "'\(transition.style)' lasts \(animation.duration.formatted()) s, longer than the "
          + "\(Int(TransitionOptions.longestDuration)) s an export covers; give --duration")
    }
    if let at, let seconds = pausedAt, seconds > animation.duration {
      throw Exit.usageError(
        "--at '\(at.text)' is past the end of '\(transition.style)', which lasts "
          + "\(animation.duration.formatted()) s; give a time from 0 to \(animation.duration.formatted())")
    }
    let text: String
    do {
      let timeline = try ExportTimeline(animation, bounds: context.bounds, inverse: inverse)
      let title =
        ([transition.style] + parameters.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
        + ", \(inverse ? "inverse" : "forward"), \(animation.duration.exportNumber) s"
      switch try chosenFormat() {
      case .css: text = CSSExport(timeline, title: title).stylesheet()
      case .html: text = try page(CSSExport(timeline, title: title), pausedAt: pausedAt)
      case .json:
        text = TimelineJSON(timeline, style: transition.style, parameters: parameters, fps: fps).text()
      }
      try WholeFile.write(text, to: output, createsDirectories: true)
    } catch let error as ExportError {
      printError("stagehand: error: cannot export '\(transition.style)': \(error)")
      throw Exit.failure
    } catch let error as RenderError {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
  }

  /// The animation to export and its parameter values as text, by symbol.
  func build(
    _ registry: Registry, _ transition: Transition, _ context: TransitionContext
  ) throws -> (Animation, [(String, String)]) {
    do throws(RegistryError) {
      let resolved = try registry.resolve(transition.style)
      let values = try resolved.values(overriding: transition.parameters)
      let parameters = zip(resolved.entry.style.parameters, values).map { ($0.symbol, $0.text(for: $1)) }
      if inverse { return (try registry.inverse(transition, in: context), parameters) }
      return (try registry.forward(transition, in: context), parameters)
    } catch {
      throw Exit.report(error)
    }
  }

  /// The HTML page over the generated cards, embedded as PNG, stopped at `seconds` when given.
  func page(_ export: CSSExport, pausedAt seconds: Double?) throws(RenderError) -> String {
    let bounds = export.timeline.bounds
    let width = max(Int(bounds.size.width.rounded()), 1)
    let height = max(Int(bounds.size.height.rounded()), 1)
    guard let a = PixelImage.card(.a, width: width, height: height),
      let b = PixelImage.card(.b, width: width, height: height)
    else { throw .outOfMemory(file: "the cards") }
    return export.page(
      from: try a.pngDataURL(naming: "card A"), to: try b.pngDataURL(naming: "card B"), background: RGB(24, 24, 28),
      pausedAt: seconds)
  }
}
