// The reveal and uncover styles: the old content, drawn on top, slides away and uncovers the new one.
//
// Both are named after where the old content goes ("reveal-to-left": it leaves towards the left). In a reveal the new
// content lies still underneath; in an uncover it follows a little behind, moving the same way (a slight push).

import CStagehandPlugin

/// Where the disappearing content goes, in the order of the `direction` labels, in container extents: x -1 left,
/// 1 right; y -1 top, 1 bottom; `side` "L" or "T" for the leading or trailing side, resolved by the layout
/// direction at build time.
private let revealTargets: [(x: Double, y: Double, side: Character?)] = [
  (-1, 0, nil), (1, 0, nil), (0, -1, nil), (0, 1, nil),
  (-1, -1, nil), (1, -1, nil), (-1, 1, nil), (1, 1, nil),
  (0, 0, "L"), (0, 0, "T"), (0, -1, "L"), (0, -1, "T"), (0, 1, "L"), (0, 1, "T"),
]

/// The edge labels of `uncover`: the first four and the leading and trailing ones of `revealTargets`.
private let uncoverTargets = [0, 1, 2, 3, 8, 9].map { revealTargets[$0] }

/// The offset in points of a target in `context`, its leading or trailing side resolved.
private func offset(_ target: (x: Double, y: Double, side: Character?), _ b: Builder) -> (dx: Double, dy: Double) {
  var x = target.x
  if let side = target.side { x = (side == "L") != b.isRightToLeft ? -1 : 1 }
  return (x * b.context.width, target.y * b.context.height)
}

/// How far behind the old content the new one starts in an uncover, as a fraction of the old content's way.
private let uncoverLag = 0.3

/// `reveal(direction)` (0.4 s): the disappearing layer, put on top, slides out of the container; the appearing one
/// stays still.
private let buildReveal:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32) -> Int32 = {
    context, host, handle, direction in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard revealTargets.indices.contains(Int(direction)) else {
        throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT))
      }
      let (dx, dy) = offset(revealTargets[Int(direction)], b)
      try b.step(0.4)
      try b.onTop(disappearing)
      try b.translate(disappearing, dx, dy)
    }
  }

/// `uncover(direction)` (0.4 s): as a reveal, but the appearing layer starts `uncoverLag` of the way back and moves
/// in the same direction as the disappearing one, to rest.
private let buildUncover:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32) -> Int32 = {
    context, host, handle, direction in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard uncoverTargets.indices.contains(Int(direction)) else {
        throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT))
      }
      let (dx, dy) = offset(uncoverTargets[Int(direction)], b)
      try b.step(0)
      try b.translate(appearing, -dx * uncoverLag, -dy * uncoverLag)
      try b.step(0.4)
      try b.onTop(disappearing)
      try b.translate(disappearing, dx, dy)
      try b.translate(appearing, dx * uncoverLag, dy * uncoverLag)
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.reveal", version: "1.0.0", name: "Reveal and uncover",
  description:
    "The old content slides away on top and uncovers the new one, which lies still (reveal) or follows it a little (uncover).",
  styles: [
    style(
      "reveal", summary: "The old content slides away on top, uncovering the new one, which stays still.",
      defaultDuration: 0.4,
      parameters: enumParameter(
        "direction",
        labels: [
          "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right", "leading",
          "trailing", "top-leading", "top-trailing", "bottom-leading", "bottom-trailing",
        ], defaultIndex: 0,
        description:
          "The edge or corner the old content leaves towards; leading and trailing follow the layout direction."),
      presets: [
        preset(
          "reveal-to-left", "The old content slides out to the left, uncovering the new one.",
          [
            ("direction", "left")
          ]),
        preset(
          "reveal-to-right", "The old content slides out to the right, uncovering the new one.",
          [
            ("direction", "right")
          ]),
        preset(
          "reveal-to-top", "The old content slides out at the top, uncovering the new one.",
          [
            ("direction", "top")
          ]),
        preset(
          "reveal-to-bottom", "The old content slides out at the bottom, uncovering the new one.",
          [
            ("direction", "bottom")
          ]),
        preset(
          "reveal-to-top-left", "The old content slides out towards the top-left corner, uncovering the new one.",
          [
            ("direction", "top-left")
          ]),
        preset(
          "reveal-to-top-right", "The old content slides out towards the top-right corner, uncovering the new one.",
          [("direction", "top-right")]),
        preset(
          "reveal-to-bottom-left", "The old content slides out towards the bottom-left corner, uncovering the new one.",
          [("direction", "bottom-left")]),
        preset(
          "reveal-to-bottom-right",
          "The old content slides out towards the bottom-right corner, uncovering the new one.",
          [("direction", "bottom-right")]),
        preset(
          "reveal-to-leading",
          "The old content slides out on the leading side (left, or right in right-to-left layouts), uncovering the new one.",
          [("direction", "leading")]),
        preset(
          "reveal-to-trailing",
          "The old content slides out on the trailing side (right, or left in right-to-left layouts), uncovering the new one.",
          [("direction", "trailing")]),
        preset(
          "reveal-to-top-leading",
          "The old content slides out towards the top corner on the leading side, uncovering the new one.",
          [("direction", "top-leading")]),
        preset(
          "reveal-to-top-trailing",
          "The old content slides out towards the top corner on the trailing side, uncovering the new one.",
          [("direction", "top-trailing")]),
        preset(
          "reveal-to-bottom-leading",
          "The old content slides out towards the bottom corner on the leading side, uncovering the new one.",
          [("direction", "bottom-leading")]),
        preset(
          "reveal-to-bottom-trailing",
          "The old content slides out towards the bottom corner on the trailing side, uncovering the new one.",
          [("direction", "bottom-trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildReveal),
    style(
      "uncover",
      summary: "The old content slides away on top while the new one, underneath, follows it a little way to rest.",
      defaultDuration: 0.4,
      parameters: enumParameter(
        "direction", labels: ["left", "right", "top", "bottom", "leading", "trailing"], defaultIndex: 0,
        description: "The edge both contents move towards; leading and trailing follow the layout direction."),
      presets: [
        preset(
          "uncover-to-left", "The old content slides out to the left, the new one following a little.",
          [
            ("direction", "left")
          ]),
        preset(
          "uncover-to-right", "The old content slides out to the right, the new one following a little.",
          [
            ("direction", "right")
          ]),
        preset(
          "uncover-to-top", "The old content slides out at the top, the new one following a little.",
          [
            ("direction", "top")
          ]),
        preset(
          "uncover-to-bottom", "The old content slides out at the bottom, the new one following a little.",
          [
            ("direction", "bottom")
          ]),
        preset(
          "uncover-to-leading",
          "The old content slides out on the leading side (left, or right in right-to-left layouts), the new one following a little.",
          [("direction", "leading")]),
        preset(
          "uncover-to-trailing",
          "The old content slides out on the trailing side (right, or left in right-to-left layouts), the new one following a little.",
          [("direction", "trailing")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildUncover),
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
