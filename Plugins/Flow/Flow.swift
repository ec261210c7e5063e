// The flow styles: both contents step back, the new one slides in beside the old one, and both come forward again.
//
// CoconutKit's HLSTransitionFlowFrom{Bottom,Top,Left,Right}: the same offsets, steps, durations (0.2 s each) and
// push-to-back scale, 0.95, applied to both contents about their own centres.

import CStagehandPlugin

/// CoconutKit's kPushToTheBackScaleFactor.
private let pushToBackScale = 0.95

/// Where the appearing content comes from, in the order of the `direction` labels, in container extents; `nil` for
/// the last two labels, leading and trailing, which follow the layout direction.
private let offsets: [(x: Double, y: Double)?] = [(0, 1), (0, -1), (-1, 0), (1, 0), nil, nil]

/// The offset of `direction`, with leading and trailing resolved for the context's layout direction.
private func offset(_ direction: Int32, _ b: Builder) throws(BuildStatus) -> (x: Double, y: Double) {
  guard offsets.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
  if let fixed = offsets[Int(direction)] { return fixed }
  // Leading (4) is the left in a left-to-right layout and the right in a right-to-left one; trailing (5) the other.
  let fromLeft = (direction == 4) != b.isRightToLeft
  return (fromLeft ? -1 : 1, 0)
}

/// `flow(direction)`: the appearing layer waits one container extent away; both layers shrink to 0.95 (0.2 s), move
/// by the extent together (0.2 s) and grow back (0.2 s); the disappearing layer is then hidden, as in CoconutKit.
private let buildFlow:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32) -> Int32 = {
    context, host, handle, direction in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let unit = try offset(direction, b)
      let dx = unit.x * b.context.width
      let dy = unit.y * b.context.height
      try b.step(0)
      try b.translate(appearing, dx, dy)
      try b.step(0.2)
      try b.scale(appearing, pushToBackScale, pushToBackScale)
      try b.scale(disappearing, pushToBackScale, pushToBackScale)
      try b.step(0.2)
      try b.translate(appearing, -dx, -dy)
      try b.translate(disappearing, -dx, -dy)
      try b.step(0.2)
      try b.scale(appearing, 1 / pushToBackScale, 1 / pushToBackScale)
      try b.scale(disappearing, 1 / pushToBackScale, 1 / pushToBackScale)
      try b.step(0)
      try b.fade(disappearing, -1)
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.flow", version: "1.0.0", name: "Flow",
  description: "Both contents step back, the new one slides in beside the old one, and both come forward again.",
  styles: [
    style(
      "flow", summary: "Both contents step back, slide together so that the new one comes in, and step forward again.",
      defaultDuration: 0.6,
      parameters: enumParameter(
        "direction", labels: ["bottom", "top", "left", "right", "leading", "trailing"], defaultIndex: 3,
        description:
          "The edge the new content comes from; leading is the left in a left-to-right layout, the right in a right-to-left one."
      ),
      presets: [
        preset("flow-from-bottom", "The new content flows in from the bottom.", [("direction", "bottom")]),
        preset("flow-from-top", "The new content flows in from the top.", [("direction", "top")]),
        preset("flow-from-left", "The new content flows in from the left.", [("direction", "left")]),
        preset("flow-from-right", "The new content flows in from the right.", [("direction", "right")]),
        preset(
          "flow-from-leading", "The new content flows in from the leading edge (the left in a left-to-right layout).",
          [("direction", "leading")]),
        preset(
          "flow-from-trailing",
          "The new content flows in from the trailing edge (the right in a left-to-right layout).",
          [("direction", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildFlow)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
