// The rotate styles: both contents turn a quarter turn together about one edge of the container, in perspective.
//
// CoconutKit's eight HLSTransitionRotate{Horizontally,Vertically}From{Bottom,Top,Left,Right}{Clockwise,
// Counterclockwise}: both contents' anchors move to the edge, the appearing content starts a quarter turn away, and
// both turn by two eighths of a turn (ease-in 0.3 s, then ease-out 0.3 s) with the camera 4 widths away; then the
// disappearing content is hidden. Core Animation's z axis points towards the viewer and Stagehand's away from it, so
// CoconutKit's angle θ about the x or y axis is -θ here, which keeps what each of the eight names looks like.

import CStagehandPlugin

/// The anchor offset (from the centre, in unit coordinates) and rotation axis of each `edge` label, in label order:
/// bottom and top turn about the x axis ("horizontally"), left and right about the y axis ("vertically").
private let edges: [(dx: Double, dy: Double, ax: Double, ay: Double)] = [
  (0, 0.5, 1, 0), (0, -0.5, 1, 0), (-0.5, 0, 0, 1), (0.5, 0, 0, 1),
]

/// `rotate(edge, sense, camera-distance)`: CoconutKit's steps. The camera stands `camera-distance` container widths
/// away, for every edge, as CoconutKit measures 4 screen widths for all eight (a plugin only knows the container).
private let buildRotate:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Int32, Double) -> Int32 =
    { context, host, handle, edge, sense, distance in
      Builder.run(context, host, handle) { (b) throws(BuildStatus) in
        guard edges.indices.contains(Int(edge)), sense == 0 || sense == 1 else {
          throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT))
        }
        let (dx, dy, ax, ay) = edges[Int(edge)]
        // sense 0 "counterclockwise": CoconutKit's setup -π/2 and steps +π/4, negated; 1 "clockwise": the opposite.
        let eighth = sense == 0 ? -Double.pi / 4 : Double.pi / 4
        let start = -2 * eighth
        try b.step(0)
        try b.rotate(appearing, start, ax, ay, 0)
        try b.moveAnchor(appearing, dx, dy)
        try b.moveAnchor(disappearing, dx, dy)
        // Turned a quarter by `start`, the appearing content's edge opposite the hinge stands one extent towards the
        // viewer or away from it: z = -2 dy sin(start) about the x axis, 2 dx sin(start) about the y axis, in extents.
        // Away (z > 0), the new content comes from behind the old one, which tips towards the viewer: the old content
        // is then drawn on top, as it stands in front. (Core Animation drew CoconutKit's views in their order, the
        // appearing one above, so that the new content showed through the old one from the start; here it does not.)
        let sine: Double = start > 0 ? 1 : -1
        let farEdgeZ = ax != 0 ? -2 * dy * sine : 2 * dx * sine
        if farEdgeZ > 0 { try b.onTop(disappearing) }
        try b.changePerspective(1 / (distance * b.context.width))
        try b.step(0.3, Int32(SH_CURVE_EASE_IN))
        try b.rotate(appearing, eighth, ax, ay, 0)
        try b.rotate(disappearing, eighth, ax, ay, 0)
        try b.step(0.3, Int32(SH_CURVE_EASE_OUT))
        try b.rotate(appearing, eighth, ax, ay, 0)
        try b.rotate(disappearing, eighth, ax, ay, 0)
        try b.step(0)
        try b.fade(disappearing, -1)
      }
    }

private func rotatePreset(
  _ name: StaticString, _ summary: StaticString, _ edge: StaticString, _ sense: StaticString
) -> sh_preset {
  preset(name, summary, [("edge", edge), ("sense", sense)])
}

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.rotate", version: "1.0.0", name: "Rotate",
  description: "Both contents turn a quarter turn together about one edge of the container, in perspective.",
  styles: [
    style(
      "rotate", summary: "Both contents turn together about an edge, the old one out of view and the new one in.",
      defaultDuration: 0.6, flags: UInt32(SH_STYLE_USES_3D),
      parameters: (
        enumParameter(
          "edge", labels: ["bottom", "top", "left", "right"], defaultIndex: 0,
          description: "The edge the contents turn about: bottom and top turn horizontally, left and right vertically."
        ),
        enumParameter(
          "sense", labels: ["counterclockwise", "clockwise"], defaultIndex: 0,
          description: "Which way they turn, as CoconutKit names it."),
        doubleParameter(
          "camera-distance", range: 1...100, defaultValue: 4, unit: "widths",
          description: "How far the camera stands, in container widths."),
      ),
      presets: [
        rotatePreset(
          "rotate-horizontally-from-bottom-counterclockwise",
          "Turns about the bottom edge: the old content falls back, the new one comes from the front.", "bottom",
          "counterclockwise"),
        rotatePreset(
          "rotate-horizontally-from-bottom-clockwise",
          "Turns about the bottom edge: the old content falls forward, the new one comes from behind.", "bottom",
          "clockwise"),
        rotatePreset(
          "rotate-horizontally-from-top-counterclockwise",
          "Turns about the top edge: the old content swings forward, the new one comes from behind.", "top",
          "counterclockwise"),
        rotatePreset(
          "rotate-horizontally-from-top-clockwise",
          "Turns about the top edge: the old content swings back, the new one comes from the front.", "top",
          "clockwise"),
        rotatePreset(
          "rotate-vertically-from-left-counterclockwise",
          "Turns about the left edge: the old content swings back, the new one comes from the front.", "left",
          "counterclockwise"),
        rotatePreset(
          "rotate-vertically-from-left-clockwise",
          "Turns about the left edge: the old content swings forward, the new one comes from behind.", "left",
          "clockwise"),
        rotatePreset(
          "rotate-vertically-from-right-counterclockwise",
          "Turns about the right edge: the old content swings forward, the new one comes from behind.", "right",
          "counterclockwise"),
        rotatePreset(
          "rotate-vertically-from-right-clockwise",
          "Turns about the right edge: the old content swings back, the new one comes from the front.", "right",
          "clockwise"),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildRotate)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
