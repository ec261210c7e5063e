// The emerge styles: the new content grows and fades in from the centre over the old one.
//
// CoconutKit's HLSTransitionEmergeFromCenter and HLSTransitionEmergeFromCenterPushToBack: the appearing content
// starts at 0.8 of its size (kEmergeFromCenterScaleFactor; early CoconutKit versions used 0.01 without the fade) and
// transparent, and grows back and fades in over one 0.4 s step; the push-to-back version also scales the old content
// to 0.95 (kPushToTheBackScaleFactor).

import CStagehandPlugin

/// CoconutKit's kEmergeFromCenterScaleFactor and kPushToTheBackScaleFactor.
private let emergeScale = 0.8
private let pushToBackScale = 0.95

/// `emerge(push-to-back)`: the appearing layer grows from 0.8 to its size about its centre while it fades in (0.4 s).
private let buildEmerge:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Bool) -> Int32 = {
    context, host, handle, pushToBack in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      try b.step(0)
      try b.scale(appearing, emergeScale, emergeScale)
      try b.fade(appearing, -1)
      try b.step(0.4)
      try b.scale(appearing, 1 / emergeScale, 1 / emergeScale)
      try b.fade(appearing, 1)
      if pushToBack { try b.scale(disappearing, pushToBackScale, pushToBackScale) }
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.emerge", version: "1.0.0", name: "Emerge",
  description: "The new content grows and fades in from the centre over the old one.",
  styles: [
    style(
      "emerge", summary: "The new content grows from the centre as it fades in over the old one.",
      defaultDuration: 0.4,
      parameters: boolParameter(
        "push-to-back", defaultValue: false, description: "Whether the old content recedes to 0.95 of its size."),
      presets: [
        preset("emerge-from-center", "The new content grows from the centre as it fades in.", []),
        preset(
          "emerge-from-center-push-to-back",
          "The new content grows from the centre as it fades in, while the old one recedes.",
          [("push-to-back", "true")]),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:fade-in",
      builder: buildEmerge)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
