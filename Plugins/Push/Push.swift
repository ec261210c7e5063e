// The push styles: the appearing content pushes the disappearing one out of the container.

import CStagehandPlugin

/// The direction the appearing content comes from, in the order of the `direction` labels.
private let offsets: [(x: Double, y: Double)] = [(-1, 0), (1, 0), (0, -1), (0, 1)]

private enum Variant: Int32 {
  case plain = 0
  case fadeIn = 1
  case toBack = 2
}

/// `push(direction, variant)`: both layers move by the container's extent (0.4 s); the fade-in variant slides the
/// disappearing layer out (0.3 s), then cross-fades (0.1 s); the to-back variant shrinks the disappearing layer to 0.5.
private let buildPush:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Int32) -> Int32 = {
    context, host, handle, direction, variant in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard offsets.indices.contains(Int(direction)), let variant = Variant(rawValue: variant) else {
        throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT))
      }
      let dx = offsets[Int(direction)].x * b.context.width
      let dy = offsets[Int(direction)].y * b.context.height
      switch variant {
      case .plain, .toBack:
        try b.step(0)
        try b.translate(appearing, dx, dy)
        try b.step(0.4)
        try b.translate(appearing, -dx, -dy)
        try b.translate(disappearing, -dx, -dy)
        if variant == .toBack { try b.scale(disappearing, 0.5, 0.5) }
        try b.step(0)
        try b.fade(disappearing, -1)
      case .fadeIn:
        try b.step(0)
        try b.fade(appearing, -1)
        try b.step(0.3)
        try b.translate(disappearing, -dx, -dy)
        try b.step(0.1)
        try b.fade(appearing, 1)
        try b.fade(disappearing, -1)
      }
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.push", version: "1.0.0", name: "Push",
  description: "The new content pushes the old one out of the container, from any edge.",
  styles: [
    style(
      "push", summary: "The new content pushes the old one out, both moving by the container's extent.",
      defaultDuration: 0.4,
      parameters: (
        enumParameter(
          "direction", labels: ["left", "right", "top", "bottom"], defaultIndex: 1,
          description: "The edge the new content comes from."),
        enumParameter(
          "variant", labels: ["plain", "fade-in", "to-back"], defaultIndex: 0,
          description:
            "plain: both move together (0.4 s); fade-in: the old content slides out (0.3 s), then the new one fades in (0.1 s); to-back: the old content shrinks to half its size as it leaves (0.4 s)."
        ),
      ),
      presets: [
        preset("push-from-left", "Pushes the new content in from the left.", [("direction", "left")]),
        preset("push-from-right", "Pushes the new content in from the right.", [("direction", "right")]),
        preset("push-from-top", "Pushes the new content in from the top.", [("direction", "top")]),
        preset("push-from-bottom", "Pushes the new content in from the bottom.", [("direction", "bottom")]),
        preset(
          "push-from-left-fade-in", "Slides the old content out to the right, then fades the new one in.",
          [("direction", "left"), ("variant", "fade-in")]),
        preset(
          "push-from-right-fade-in", "Slides the old content out to the left, then fades the new one in.",
          [("direction", "right"), ("variant", "fade-in")]),
        preset(
          "push-from-top-fade-in", "Slides the old content out to the bottom, then fades the new one in.",
          [("direction", "top"), ("variant", "fade-in")]),
        preset(
          "push-from-bottom-fade-in", "Slides the old content out to the top, then fades the new one in.",
          [("direction", "bottom"), ("variant", "fade-in")]),
        preset(
          "push-to-back-from-left", "Pushes in from the left while the old content shrinks away.",
          [("direction", "left"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-right", "Pushes in from the right while the old content shrinks away.",
          [("direction", "right"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-top", "Pushes in from the top while the old content shrinks away.",
          [("direction", "top"), ("variant", "to-back")]),
        preset(
          "push-to-back-from-bottom", "Pushes in from the bottom while the old content shrinks away.",
          [("direction", "bottom"), ("variant", "to-back")]),
      ],
      builder: buildPush)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
