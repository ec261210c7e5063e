// The fade-through style: the old content fades out to a colour, then the new one fades in from it.

import CStagehandPlugin

/// The backdrop colours, in the order of the `colour` labels (sRGB components).
private let colours: [(red: Double, green: Double, blue: Double)] = [(0, 0, 0), (1, 1, 1), (0.5, 0.5, 0.5)]

/// `fade-through(colour)` (0.8 s): an opaque backdrop of the colour is put behind both contents; the disappearing
/// layer fades out over the first half of the one step and the appearing layer in over the second half (set_interval),
/// so that at the middle the container shows exactly the backdrop. The backdrop stays to the end, behind the new
/// content, as in section 15 of the header: taken away in an instant last step, it would differ at the two ends from
/// the derived inverse's, and the style could not say it is its own inverse.
private let buildFadeThrough:
  @convention(c) (UnsafePointer<sh_context>?, UnsafePointer<sh_host>?, OpaquePointer?, Int32) -> Int32 = {
    context, host, handle, colour in
    Builder.run(context, host, handle) { (b) throws(BuildStatus) in
      guard colours.indices.contains(Int(colour)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
      let c = colours[Int(colour)]
      try b.step(0)
      try b.backdrop(c.red, c.green, c.blue, opacity: 1)
      try b.fade(appearing, -1)
      try b.step(0.8)
      try b.interval(0, 0.5)
      try b.fade(disappearing, -1)
      try b.interval(0.5, 1)
      try b.fade(appearing, 1)
    }
  }

nonisolated(unsafe) private let descriptor = plugin(
  id: "org.stagehand.fade-through", version: "1.0.0", name: "Fade through a colour",
  description: "The old content fades out to black, white or grey, then the new one fades in from it.",
  styles: [
    style(
      "fade-through", summary: "The old content fades out to a plain colour, then the new one fades in from it.",
      defaultDuration: 0.8, flags: UInt32(SH_STYLE_SYMMETRIC),
      parameters: enumParameter(
        "colour", labels: ["black", "white", "grey"], defaultIndex: 0,
        description: "The colour the container shows, alone, half-way through."),
      presets: [
        preset(
          "fade-through-black", "The old content fades out to black, then the new one fades in.",
          [
            ("colour", "black")
          ]),
        preset(
          "fade-through-white", "The old content fades out to white, then the new one fades in.",
          [
            ("colour", "white")
          ]),
        preset(
          "fade-through-grey", "The old content fades out to mid grey, then the new one fades in.",
          [
            ("colour", "grey")
          ]),
      ],
      builder: buildFadeThrough)
  ])

/// The plugin entry of stagehand_plugin.h.
@_cdecl("stagehand_plugin_v1")
public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }
