// The cover styles: the new content slides in over the old one, from an edge or a corner.

import CStagehandPlugin

/// Where the appearing content comes from, in the order of the `direction` labels, in container extents.
private let offsets: [(x: Double, y: Double)] = [
  (0, 1), (0, -1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1),
]

/// `cover(direction, push-to-back)`: the appearing layer slides in over a still disappearing one (0.4 s), which
/// optionally recedes to 0.95 of its size.
private let buildCover:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Bool) -> Int32 = {
    context, host, handle, direction, pushToBack in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard offsets.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      let dx = offsets[Int(direction)].x * b.context.width
      let dy = offsets[Int(direction)].y * b.context.height
      try b.step(0)
      try b.translate(appearing, dx, dy)
      try b.step(0.4)
      try b.translate(appearing, -dx, -dy)
      if pushToBack { try b.scale(disappearing, 0.95, 0.95) }
    }
  }

private func coverPreset(_ name: StaticString, _ summary: StaticString, _ direction: StaticString, back: Bool)
  -> sh_preset
{
  var values: [(StaticString, StaticString)] = [("direction", direction)]
  if back { values.append(("push-to-back", "true")) }
  return preset(name, summary, values)
}

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.cover", version: "1.0.0", name: "Cover",
  description: "The new content slides in over the old one, from any edge or corner.",
  styles: [
    style(
      "cover", summary: "The new content slides in over the old one, which stays still.", defaultDuration: 0.4,
      parameters: (
        enumParameter(
          "direction",
          labels: ["bottom", "top", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"],
          defaultIndex: 0, description: "The edge or corner the new content comes from."),
        boolParameter(
          "push-to-back", defaultValue: false, description: "Whether the old content recedes to 0.95 of its size."),
      ),
      presets: [
        coverPreset("cover-from-bottom", "Slides the new content in from the bottom.", "bottom", back: false),
        coverPreset("cover-from-top", "Slides the new content in from the top.", "top", back: false),
        coverPreset("cover-from-left", "Slides the new content in from the left.", "left", back: false),
        coverPreset("cover-from-right", "Slides the new content in from the right.", "right", back: false),
        coverPreset(
          "cover-from-top-left", "Slides the new content in from the top-left corner.", "top-left", back: false),
        coverPreset(
          "cover-from-top-right", "Slides the new content in from the top-right corner.", "top-right", back: false),
        coverPreset(
          "cover-from-bottom-left", "Slides the new content in from the bottom-left corner.", "bottom-left", back: false
        ),
        coverPreset(
          "cover-from-bottom-right", "Slides the new content in from the bottom-right corner.", "bottom-right",
          back: false),
        coverPreset(
          "cover-from-bottom-push-to-back", "Slides in from the bottom while the old content recedes.", "bottom",
          back: true),
        coverPreset(
          "cover-from-top-push-to-back", "Slides in from the top while the old content recedes.", "top", back: true),
        coverPreset(
          "cover-from-left-push-to-back", "Slides in from the left while the old content recedes.", "left", back: true),
        coverPreset(
          "cover-from-right-push-to-back", "Slides in from the right while the old content recedes.", "right",
          back: true),
        coverPreset(
          "cover-from-top-left-push-to-back", "Slides in from the top-left corner while the old content recedes.",
          "top-left", back: true),
        coverPreset(
          "cover-from-top-right-push-to-back", "Slides in from the top-right corner while the old content recedes.",
          "top-right", back: true),
        coverPreset(
          "cover-from-bottom-left-push-to-back", "Slides in from the bottom-left corner while the old content recedes.",
          "bottom-left", back: true),
        coverPreset(
          "cover-from-bottom-right-push-to-back",
          "Slides in from the bottom-right corner while the old content recedes.", "bottom-right", back: true),
      ],
      builder: buildCover)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
