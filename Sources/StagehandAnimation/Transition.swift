// What a container asks for and what builds it: a transition (a style reference and its parameter values), the
// context of the moment, and the protocol of anything that builds animations from them.
//
// They live in this module, beside the animations they produce, because of the import rule in ARCHITECTURE.md:
// StagehandContainers imports StagehandAnimation only and asks for animations through `TransitionBuilding`, which the
// registry (StagehandCatalog) conforms to; so containers are tested without plugins, and neither module imports the
// other.

/// The geometry and timing at the moment a transition is built: the container's bounds, the requested duration, its
/// layout direction and display scale, and whether the user asked for reduced motion.
///
/// The appearing and disappearing layers are the roles of `LayerID`; both fill `bounds`.
public struct TransitionContext: Hashable, Sendable {
  /// The container's bounds, in points.
  public var bounds: Rect
  /// How long the animation should last.
  public var duration: RequestedDuration
  /// Which side is leading: a style's leading and trailing directions follow it.
  public var layoutDirection: LayoutDirection
  /// Pixels per point of the surface the animation is drawn on: finite and above 0.
  public var displayScale: Double
  /// Whether the user asked for reduced motion: the host then plays a style's reduced-motion fallback.
  public var reducesMotion: Bool

  /// Creates a context.
  public init(
    bounds: Rect, duration: RequestedDuration = .intrinsic, layoutDirection: LayoutDirection = .leftToRight,
    displayScale: Double = 1, reducesMotion: Bool = false
  ) {
    self.bounds = bounds
    self.duration = duration
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
    self.reducesMotion = reducesMotion
  }
}

/// Which side of a container is leading: where reading starts.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
  /// Leading is left, trailing is right (English, ...).
  case leftToRight = "ltr"
  /// Leading is right, trailing is left (Arabic, Hebrew, ...).
  case rightToLeft = "rtl"

  /// `ltr` or `rtl`.
  public var description: String { rawValue }
}

/// A reference to a transition: a style (or preset) name and parameter values as text, as a user types them.
///
/// A container keeps one per entry, so that it can build the inverse of the very transition a content was shown with.
public struct Transition: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The style, preset or `plugin-id:name` reference.
  public var style: String
  /// Parameter values by symbol, as text; parameters not listed take the preset's or the style's default.
  public var parameters: [String: String]
  /// The timing that replaces the curve of every step, forward and inverse; `nil` keeps the style's own curves.
  public var timing: Timing?

  /// Creates a transition reference.
  public init(_ style: String, parameters: [String: String] = [:], timing: Timing? = nil) {
    self.style = style
    self.parameters = parameters
    self.timing = timing
  }

  /// The style followed by its parameters and its timing, e.g. `push direction=left timing=ease-in`.
  public var description: String {
    ([style] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      + (timing.map { ["timing=\($0)"] } ?? [])).joined(separator: " ")
  }
}

/// Something that builds the forward and inverse animations of transitions: the registry of plugins, or a test double.
///
/// The inverse is built when it is needed, from the context of that moment, never cached from the forward's.
/// `forward` and `inverse` build the transition that `played(_:in:)` returns for the same context.
public protocol TransitionBuilding {
  /// The animation that shows the appearing content over the disappearing one.
  func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation
  /// The animation that undoes `forward`: in `context`, the appearing layer is the content revealed again and the
  /// disappearing layer the content that leaves.
  func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation
  /// The transition actually played for `transition` in `context`: its reduced-motion fallback when the context
  /// reduces motion and the style names one, else `transition` itself. Playing the result again in the same context
  /// plays the result, so a container can remember it and reverse exactly what it played.
  func played(_ transition: Transition, in context: TransitionContext) throws -> Transition
}

extension TransitionBuilding {
  /// `transition` itself: a builder without reduced-motion fallbacks plays what it is asked for.
  public func played(_ transition: Transition, in context: TransitionContext) throws -> Transition { transition }
}
