// The none style: the new content replaces the old one at once, without any animation.
//
// CoconutKit's HLSTransitionNone, whose animation has no step at all: its duration is 0, and it is its own inverse.

import CStagehandPlugin

/// `none`: describes no step. The host shows the appearing content alone as soon as the (empty) animation has ended.
private let buildNone: @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?) -> Int32 = {
  context, host, handle in
  Builder.run(context, host, handle) { (_) throws(BuildStatus) in }
}

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.none", version: "1.0.0", name: "None",
  description: "No transition: the new content replaces the old one at once.",
  styles: [
    style(
      "none", summary: "The new content replaces the old one at once, without animation.", defaultDuration: 0,
      flags: UInt32(SH_STYLE_SYMMETRIC), builder: buildNone)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
