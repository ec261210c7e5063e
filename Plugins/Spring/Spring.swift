// The spring styles: the new content slides in on a damped spring, over the old one or pushing it out, and settles
// with an overshoot when the spring is underdamped.

import CStagehandPlugin

/// The side the appearing content comes from, in the order of the `direction` labels: x -1 left, 1 right; y -1 top,
/// 1 bottom; `side` "L" or "T" for leading and trailing, which the layout direction resolves at build time.
private let origins: [(x: Double, y: Double, side: Character?)] = [
  (-1, 0, nil), (1, 0, nil), (0, -1, nil), (0, 1, nil), (0, 0, "L"), (0, 0, "T"),
]

/// The spring's mass (kg) and stiffness (N/m); the damping follows from the damping ratio ζ as 2 ζ √(k m).
private let mass = 1.0
private let stiffness = 200.0

/// The offset in points the appearing content starts from, its side resolved.
private func offset(_ direction: Int32, _ b: Builder) throws(BuildStatus) -> (dx: Double, dy: Double) {
  guard origins.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
  var (x, y, side) = origins[Int(direction)]
  if let side { x = (side == "L") != b.isRightToLeft ? -1 : 1 }
  return (x * b.context.width, y * b.context.height)
}

/// Starts the moving step (0.8 s) with the spring of damping ratio `ratio`.
private func springStep(_ b: Builder, _ ratio: Double) throws(BuildStatus) {
  try b.step(0.8)
  try b.spring(mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot())
}

/// `spring-slide(direction, damping-ratio)` (0.8 s): the appearing layer slides in over the still disappearing one
/// from outside the container, on the spring.
private let buildSpringSlide:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, direction, ratio in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let (dx, dy) = try offset(direction, b)
      try b.step(0)
      try b.translate(appearing, dx, dy)
      try springStep(b, ratio)
      try b.translate(appearing, -dx, -dy)
    }
  }

/// `spring-push(direction, damping-ratio)` (0.8 s): both layers move by the container's extent on the spring, the
/// appearing one pushing the disappearing one out.
private let buildSpringPush:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, direction, ratio in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let (dx, dy) = try offset(direction, b)
      try b.step(0)
      try b.translate(appearing, dx, dy)
      try springStep(b, ratio)
      try b.translate(appearing, -dx, -dy)
      try b.translate(disappearing, -dx, -dy)
    }
  }

private func directionParameter() -> Parameter<Int32> {
  enumParameter(
    "direction", labels: ["left", "right", "top", "bottom", "leading", "trailing"], defaultIndex: 1,
    description: "The side the new content comes from; leading and trailing follow the layout direction.")
}

private func dampingParameter() -> Parameter<Double> {
  doubleParameter(
    "damping-ratio", range: 0.2...1.5, defaultValue: 0.6, unit: "ratio",
    description:
      "How much the spring is damped: below 1 it overshoots and settles (the lower, the more it bounces); 1 and above it glides to rest."
  )
}

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.spring", version: "1.0.0", name: "Spring slides",
  description:
    "The new content slides in on a damped spring, over the old one or pushing it out, overshooting a little before it settles.",
  styles: [
    style(
      "spring-slide", summary: "The new content slides in over the old one on a spring, overshooting and settling.",
      defaultDuration: 0.8, parameters: (directionParameter(), dampingParameter()),
      presets: [
        preset(
          "spring-slide-from-left", "The new content springs in from the left over the old one.",
          [
            ("direction", "left")
          ]),
        preset(
          "spring-slide-from-right", "The new content springs in from the right over the old one.",
          [
            ("direction", "right")
          ]),
        preset(
          "spring-slide-from-top", "The new content springs in from the top over the old one.",
          [
            ("direction", "top")
          ]),
        preset(
          "spring-slide-from-bottom", "The new content springs in from the bottom over the old one.",
          [
            ("direction", "bottom")
          ]),
        preset(
          "spring-slide-from-leading",
          "The new content springs in over the old one from the leading side (left, or right in right-to-left layouts).",
          [("direction", "leading")]),
        preset(
          "spring-slide-from-trailing",
          "The new content springs in over the old one from the trailing side (right, or left in right-to-left layouts).",
          [("direction", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildSpringSlide),
    style(
      "spring-push", summary: "The new content pushes the old one out on a spring, both overshooting and settling.",
      defaultDuration: 0.8, parameters: (directionParameter(), dampingParameter()),
      presets: [
        preset(
          "spring-push-from-left", "The new content springs in from the left, pushing the old one out.",
          [
            ("direction", "left")
          ]),
        preset(
          "spring-push-from-right", "The new content springs in from the right, pushing the old one out.",
          [
            ("direction", "right")
          ]),
        preset(
          "spring-push-from-top", "The new content springs in from the top, pushing the old one out.",
          [
            ("direction", "top")
          ]),
        preset(
          "spring-push-from-bottom", "The new content springs in from the bottom, pushing the old one out.",
          [
            ("direction", "bottom")
          ]),
        preset(
          "spring-push-from-leading",
          "The new content springs in from the leading side (left, or right in right-to-left layouts), pushing the old one out.",
          [("direction", "leading")]),
        preset(
          "spring-push-from-trailing",
          "The new content springs in from the trailing side (right, or left in right-to-left layouts), pushing the old one out.",
          [("direction", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildSpringPush),
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
