import StagehandAnimation
import StagehandPlugins

/// Checks a loaded plugin against the rules of the header that building can test: every style and preset builds in
/// many contexts, deterministically and quickly; the flags tell the truth (SH_STYLE_SYMMETRIC with the draw order
/// where it shows); the default duration is the steps' sum; every parameter has an effect; a leading or trailing
/// direction follows the layout direction (the right-to-left build mirrors the left-to-right one); the last frames
/// show the new content (forward) and the revealed one (inverse); and the descriptive strings say something.
///
/// It runs in the validator's child process (`CheckChild`), where a crash or a hang harms nothing but the check.
public struct PluginChecker {
  /// The plugin checked.
  public let plugin: LoadedPlugin
  /// Called with what the checker is about to do, so that a crash or a hang can be reported with it.
  public var progress: (String) -> Void
  /// What was found so far.
  public internal(set) var findings: [CheckFinding] = []
  /// How many builds were made.
  public internal(set) var builds = 0

  /// The contexts every style and preset is built in: the smallest and largest sizes, both orientations, very
  /// thin ones and an offset origin, left to right; then right to left, with reduced motion, and at display scale 2
  /// (ABI 1.1: a builder reads them from its context).
  public static let contexts: [TransitionContext] =
    [
      Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 0, y: 0, width: 480, height: 320),
      Rect(x: 20, y: 40, width: 480, height: 320), Rect(x: 0, y: 0, width: 1, height: 1),
      Rect(x: 0, y: 0, width: 8192, height: 8192), Rect(x: 0, y: 0, width: 1, height: 8192),
      Rect(x: 0, y: 0, width: 8192, height: 1),
    ].map { TransitionContext(bounds: $0) } + [
      TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480), layoutDirection: .rightToLeft),
      TransitionContext(
        bounds: Rect(x: 20, y: 40, width: 480, height: 320), layoutDirection: .rightToLeft, displayScale: 2,
        reducesMotion: true),
      TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480), reducesMotion: true),
    ]

  /// A build whose faster of two tries takes longer than this, in seconds, gets a warning (section 7: a builder
  /// SHOULD return quickly). Generous, so that a busy machine does not make a well-behaved builder look slow.
  public static let slowBuild = 0.1

  /// Creates a checker of `plugin`.
  ///
  /// The checks build through `plugin.fillingUnusedArguments()`, so that a builder that reads a register its declared
  /// parameters leave unused is caught by its two builds differing, every time.
  public init(plugin: LoadedPlugin, progress: @escaping (String) -> Void = { _ in }) {
    self.plugin = plugin.fillingUnusedArguments()
    self.progress = progress
  }

  /// Runs every check.
  public mutating func run() {
    checkStrings()
    progress("calling the entry a second time")
    if !plugin.entryReturnsTheSameDescriptor {
      findings.append(
        CheckFinding(
          .error, section: 5,
          "the entry returned another descriptor when called again; it must return the same pointer on every call "
            + "(return the address of a static const sh_plugin)"))
    }
    for index in plugin.info.styles.indices {
      checkStyle(index)
    }
  }

  mutating func add(_ finding: CheckFinding) { findings.append(finding) }

  /// Builds the style at `index` (forward and inverse, twice each) with its defaults and each preset, in every
  /// context; then checks its flags, its duration and its parameters.
  private mutating func checkStyle(_ index: Int) {
    let style = plugin.info.styles[index]
    let valueSets = [(style.name, defaults(of: style))] + presetValues(of: style)
    var pairs: [Built] = []
    for (name, values) in valueSets {
      for context in Self.contexts {
        guard let pair = buildTwice(index, values, context, name: name) else { return }
        let what = "\(name == style.name ? "style" : "preset") '\(name)' in a \(describe(context)) container"
        pairs.append(
          Built(
            forward: pair.forward, inverse: pair.inverse, bounds: context.bounds, what: what,
            reducesMotion: context.reducesMotion))
      }
    }
    // The parameter sweeps' builds join the sample the flags and the duration are checked over.
    let sweeps = checkParameters(index)
    checkLayoutDirection(index)
    checkFlags(style, pairs, sweeps: sweeps)
    checkDuration(style, pairs.map(\.forward) + sweeps)
    checkEndVisibility(style, pairs)
    checkSprings(style, pairs.map(\.forward), sweeps: sweeps)
    checkReducedMotion(style, pairs)
  }

  /// A forward animation and its inverse built in a container of `bounds`.
  struct Built {
    /// The forward animation.
    var forward: Animation
    /// The inverse animation, with the pop's layer roles.
    var inverse: Animation
    /// The container's bounds.
    var bounds: Rect
    /// The style or preset and the container, as findings name them.
    var what: String
    /// Whether the context asked for reduced motion.
    var reducesMotion: Bool
  }

  /// Each preset's name and parameter values (the defaults, with the preset's values).
  func presetValues(of style: StyleInfo) -> [(name: String, values: [ParameterValue])] {
    style.presets.map { preset in
      var values = defaults(of: style)
      for assignment in preset.values {
        guard let p = style.parameters.firstIndex(where: { $0.symbol == assignment.parameter }),
          case .success(let value) = style.parameters[p].parse(assignment.value)
        else { continue }  // the loader refuses a preset that does not parse
        values[p] = value
      }
      return (preset.name, values)
    }
  }

  /// The default values of a style's parameters.
  func defaults(of style: StyleInfo) -> [ParameterValue] {
    style.parameters.map(\.defaultParameterValue)
  }

  /// Builds forward and inverse twice each and compares the builds; nil (with a finding) when a build fails or
  /// differs.
  mutating func buildTwice(_ index: Int, _ values: [ParameterValue], _ context: TransitionContext, name: String)
    -> (forward: Animation, inverse: Animation)?
  {
    let style = plugin.info.styles[index].name
    let what = "\(name == style ? "style" : "preset") '\(name)' in a \(describe(context)) container"
    var results: [Animation] = []
    var times: [Double] = []
    for (direction, isInverse) in [("forward", false), ("forward", false), ("inverse", true), ("inverse", true)] {
      progress("building the \(direction) animation of \(what)")
      let clock = ContinuousClock()
      let start = clock.now
      do throws(PluginError) {
        results.append(
          isInverse
            ? try plugin.inverse(styleIndex: index, values: values, in: context)
            : try plugin.forward(styleIndex: index, values: values, in: context))
      } catch {
        // The rules of the animation model (section 9) are checked by the host as it records; the rest is section 8.
        let message = "\(error)"
        let section = message.contains("end-state rule") || message.contains("finite") ? 9 : 8
        add(
          CheckFinding(
            .error, section: section, style: style, "building the \(direction) animation of \(what): \(message)"))
        return nil
      }
      builds += 1
      times.append(Double((clock.now - start) / .microseconds(1)) / 1e6)
    }
    let fastest = min(min(times[0], times[1]), min(times[2], times[3]))
    if fastest > Self.slowBuild, !findings.contains(where: { $0.style == style && $0.section == 7 }) {
      add(
        CheckFinding(
          .warning, section: 7, style: style,
          "building \(what) took \(Int(fastest * 1000)) ms at best; a builder should return within a few "
            + "milliseconds (no I/O, no sleeping, no heavy computation)"))
    }
    guard results[0] == results[1], results[2] == results[3] else {
      let direction = results[0] == results[1] ? "inverse" : "forward"
      add(
        CheckFinding(
          .error, section: 7, style: style,
          "two builds of the \(direction) animation of \(what) differ; a builder must be deterministic (no global "
            + "or static mutable state, no clock, no randomness)"
            + (plugin.info.styles[index].parameters.isEmpty
              ? ""
              : ", and must take each parameter with the C type of its declared type (section 13): one that takes "
                + "an int32_t or a float for a double reads whatever a register holds")))
      return nil
    }
    return (results[0], results[2])
  }

  /// `WxH` of a container, then what differs from the usual context: `right-to-left`, `scale 2`, `reduced motion`.
  func describe(_ context: TransitionContext) -> String {
    var parts = [size(context.bounds)]
    if context.layoutDirection == .rightToLeft { parts.append("right-to-left") }
    if context.displayScale != 1 { parts.append("scale \(context.displayScale)") }
    if context.reducesMotion { parts.append("reduced-motion") }
    return parts.joined(separator: " ")
  }

  /// `WxH` of a container, without a trailing `.0`.
  func size(_ bounds: Rect) -> String {
    func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
    return "\(number(bounds.size.width))x\(number(bounds.size.height))"
  }
}
