// The cover styles: the new content slides in over the old one, from an edge or a corner.
//
// CoconutKit's HLSTransitionCoverFrom{Bottom,Top,Left,Right,TopLeft,TopRight,BottomLeft,BottomRight} and their
// ...PushToBack versions: the same offsets, the same single 0.4 s step and the same push-to-back scale, 0.95.
// [1.3] The `dim` parameter darkens the covered content over the same step (black of that opacity over it), as a
// page is darkened while another one covers it; the derived inverse brightens it again as the pop uncovers it.

import CStagehandPlugin

/// Where the appearing content comes from, in the order of the `direction` labels, in container extents; `nil` for
/// the last two labels, leading and trailing, which follow the layout direction.
private let offsets: [(x: Double, y: Double)?] = [
  (0, 1), (0, -1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1), nil, nil,
]

/// The offset of `direction`, with leading and trailing resolved for the context's layout direction.
private func offset(_ direction: Int32, _ b: Builder) throws(BuildStatus) -> (x: Double, y: Double) {
  guard offsets.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
  if let fixed = offsets[Int(direction)] { return fixed }
  // Leading (8) is the left in a left-to-right layout and the right in a right-to-left one; trailing (9) the other.
  let fromLeft = (direction == 8) != b.isRightToLeft
  return (fromLeft ? -1 : 1, 0)
}

/// `cover(direction, push-to-back, dim)`: the appearing layer slides in over a still disappearing one (0.4 s), which
/// optionally recedes to 0.95 of its size and darkens by `dim`.
private let buildCover:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32, Bool, Double) -> Int32 = {
    context, host, handle, direction, pushToBack, dim in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      let unit = try offset(direction, b)
      let dx = unit.x * b.context.width
      let dy = unit.y * b.context.height
      try b.step(0)
      try b.translate(appearing, dx, dy)
      try b.step(0.4)
      try b.translate(appearing, -dx, -dy)
      if pushToBack { try b.scale(disappearing, 0.95, 0.95) }
      if dim != 0 { try b.dim(disappearing, dim) }
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
          labels: [
            "bottom", "top", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right", "leading",
            "trailing",
          ],
          defaultIndex: 0,
          description:
            "The edge or corner the new content comes from; leading is the left in a left-to-right layout, the right in a right-to-left one."
        ),
        boolParameter(
          "push-to-back", defaultValue: false, description: "Whether the old content recedes to 0.95 of its size."),
        doubleParameter(
          "dim", range: 0...1, defaultValue: 0, unit: "opacity",
          description:
            "How dark the old content becomes as it is covered: black of this opacity over it (0 leaves it unchanged, 1 makes it black)."
        ),
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
        coverPreset(
          "cover-from-leading", "Slides the new content in from the leading edge (the left in a left-to-right layout).",
          "leading", back: false),
        coverPreset(
          "cover-from-trailing",
          "Slides the new content in from the trailing edge (the right in a left-to-right layout).", "trailing",
          back: false),
        preset(
          "cover-dimmed",
          "Slides the new content in from the trailing edge while the old content darkens by a fifth, as a page that is covered.",
          [("direction", "trailing"), ("dim", "0.2")]),
        coverPreset(
          "cover-from-leading-push-to-back", "Slides in from the leading edge while the old content recedes.",
          "leading", back: true),
        coverPreset(
          "cover-from-trailing-push-to-back", "Slides in from the trailing edge while the old content recedes.",
          "trailing", back: true),
      ],
      reducedMotionFallback: "org.stagehand.cross-dissolve:fade-in",
      builder: buildCover)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
