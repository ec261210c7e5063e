// The push styles: the appearing content pushes the disappearing one out of the container.
//
// CoconutKit's HLSTransitionPushFrom{Left,Right,Top,Bottom}, HLSTransitionPushFrom...FadeIn and
// HLSTransitionPushToBackFrom...: the same offsets, steps and constants (the to-back scale 0.5), in one style.

import CStagehandPlugin

/// The direction the appearing content comes from, in the order of the `direction` labels, in container extents;
/// `nil` for the last two labels, leading and trailing, which follow the layout direction.
private let offsets: [(x: Double, y: Double)?] = [(-1, 0), (1, 0), (0, -1), (0, 1), nil, nil]

/// The offset of `direction`, with leading and trailing resolved for the context's layout direction.
private func offset(_ direction: Int32, _ b: Builder) throws(BuildStatus) -> (x: Double, y: Double) {
  guard offsets.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
  if let fixed = offsets[Int(direction)] { return fixed }
  // Leading (4) is the left in a left-to-right layout and the right in a right-to-left one; trailing (5) the other.
  let fromLeft = (direction == 4) != b.isRightToLeft
  return (fromLeft ? -1 : 1, 0)
}

private enum Variant: Int32 {
  case plain = 0
  case fadeIn = 1
  case toBack = 2
}

/// `push(direction, variant)`: both layers move by the container's extent (0.4 s); the fade-in variant slides the
/// disappearing layer out, then cross-fades; the to-back variant shrinks the disappearing layer to 0.5.
///
/// CoconutKit's fade-in variant slides for 0.4 s and cross-fades for 0.2 s (0.6 s in all). A style has one intrinsic
/// duration whatever its parameters, so here the two steps keep CoconutKit's 2:1 proportion within the style's 0.4 s.
private let buildPush:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Int32) -> Int32 = {
    context, host, handle, direction, variant in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard let variant = Variant(rawValue: variant) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      let unit = try offset(direction, b)
      let dx = unit.x * b.context.width
      let dy = unit.y * b.context.height
      switch variant {
      case .plain, .toBack:
        try b.step(0)
        try b.translate(appearing, dx, dy)
        try b.step(0.4)
        try b.translate(appearing, -dx, -dy)
        try b.translate(disappearing, -dx, -dy)
        if variant == .toBack { try b.scale(disappearing, 0.5, 0.5) }
        try b.step(0)
        try b.fade(disappearing, -1)
      case .fadeIn:
        try b.step(0)
        try b.fade(appearing, -1)
        try b.step(0.4 * 2 / 3)
        try b.translate(disappearing, -dx, -dy)
        try b.step(0.4 / 3)
        try b.fade(appearing, 1)
        try b.fade(disappearing, -1)
      }
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.push", version: "1.0.0", name: "Push",
  description: "The new content pushes the old one out of the container, from any edge.",
  styles: [
    style(
      "push", summary: "The new content pushes the old one out, both moving by the container's extent.",
      defaultDuration: 0.4,
      parameters: (
        enumParameter(
          "direction", labels: ["left", "right", "top", "bottom", "leading", "trailing"], defaultIndex: 1,
          description:
            "The edge the new content comes from; leading is the left in a left-to-right layout, the right in a right-to-left one."
        ),
        enumParameter(
          "variant", labels: ["plain", "fade-in", "to-back"], defaultIndex: 0,
          description:
            "plain: both move together; fade-in: the old content slides out over two thirds of the time, then the new one fades in; to-back: the old content shrinks to half its size as it leaves."
        ),
      ),
      presets: [
        preset("push-from-left", "Pushes the new content in from the left.", [("direction", "left")]),
        preset("push-from-right", "Pushes the new content in from the right.", [("direction", "right")]),
        preset("push-from-top", "Pushes the new content in from the top.", [("direction", "top")]),
        preset("push-from-bottom", "Pushes the new content in from the bottom.", [("direction", "bottom")]),
        preset(
          "push-from-leading", "Pushes the new content in from the leading edge (the left in a left-to-right layout).",
          [("direction", "leading")]),
        preset(
          "push-from-trailing",
          "Pushes the new content in from the trailing edge (the right in a left-to-right layout), like a navigation push.",
          [("direction", "trailing")]),
        preset(
          "push-from-left-fade-in", "Slides the old content out to the right, then fades the new one in.",
          [("direction", "left"), ("variant", "fade-in")]),
        preset(
          "push-from-right-fade-in", "Slides the old content out to the left, then fades the new one in.",
          [("direction", "right"), ("variant", "fade-in")]),
        preset(
          "push-from-top-fade-in", "Slides the old content out to the bottom, then fades the new one in.",
          [("direction", "top"), ("variant", "fade-in")]),
        preset(
          "push-from-bottom-fade-in", "Slides the old content out to the top, then fades the new one in.",
          [("direction", "bottom"), ("variant", "fade-in")]),
        preset(
          "push-from-leading-fade-in",
          "Slides the old content out towards the trailing edge, then fades the new one in.",
          [("direction", "leading"), ("variant", "fade-in")]),
        preset(
          "push-from-trailing-fade-in",
          "Slides the old content out towards the leading edge, then fades the new one in.",
          [("direction", "trailing"), ("variant", "fade-in")]),
        preset(
          "push-to-back-from-left", "Pushes in from the left while the old content shrinks away.",
          [("direction", "left"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-right", "Pushes in from the right while the old content shrinks away.",
          [("direction", "right"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-top", "Pushes in from the top while the old content shrinks away.",
          [("direction", "top"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-bottom", "Pushes in from the bottom while the old content shrinks away.",
          [("direction", "bottom"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-leading", "Pushes in from the leading edge while the old content shrinks away.",
          [("direction", "leading"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-trailing", "Pushes in from the trailing edge while the old content shrinks away.",
          [("direction", "trailing"), ("variant", "to-back")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildPush)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
