// The zoom-through style: the camera seems to move through the old content to the new one, or back out of it; and the
// squeeze style: the old content is squashed flat to a line across the middle, uncovering the new one.

import CStagehandPlugin

/// `zoom-through(direction, factor)` (0.5 s): in the `in` direction the old content grows by `factor` while it fades
/// out and the new one grows from 1 / `factor` to full size while it fades in, as if the camera moved forwards; `out`
/// does the opposite, the old content shrinking by `factor` and the new one shrinking from `factor` times its size.
/// Both scale about the centre.
private let buildZoomThrough:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Double) -> Int32 = {
    context, host, handle, direction, factor in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard direction == 0 || direction == 1, factor > 1 else {
        throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT))
      }
      // 0 "in": everything grows by `factor`; 1 "out": everything shrinks by it.
      let k = direction == 0 ? factor : 1 / factor
      try b.step(0)
      try b.scale(appearing, 1 / k, 1 / k)
      try b.fade(appearing, -1)
      try b.step(0.5)
      try b.scale(appearing, k, k)
      try b.scale(disappearing, k, k)
      try b.fade(appearing, 1)
      try b.fade(disappearing, -1)
    }
  }

/// The factor a squeeze scales the old content by: a line a thousandth of its height or width (a scale factor MUST
/// NOT be 0). The old content is gone once the animation has ended (section 9, "The end").
private let squeezed = 0.001

/// `squeeze(axis)` (0.5 s): the disappearing layer, put on top, scales about its centre to a thousandth of its height
/// (`vertical`, towards a line across the middle) or of its width (`horizontal`, towards a line down the middle); the
/// appearing layer stays still underneath.
private let buildSqueeze:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32) -> Int32 = {
    context, host, handle, axis in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard axis == 0 || axis == 1 else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      try b.step(0.5)
      try b.onTop(disappearing)
      if axis == 0 {
        try b.scale(disappearing, 1, squeezed)
      } else {
        try b.scale(disappearing, squeezed, 1)
      }
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.zoom-through", version: "1.0.0", name: "Zoom through and squeeze",
  description:
    "The camera seems to move through the old content to the new one, or back out of it, with fades; or the old content is squashed flat, uncovering the new one.",
  styles: [
    style(
      "zoom-through",
      summary:
        "Both contents grow (in) or shrink (out) about the centre while the old one fades out and the new one in.",
      defaultDuration: 0.5,
      parameters: (
        enumParameter(
          "direction", labels: ["in", "out"], defaultIndex: 0,
          description:
            "in: both contents grow, the new one from small to full size; out: both shrink, the new one from large to full size."
        ),
        doubleParameter(
          "factor", range: 1.1...8, defaultValue: 2, unit: "factor",
          description: "How much each content grows or shrinks over the transition."),
      ),
      presets: [
        preset(
          "zoom-through-in",
          "The old content grows and fades out while the new one grows from half its size and fades in.",
          [("direction", "in")]),
        preset(
          "zoom-through-out",
          "The old content shrinks and fades out while the new one shrinks from twice its size and fades in.",
          [("direction", "out")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildZoomThrough),
    style(
      "squeeze", summary: "The old content is squashed flat to a line through the middle, uncovering the new one.",
      defaultDuration: 0.5,
      parameters: enumParameter(
        "axis", labels: ["vertical", "horizontal"], defaultIndex: 0,
        description:
          "vertical: the old content's height shrinks, to a line across the middle; horizontal: its width, to a line down the middle."
      ),
      presets: [
        preset(
          "squeeze-vertically", "The old content is squashed from top and bottom to a line across the middle.",
          [("axis", "vertical")]),
        preset(
          "squeeze-horizontally", "The old content is squashed from left and right to a line down the middle.",
          [("axis", "horizontal")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:cross-dissolve",
      builder: buildSqueeze),
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
