// The door and swing styles: a content turns a quarter turn in perspective about one of its edges, like a door on
// its hinges. In a door the old content swings open away from the viewer, uncovering the new one; in a swing the new
// content swings shut onto the screen, out of the depth, over the old one.

import CStagehandPlugin

/// The hinge edge, in the order of the `hinge` labels: x -1 left, 1 right; y -1 top, 1 bottom; `side` "L" or "T" for
/// the leading or trailing edge, resolved by the layout direction at build time.
private let hinges: [(x: Double, y: Double, side: Character?)] = [
  (-1, 0, nil), (1, 0, nil), (0, -1, nil), (0, 1, nil), (0, 0, "L"), (0, 0, "T"),
]

/// A hinge resolved in `b`'s context: the anchor move that puts a layer's anchor on it, the axis and the angle of
/// the quarter turn that takes the opposite (free) edge away from the viewer, and the perspective of a camera
/// `distance` extents (the width for a left or right hinge, the height for a top or bottom one) in front.
private func hinge(_ index: Int32, _ distance: Double, _ b: Builder) throws(BuildStatus) -> (
  anchor: (dx: Double, dy: Double), axis: (x: Double, y: Double), angle: Double, perspective: Double
) {
  guard hinges.indices.contains(Int(index)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
  var (x, y, side) = hinges[Int(index)]
  if let side { x = (side == "L") != b.isRightToLeft ? -1 : 1 }
  // About the y axis a positive angle brings the right edge towards the viewer; about the x axis it takes the bottom
  // edge away (section 9): the free edge goes away from the viewer with these signs.
  if x != 0 {
    return ((x / 2, 0), (0, 1), x * Double.pi / 2, 1 / (distance * b.context.width))
  }
  return ((0, y / 2), (1, 0), -y * Double.pi / 2, 1 / (distance * b.context.height))
}

/// `door(hinge, camera-distance)` (0.6 s, easing in): the disappearing layer, on top, turns a quarter turn about its
/// hinge edge, its free edge going away from the viewer until it stands edge-on; the appearing layer stays still.
private let buildDoor:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, index, distance in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let h = try hinge(index, distance, b)
      try b.step(0)
      try b.moveAnchor(disappearing, h.anchor.dx, h.anchor.dy)
      try b.changePerspective(h.perspective)
      try b.step(0.6, Int32(SH_CURVE_EASE_IN))
      try b.onTop(disappearing)
      try b.rotate(disappearing, h.angle, h.axis.x, h.axis.y, 0)
      try b.step(0)
      try b.changePerspective(-h.perspective)
    }
  }

/// `swing(hinge, camera-distance)` (0.6 s, easing out): the appearing layer starts edge-on, turned a quarter turn
/// away from the viewer about its hinge edge, and swings shut onto the screen while it fades in over the first third;
/// the disappearing layer stays still underneath.
private let buildSwing:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, index, distance in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let h = try hinge(index, distance, b)
      try b.step(0)
      try b.moveAnchor(appearing, h.anchor.dx, h.anchor.dy)
      try b.rotate(appearing, h.angle, h.axis.x, h.axis.y, 0)
      try b.fade(appearing, -1)
      try b.changePerspective(h.perspective)
      try b.step(0.6, Int32(SH_CURVE_EASE_OUT))
      try b.rotate(appearing, -h.angle, h.axis.x, h.axis.y, 0)
      try b.interval(0, 1.0 / 3)
      try b.fade(appearing, 1)
      try b.step(0)
      try b.changePerspective(-h.perspective)
      try b.moveAnchor(appearing, -h.anchor.dx, -h.anchor.dy)
    }
  }

private let hingeLabels: [StaticString] = ["left", "right", "top", "bottom", "leading", "trailing"]

private func hingeParameter() -> Parameter<Int32> {
  enumParameter(
    "hinge", labels: hingeLabels, defaultIndex: 0,
    description: "The edge the content turns about; leading and trailing follow the layout direction.")
}

private func cameraParameter() -> Parameter<Double> {
  doubleParameter(
    "camera-distance", range: 1...100, defaultValue: 2, unit: "extents",
    description:
      "How far the camera stands in front of the container, in container extents (the width for a left or right hinge, the height for a top or bottom one)."
  )
}

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.door", version: "1.0.0", name: "Door and swing",
  description:
    "A content turns about one of its edges in perspective, like a door: the old one swings open away from the viewer, or the new one swings shut onto the screen.",
  styles: [
    style(
      "door", summary: "The old content swings open away from the viewer about one edge, uncovering the new one.",
      defaultDuration: 0.6, flags: UInt32(SH_STYLE_USES_3D), parameters: (hingeParameter(), cameraParameter()),
      presets: [
        preset(
          "door-hinged-left", "The old content swings open like a door hinged on its left edge.",
          [
            ("hinge", "left")
          ]),
        preset(
          "door-hinged-right", "The old content swings open like a door hinged on its right edge.",
          [
            ("hinge", "right")
          ]),
        preset(
          "door-hinged-top", "The old content swings open away from the viewer about its top edge.",
          [
            ("hinge", "top")
          ]),
        preset(
          "door-hinged-bottom", "The old content swings open away from the viewer about its bottom edge.",
          [
            ("hinge", "bottom")
          ]),
        preset(
          "door-hinged-leading",
          "The old content swings open like a door hinged on its leading edge (left, or right in right-to-left layouts).",
          [("hinge", "leading")]),
        preset(
          "door-hinged-trailing",
          "The old content swings open like a door hinged on its trailing edge (right, or left in right-to-left layouts).",
          [("hinge", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildDoor),
    style(
      "swing", summary: "The new content swings shut onto the screen about one edge, out of the depth, fading in.",
      defaultDuration: 0.6, flags: UInt32(SH_STYLE_USES_3D), parameters: (hingeParameter(), cameraParameter()),
      presets: [
        preset("swing-from-left", "The new content swings in about its left edge.", [("hinge", "left")]),
        preset("swing-from-right", "The new content swings in about its right edge.", [("hinge", "right")]),
        preset("swing-from-top", "The new content swings down into place about its top edge.", [("hinge", "top")]),
        preset(
          "swing-from-bottom", "The new content swings up into place about its bottom edge.",
          [
            ("hinge", "bottom")
          ]),
        preset(
          "swing-from-leading",
          "The new content swings in about its leading edge (left, or right in right-to-left layouts).",
          [("hinge", "leading")]),
        preset(
          "swing-from-trailing",
          "The new content swings in about its trailing edge (right, or left in right-to-left layouts).",
          [("hinge", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildSwing),
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
