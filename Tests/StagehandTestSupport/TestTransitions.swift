import StagehandAnimation

/// A transition builder written in Swift for container tests that need no plugin: a few styles in the manner of the
/// bundled ones, so that containers can be tested on their own.
///
/// - `slide` (`direction` = left|right|top|bottom, default right): both layers move by the container's extent, then
///   the disappearing one is hidden (an instant step at the end), 0.4 s.
/// - `fade`: the appearing layer fades in while the disappearing one fades out, 0.3 s.
/// - `turn` (`angle` in degrees, default 90): the appearing layer turns in about y in perspective, the stage moves
///   away and back, two halves of 0.25 s.
public struct TestTransitions: TransitionBuilding {
  /// Why a transition could not be built.
  public struct Failure: Error, CustomStringConvertible {
    /// The message.
    public var description: String
  }

  /// Creates the builder.
  public init() {}

  /// The style names it knows.
  public static let styles = ["slide", "fade", "turn"]

  /// The forward animation.
  public func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    let bounds = try context.bounds.validatedAsBounds()
    let width = bounds.size.width
    let height = bounds.size.height
    let steps: [Step]
    switch transition.style {
    case "slide":
      let offsets = ["left": (-1.0, 0.0), "right": (1.0, 0.0), "top": (0.0, -1.0), "bottom": (0.0, 1.0)]
      let direction = transition.parameters["direction"] ?? "right"
      try checkOnly(["direction"], transition)
      guard let (ux, uy) = offsets[direction] else {
        throw Failure(description: "slide: direction '\(direction)' is not one of left, right, top, bottom")
      }
      let offset = Vector3(x: ux * width, y: uy * height, z: 0)
      steps = [
        try Step(duration: 0, changes: [.init(.appearing, .translate(offset))]),
        try Step(
          duration: 0.4, changes: [.init(.appearing, .translate(-offset)), .init(.disappearing, .translate(-offset))]),
        try Step(duration: 0, changes: [.init(.disappearing, .fade(-1))]),
      ]
    case "fade":
      try checkOnly([], transition)
      steps = [
        try Step(duration: 0, changes: [.init(.appearing, .fade(-1))]),
        try Step(
          duration: 0.3, curve: .linear, changes: [.init(.appearing, .fade(1)), .init(.disappearing, .fade(-1))]),
      ]
    case "turn":
      try checkOnly(["angle"], transition)
      guard let degrees = Double(transition.parameters["angle"] ?? "90"), degrees > 0, degrees <= 180 else {
        throw Failure(description: "turn: angle must be a number of degrees in (0, 180]")
      }
      let angle = degrees * .pi / 180
      steps = [
        try Step(
          duration: 0,
          changes: [
            .init(.stage, .changePerspective(1 / (4 * width))), .init(.appearing, .rotate(angle: -angle, axis: .yAxis)),
          ]),
        try Step(
          duration: 0.25, curve: .easeIn,
          changes: [.init(.stage, .translate(Vector3(x: 0, y: 0, z: width / 5))), .init(.disappearing, .fade(-0.5))]),
        try Step(
          duration: 0.25, curve: .easeOut,
          changes: [
            .init(.stage, .translate(Vector3(x: 0, y: 0, z: -width / 5))),
            .init(.appearing, .rotate(angle: angle, axis: .yAxis)), .init(.disappearing, .fade(-0.5)),
          ]),
      ]
    default:
      throw Failure(description: "unknown style '\(transition.style)'")
    }
    return try Animation(steps: steps).rescaled(to: context.duration.validated())
  }

  /// The inverse: the forward animation with the content layers swapped, played backwards.
  public func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    try forward(transition, in: context).swapped().reversed()
  }

  private func checkOnly(_ names: Set<String>, _ transition: Transition) throws {
    for name in transition.parameters.keys where !names.contains(name) {
      throw Failure(description: "\(transition.style) has no parameter '\(name)'")
    }
  }
}
