// The zoom-through style: the camera seems to move through the old content to the new one, or back out of it.

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

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.zoom-through", version: "1.0.0", name: "Zoom through",
  description: "The camera seems to move through the old content to the new one, or back out of it, with fades.",
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
      builder: buildZoomThrough)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
