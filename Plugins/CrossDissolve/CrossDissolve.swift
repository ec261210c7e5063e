// The fade styles: the new content fades in, over or through the old one.
//
// CoconutKit's HLSTransitionCrossDissolve, HLSTransitionFadeIn and HLSTransitionFadeInPushToBack: the same single
// 0.4 s step and push-to-back scale, 0.95. Fades name no reduced-motion fallback: they are the fallback of the others.
// The cross-dissolve does not set SH_STYLE_SYMMETRIC: both contents show at once, and its pop draws the leaving one on
// top, so its frames differ from the push's (half-way, the push shows mostly the new content, the pop the leaving one).

import CStagehandPlugin

/// `cross-dissolve`: the appearing layer fades in while the disappearing one fades out (0.4 s).
private let buildCrossDissolve:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?) -> Int32 = {
    context, host, handle in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      try b.step(0)
      try b.fade(appearing, -1)
      try b.step(0.4)
      try b.fade(appearing, 1)
      try b.fade(disappearing, -1)
    }
  }

/// `fade-in(push-to-back)`: the appearing layer fades in over a still disappearing one (0.4 s), which optionally
/// recedes to 0.95 of its size.
private let buildFadeIn:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Bool) -> Int32 = {
    context, host, handle, pushToBack in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      try b.step(0)
      try b.fade(appearing, -1)
      try b.step(0.4)
      try b.fade(appearing, 1)
      if pushToBack { try b.scale(disappearing, 0.95, 0.95) }
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.cross-dissolve", version: "1.0.0", name: "Cross-dissolve and fades",
  description: "The new content fades in, through the old one or over it.",
  styles: [
    style(
      "cross-dissolve", summary: "The new content fades in while the old one fades out.", defaultDuration: 0.4,
      builder: buildCrossDissolve),
    style(
      "fade-in", summary: "The new content fades in over the old one, which stays still.", defaultDuration: 0.4,
      parameters: boolParameter(
        "push-to-back", defaultValue: false, description: "Whether the old content recedes to 0.95 of its size."),
      presets: [
        preset(
          "fade-in-push-to-back", "The new content fades in while the old one recedes to 0.95 of its size.",
          [("push-to-back", "true")])
      ],
      builder: buildFadeIn),
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
