// The cube style: the two contents are two faces of a cube that turns a quarter turn in perspective.

import CStagehandPlugin

/// The side the appearing content comes from, in the order of the `direction` labels: x -1 left, 1 right; y -1 top,
/// 1 bottom; `side` "L" or "T" for leading and trailing, which the layout direction resolves at build time.
private let origins: [(x: Double, y: Double, side: Character?)] = [
  (-1, 0, nil), (1, 0, nil), (0, -1, nil), (0, 1, nil), (0, 0, "L"), (0, 0, "T"),
]

/// `cube(direction, camera-distance)` (0.6 s): the disappearing content is the front face of a cube whose side is
/// the container's extent E (its width when it turns left or right, its height when it turns up or down), and the
/// appearing content the face on the side it comes from. The stage turns the cube a quarter turn about its centre,
/// E / 2 behind the container, with the camera `camera-distance` extents in front of the container.
///
/// The cube turns about its own centre, not the stage's anchor point: the contents are moved E / 2 towards the
/// viewer (the side face about its own centre, then outwards by E / 2) and the stage E / 2 away, so that the stage's
/// turn about its anchor is a turn about the cube's centre and nothing moves in a straight line. A last instant step
/// takes everything back to rest, where the appearing content already looks.
private let buildCube:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, direction, distance in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard origins.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      var (x, y, side) = origins[Int(direction)]
      if let side { x = (side == "L") != b.isRightToLeft ? -1 : 1 }
      let horizontal = x != 0
      let extent = horizontal ? b.context.width : b.context.height
      let perspective = 1 / (distance * extent)
      // The side face turns about its centre so that its front faces outwards (section 9's right-hand rule), and
      // the stage turns the other way to bring it to the front.
      let (ax, ay): (Double, Double) = horizontal ? (0, 1) : (1, 0)
      let face = horizontal ? -x * Double.pi / 2 : y * Double.pi / 2
      try b.step(0)
      try b.translate(disappearing, 0, 0, -extent / 2)
      try b.translate(appearing, x * b.context.width / 2, y * b.context.height / 2)
      try b.rotate(appearing, face, ax, ay, 0)
      try b.translate(stage, 0, 0, extent / 2)
      try b.changePerspective(perspective)
      try b.step(0.6)
      try b.rotate(stage, -face, ax, ay, 0)
      try b.step(0)
      try b.rotate(stage, face, ax, ay, 0)
      try b.translate(stage, 0, 0, -extent / 2)
      try b.changePerspective(-perspective)
      try b.rotate(appearing, -face, ax, ay, 0)
      try b.translate(appearing, -x * b.context.width / 2, -y * b.context.height / 2)
      try b.translate(disappearing, 0, 0, extent / 2)
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.cube", version: "1.0.0", name: "Cube",
  description: "The two contents are faces of a cube that turns a quarter turn in perspective.",
  styles: [
    style(
      "cube", summary: "The contents are two faces of a cube that turns to bring the new one to the front.",
      defaultDuration: 0.6, flags: UInt32(SH_STYLE_USES_3D),
      parameters: (
        enumParameter(
          "direction", labels: ["left", "right", "top", "bottom", "leading", "trailing"], defaultIndex: 1,
          description: "The side the new content comes from; leading and trailing follow the layout direction."),
        doubleParameter(
          "camera-distance", range: 1.5...100, defaultValue: 2.5, unit: "extents",
          description:
            "How far the camera stands in front of the container, in container extents (the width for left and right, the height for top and bottom)."
        ),
      ),
      presets: [
        preset(
          "cube-from-left", "The cube turns to the right, bringing in the new content from the left.",
          [
            ("direction", "left")
          ]),
        preset(
          "cube-from-right", "The cube turns to the left, bringing in the new content from the right.",
          [
            ("direction", "right")
          ]),
        preset(
          "cube-from-top", "The cube turns downwards, bringing in the new content from the top.",
          [
            ("direction", "top")
          ]),
        preset(
          "cube-from-bottom", "The cube turns upwards, bringing in the new content from the bottom.",
          [
            ("direction", "bottom")
          ]),
        preset(
          "cube-from-leading",
          "The cube turns to bring in the new content from the leading side (left, or right in right-to-left layouts).",
          [("direction", "leading")]),
        preset(
          "cube-from-trailing",
          "The cube turns to bring in the new content from the trailing side (right, or left in right-to-left layouts).",
          [("direction", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildCube)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
