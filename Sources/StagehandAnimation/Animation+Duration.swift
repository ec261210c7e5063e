/// The duration a caller asks an animation to last.
public enum RequestedDuration: Hashable, Sendable, Codable, CustomStringConvertible {
  /// No particular duration: the registry plays the style's default duration (stagehand_plugin.h, section 12); an
  /// animation rescaled to it is unchanged.
  case intrinsic
  /// A number of seconds, zero or positive.
  case seconds(Double)

  /// `intrinsic`, or the number of seconds followed by `s`.
  public var description: String {
    switch self {
    case .intrinsic: "intrinsic"
    case .seconds(let s): "\(s) s"
    }
  }

  /// Checks that a number of seconds is finite and not negative.
  public func validated() throws(AnimationError) -> RequestedDuration {
    if case .seconds(let s) = self {
      guard s.isFinite else { throw .nonFinite(value: "requested duration", s) }
      guard s >= 0 else { throw .negativeRequestedDuration(s) }
    }
    return self
  }
}

extension Animation {
  /// The same animation lasting `requested`: every step's duration is multiplied by the same factor.
  ///
  /// An animation whose intrinsic duration is 0 is made only of instant steps; there is nothing to stretch, so it is
  /// returned unchanged rather than divided by zero. Asking for 0 seconds turns every step into an instant one.
  public func rescaled(to requested: RequestedDuration) throws(AnimationError) -> Animation {
    guard case .seconds(let seconds) = try requested.validated(), duration > 0, seconds != duration else {
      return self
    }
    let factor = seconds / duration
    return Animation(steps: steps.map { $0.scaled(by: factor) }, initialStates: initialStates, isReversed: isReversed)
  }
}
