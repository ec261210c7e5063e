// The flip style: both contents turn about an axis through the container's centre, like the two faces of a card.

import CStagehandPlugin

/// `flip(axis, camera-distance)`: two halves of π/2 (ease-in, then ease-out, 0.3 s each) with a perspective whose
/// camera stands `camera-distance` container extents away; the stage moves away from the camera by a fifth of that
/// distance during the first half and back during the second. The contents swap visibility at the half-way point.
///
/// CoconutKit's HLSTransitionFlipVertically and HLSTransitionFlipHorizontally, with its constants: the camera at 4
/// extents (CoconutKit measures the screen; a plugin only knows the container), a fifth of it for the stage. Core
/// Animation's z axis points towards the viewer and Stagehand's away from it, so CoconutKit's angle θ about the x or
/// y axis is -θ here: the disappearing content turns its right edge (vertical axis) or its top edge (horizontal
/// axis) away from the viewer, as in CoconutKit.
private let buildFlip:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, axis, distance in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      // axis 0 "vertical": about the y axis, measured by the width; 1 "horizontal": about the x axis, by the height.
      guard axis == 0 || axis == 1 else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      let (ax, ay): (Double, Double) = axis == 0 ? (0, 1) : (1, 0)
      let camera = distance * (axis == 0 ? b.context.width : b.context.height)
      try b.step(0)
      try b.rotate(appearing, Double.pi, ax, ay, 0)
      try b.fade(appearing, -1)
      try b.changePerspective(1 / camera)
      try b.step(0.3, Int32(SH_CURVE_EASE_IN))
      try b.rotate(appearing, -Double.pi / 2, ax, ay, 0)
      try b.rotate(disappearing, -Double.pi / 2, ax, ay, 0)
      try b.translate(stage, 0, 0, camera / 5)
      try b.step(0)
      try b.fade(appearing, 1)
      try b.fade(disappearing, -1)
      try b.step(0.3, Int32(SH_CURVE_EASE_OUT))
      try b.rotate(appearing, -Double.pi / 2, ax, ay, 0)
      try b.rotate(disappearing, -Double.pi / 2, ax, ay, 0)
      try b.translate(stage, 0, 0, -camera / 5)
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.flip", version: "1.0.0", name: "Flip",
  description: "Both contents turn in perspective, like the two faces of a card.",
  styles: [
    style(
      "flip", summary: "The old content turns away and the new one turns in, like the faces of a card.",
      defaultDuration: 0.6, flags: UInt32(SH_STYLE_USES_3D),
      parameters: (
        enumParameter(
          "axis", labels: ["vertical", "horizontal"], defaultIndex: 0,
          description: "The axis through the centre the contents turn about."),
        doubleParameter(
          "camera-distance", range: 1...100, defaultValue: 4, unit: "extents",
          description:
            "How far the camera stands, in container extents (the width for a vertical axis, the height for a horizontal one)."
        ),
      ),
      presets: [
        preset("flip-vertically", "Turns the contents about the vertical axis.", [("axis", "vertical")]),
        preset("flip-horizontally", "Turns the contents about the horizontal axis.", [("axis", "horizontal")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildFlip)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
