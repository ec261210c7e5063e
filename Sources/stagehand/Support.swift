import ArgumentParser
import FoundationEssentials
import StagehandAnimation
import StagehandCatalog
import StagehandCommandLine
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line to standard error, with control characters escaped (plugins supply some of the text).
func printError(_ line: String) {
  writeAll(STDERR_FILENO, line.escapingRemainingControlCharacters + "\n")
}

/// Writes all of `text` to the file descriptor, unbuffered (standard output is flushed first, to keep the order).
func writeAll(_ descriptor: Int32, _ text: String) {
  writeAll(descriptor, Array(text.utf8))
}

/// Writes all of `bytes` to the file descriptor, unbuffered (standard output is flushed first, to keep the order).
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
  if descriptor == STDOUT_FILENO { fflush(nil) }
  // A closed pipe or a full disk ends the output; the command's exit status says the rest.
  try? SystemFile.writeAll(descriptor, bytes)
}

/// Exit codes beyond 0.
enum Exit {
  /// A plugin failed to load or to build.
  static let failure = ExitCode(1)
  /// The user asked for something that does not exist or is invalid.
  static let usage = ExitCode(64)

  /// Prints a usage error found while the command runs (an option that does not fit the style, say) the way the
  /// parser's are printed, `stagehand: error: ...` and the line that points to the command's help, and returns the
  /// usage exit code.
  static func usageError(_ message: String) -> ExitCode {
    printError("stagehand: error: " + message)
    printError(Stagehand.helpPointer(CommandLine.arguments.dropFirst()))
    return usage
  }

  /// Prints a registry error as one line, `stagehand: error: ...`, and returns the exit code that goes with it.
  static func report(_ error: RegistryError) -> ExitCode {
    printError("stagehand: error: \(error)")
    switch error {
    case .plugin, .unusableStyle, .libraryChanged, .unresolvableFallback, .fallbackCycle, .pluginProcess,
      .pluginProcessUnavailable, .styleInUnusableLibrary:
      return failure
    default: return usage
    }
  }
}

/// Prints the catalog's problems (ignored paths, cache and scanner problems, conflicts, and one line for the
/// libraries that cannot be used) to standard error.
func reportProblems(_ catalog: Catalog) {
  reportProblems(catalog.problems)
}

/// Prints problems of the catalog, one warning line each, to standard error.
func reportProblems(_ problems: [String]) {
  for problem in problems { printError("stagehand: warning: \(problem)") }
}

/// Options every command that reads the catalog shares: the cache and the scanner.
struct CatalogOptions: ParsableArguments {
  @Flag(help: "Neither read nor write the registry cache: scan every library now.")
  var noCache = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The time limit for scanning one library, in seconds (default: STAGEHAND_SCAN_TIMEOUT, else 5).",
      valueName: "seconds"))
  var scanTimeout: OptionValue<TimeLimit>?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The time limit for one build in the plugin process, in seconds (default: STAGEHAND_BUILD_TIMEOUT, else 2).",
      valueName: "seconds"))
  var buildTimeout: OptionValue<TimeLimit>?

  func validate() throws {
    _ = try limits()
  }

  /// The time limits given: a usage error for one that is not valid.
  func limits() throws(ValidationError) -> (scan: TimeLimit?, build: TimeLimit?) {
    let scan = try scanTimeout?.limit(option: "--scan-timeout")
    let build = try buildTimeout?.limit(option: "--build-timeout")
    return (scan, build)
  }

  /// A registry over the standard search path with these options, showing a progress line on a terminal when a scan
  /// takes longer than a second.
  func registry() throws(ValidationError) -> Registry {
    let environment = ProcessEnvironment.current
    var options = RegistryOptions.standard(environment: environment)
    if noCache { options.cachePath = nil }
    let limits = try limits()
    if let scan = limits.scan { options.scanTimeout = scan.seconds }
    if let build = limits.build { options.buildTimeout = build.seconds }
    if SystemTerminal.isTerminal(STDERR_FILENO) {
      let progress = ProgressLine("scanning plugin libraries")
      options.progress = { done, total in progress.update(done: done, total: total) }
    }
    let registry = Registry(searchPath: .standard(environment: environment), options: options)
    // Kept until the process ends with _exit: freeing a thousand plugin descriptions just before that cost 7% of
    // `list` with a thousand plugins.
    keptRegistries.withLock { $0.append(registry) }
    return registry
  }
}

/// The registries the command made, kept alive until it exits.
let keptRegistries = Locked<[Registry]>([])

/// Options that choose a transition: the style, its parameters, the duration and the container size.
struct TransitionOptions: ParsableArguments {
  @Argument(help: "A style, a preset, or PLUGIN-ID:NAME (see 'stagehand list').", completion: .styleNames)
  var style: String

  @Option(
    name: .customLong("param"),
    help: ArgumentHelp(
      "A parameter value, NAME=VALUE; repeat for several. A decimal value is written with digits and at most one "
        + "'.' (0.5, .5, 4), with '-' before a negative one; no exponent.",
      valueName: "name=value"),
    completion: .parameterAssignments)
  var parameters: [OptionValue<ParameterAssignment>] = []

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The duration, 0 to \(Int(Self.longestDuration)) s: \(CommandLineValues.secondsRule) (default: the style's "
        + "default duration).",
      valueName: "seconds"))
  var duration: OptionValue<RequestedDuration>?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The container size in points, WIDTHxHEIGHT, each from 1 to \(Int(Self.largestSide)).", valueName: "size"))
  var size: OptionValue<ContainerSize> = "320x480"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(Self.timingHelp, valueName: "timing"))
  var timing: OptionValue<Timing>?

  /// The help of `--timing`, here and on `gallery`.
  static let timingHelp =
    "The timing that replaces the curve of every step, forward and inverse: linear, ease, ease-in, ease-out, "
    + "ease-in-out, cubic-bezier(X1,Y1,X2,Y2) with X1 and X2 from 0 to 1, or spring(RESPONSE,DAMPING-RATIO) with "
    + "the response in seconds, both above 0 (default: the style's own curves)."

  /// The longest duration a user may ask for, in seconds: longer is a typo, not a transition.
  static let longestDuration = CommandLineValues.longestDuration
  /// The largest side of a container, in points.
  static let largestSide = CommandLineValues.largestSide

  func validate() throws {
    _ = try assignments()
    _ = try chosenTiming()
    _ = try seconds()
    _ = try bounds()
  }

  /// The parameter values by name: a usage error for an assignment without '=', or a parameter given twice.
  func assignments() throws(ValidationError) -> [String: String] {
    var pairs: [(name: String, value: String)] = []
    for parameter in parameters {
      let assignment = try parameter.value { text, _ in AssignmentProblem.malformed(text).description }
      pairs.append((assignment.name, assignment.value))
    }
    do throws(AssignmentProblem) {
      return try CommandLineValues.assignments(pairs)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The timing of `--timing`, if given: a usage error for one that is not valid.
  func chosenTiming() throws(ValidationError) -> Timing? {
    try timing?.timing()
  }

  /// The duration as a number of seconds, when it was given: a usage error for one that is not valid.
  func seconds() throws(ValidationError) -> Double? {
    try duration?.value { text, _ in
      "--duration '\(text)' is not valid; give a number of seconds from 0 to \(Int(Self.longestDuration)), such as "
        + "0.5, .5, 2s or 500ms"
    }.seconds
  }

  /// The container bounds the size describes: two plain decimal numbers from 1 to `largestSide`, joined by 'x'.
  func bounds() throws(ValidationError) -> Rect {
    try size.value { text, _ in
      "--size '\(text)' is not valid; give WIDTHxHEIGHT, each a number of points from 1 to \(Int(Self.largestSide)), "
        + "such as 320x480"
    }.bounds
  }

  /// The transition the options describe.
  func transition() throws(ValidationError) -> Transition {
    Transition(style, parameters: try assignments(), timing: try chosenTiming())
  }

  /// The context the options describe, presented as `presentation` says.
  func context(_ presentation: PresentationOptions) throws(ValidationError) -> TransitionContext {
    try presentation.apply(
      to: TransitionContext(bounds: bounds(), duration: seconds().map { .seconds($0) } ?? .intrinsic))
  }
}

/// Options that set how a transition is presented: the layout direction, the display scale and reduced motion. A
/// command holds it beside `TransitionOptions`, never inside it: in a debug build the argument parser checks every
/// option group's definition each time it builds one, again for each group nested in it, so one level of nesting
/// made `render`, `preview` and `export` spend about 0.1 s of processor time before parsing a word (the tests run
/// the debug build hundreds of times).
struct PresentationOptions: ParsableArguments {
  /// The environment variable that asks for reduced motion when it is `1`.
  static let reduceMotionVariable = "STAGEHAND_REDUCE_MOTION"

  @Flag(
    help: ArgumentHelp(
      "Play each style's reduced-motion fallback, as for a user who asked for reduced motion (also when "
        + "\(Self.reduceMotionVariable)=1)."))
  var reduceMotion = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The layout direction, ltr or rtl: which side is leading for directional styles.",
      valueName: "direction"),
    completion: .list(["ltr", "rtl"]))
  var layoutDirection: OptionValue<LayoutDirection> = "ltr"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Pixels per point of the display, from \(CommandLineValues.displayScales.lowerBound.formatted()) to "
        + "\(Int(CommandLineValues.displayScales.upperBound)).",
      valueName: "scale"))
  var displayScale: OptionValue<DisplayScale> = "1"

  func validate() throws {
    _ = try direction()
    _ = try scale()
    if let value = ProcessEnvironment.current[Self.reduceMotionVariable],
      CommandLineValues.reducesMotion(environmentValue: value) == nil
    {
      throw ValidationError(
        "\(Self.reduceMotionVariable)='\(value.escapingControlCharacters)' is not valid; set it to 1 to reduce "
          + "motion, or to 0 (or unset it) not to")
    }
  }

  /// The layout direction: a usage error for one that is not valid.
  func direction() throws(ValidationError) -> LayoutDirection {
    try layoutDirection.value { text, _ in "--layout-direction '\(text)' is not valid; give ltr or rtl" }
  }

  /// The display scale in pixels per point: a usage error for one that is not valid.
  func scale() throws(ValidationError) -> Double {
    try displayScale.value { text, _ in
      "--display-scale '\(text)' is not valid; give a number of pixels per point from "
        + "\(CommandLineValues.displayScales.lowerBound.formatted()) to "
        + "\(Int(CommandLineValues.displayScales.upperBound)), such as 2"
    }.factor
  }

  /// Whether motion is reduced: the flag, or the environment variable set to 1.
  var reducesMotion: Bool {
    reduceMotion
      || ProcessEnvironment.current[Self.reduceMotionVariable].flatMap(CommandLineValues.reducesMotion) == true
  }

  /// `context` with these options' layout direction, display scale and reduced motion.
  func apply(to context: TransitionContext) throws(ValidationError) -> TransitionContext {
    var context = context
    context.layoutDirection = try direction()
    context.displayScale = try scale()
    context.reducesMotion = reducesMotion
    return context
  }
}

extension Double {
  /// The number with at most `digits` decimals and no trailing zeros (without Foundation's `String(format:)`,
  /// which cost 10% of `list` with a thousand plugins).
  func formatted(_ digits: Int = 3) -> String {
    let scales: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
    let magnitude = abs(self) * Double(scales[min(max(digits, 0), 6)])
    guard isFinite, digits >= 0, digits <= 6, magnitude < 9e15 else { return "\(self)" }
    let scale = scales[digits]
    let units = UInt64(magnitude.rounded())
    guard units > 0 else { return "0" }
    var text = (self < 0 ? "-" : "") + String(units / scale)
    var fraction = units % scale
    guard fraction > 0 else { return text }
    var width = digits
    while fraction % 10 == 0 {
      fraction /= 10
      width -= 1
    }
    let decimals = String(fraction)
    text += "." + String(repeating: "0", count: width - decimals.count) + decimals
    return text
  }
}

extension String {
  /// The columns the text takes: its byte count when it is ASCII (names, ids, numbers: the common case, counted
  /// without walking graphemes), else its number of characters.
  var displayWidth: Int {
    utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
  }
}

/// The scanner executable of `options`, or an error exit naming what needs it (`the validator`, `manifest`) and how to
/// provide it.
func requiredScanner(_ options: RegistryOptions, for what: String) throws -> String {
  guard let scanner = options.scanner else {
    printError(
      "stagehand: error: \(what) needs stagehand-scanner, which was not found next to the executable; install it "
        + "there or set STAGEHAND_SCANNER to its absolute path")
    throw ExitCode(1)
  }
  return scanner
}
