import StagehandAnimation
import StagehandContainers
import StagehandTestSupport

/// A test double over `TestTransitions` with reduced-motion fallbacks and a layout direction, which records every
/// transition and context it is asked for.
///
/// - `slide` also takes the directions `leading` and `trailing`: left and right in `ltr`, right and left in `rtl`.
/// - Fallbacks: `turn` falls back to `slide` from the leading edge, `slide` to `fade` (so `turn` ends at `fade`
///   after two), `fade` to nothing.
final class MotionTransitions: TransitionBuilding {
  /// One request: which function, the transition and the context it was given.
  struct Request: Equatable {
    var kind: String
    var transition: Transition
    var context: TransitionContext
  }

  private let base = TestTransitions()
  /// Every request, in order.
  private(set) var requests: [Request] = []

  /// The fallback of each style that names one.
  static let fallbacks = [
    "turn": Transition("slide", parameters: ["direction": "leading"]), "slide": Transition("fade"),
  ]

  func played(_ transition: Transition, in context: TransitionContext) throws -> Transition {
    requests.append(Request(kind: "played", transition: transition, context: context))
    return Self.played(transition, in: context)
  }

  /// What `played(_:in:)` answers, without recording it.
  static func played(_ transition: Transition, in context: TransitionContext) -> Transition {
    guard context.reducesMotion else { return transition }
    var current = transition
    while let fallback = fallbacks[current.style] { current = fallback }
    return current
  }

  func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    requests.append(Request(kind: "forward", transition: transition, context: context))
    return try base.forward(Self.resolved(Self.played(transition, in: context), in: context), in: context)
  }

  func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    requests.append(Request(kind: "inverse", transition: transition, context: context))
    return try base.inverse(Self.resolved(Self.played(transition, in: context), in: context), in: context)
  }

  /// `transition` with a leading or trailing direction turned into left or right for the context's layout direction.
  static func resolved(_ transition: Transition, in context: TransitionContext) -> Transition {
    guard transition.style == "slide", let direction = transition.parameters["direction"],
      direction == "leading" || direction == "trailing"
    else { return transition }
    var resolved = transition
    let leadingIsLeft = context.layoutDirection == .leftToRight
    resolved.parameters["direction"] = (direction == "leading") == leadingIsLeft ? "left" : "right"
    return resolved
  }

  /// The last request of `kind`, if any.
  func last(_ kind: String) -> Request? { requests.last { $0.kind == kind } }
}
