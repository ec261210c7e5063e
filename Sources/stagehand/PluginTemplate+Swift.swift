extension PluginTemplate {
  var package: String {
    """
    // swift-tools-version: 6.0
    // The Stagehand plugin \(id), made by `stagehand new-plugin --language swift`. `swift build` writes
    // .build/debug/lib\(style).so. The header comes from pkg-config (stagehand-plugin.pc, installed with Stagehand;
    // set PKG_CONFIG_PATH if it lies elsewhere): a plugin links nothing of Stagehand.

    import PackageDescription

    let package = Package(
      name: "\(style)",
      products: [.library(name: "\(style)", type: .dynamic, targets: ["\(target)"])],
      targets: [
        // stagehand_plugin.h, the plugin ABI, found through pkg-config.
        .systemLibrary(name: "CStagehandPlugin", pkgConfig: "stagehand-plugin"),
        // The plugin; it exports the entry symbol only (exports.map).
        .target(
          name: "\(target)", dependencies: ["CStagehandPlugin"], exclude: ["exports.map"],
          linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=Sources/\(target)/exports.map"])]),
      ]
    )

    """
  }

  var moduleMap: String {
    """
    module CStagehandPlugin [system] {
      header "shim.h"
      export *
    }

    """
  }

  var swiftMakefile: String {
    """
    # Builds \(library), the Stagehand plugin \(id), with `swift build`; stagehand_plugin.h is found by pkg-config
    # (stagehand-plugin.pc, installed with Stagehand) or else by `stagehand plugins --cflags`.
    #
    #   make            build .build/debug/\(library)
    #   make check      validate it: stagehand check --strict
    #   make install    copy it to $(PLUGIN_DIR), where stagehand finds it: $XDG_DATA_HOME/stagehand/plugins, or
    #                   ~/.local/share/stagehand/plugins when XDG_DATA_HOME is unset, empty or not absolute (as
    #                   stagehand searches); set PLUGIN_DIR to install elsewhere
    #   make clean      remove the build
    #
    # The library uses the Swift runtime of the toolchain that built it: its RUNPATH names that toolchain's library
    # folder (readelf -d shows it). Keep that toolchain where it is, or build again with the one you keep.

    SWIFT ?= swift
    \(makefileSetup)
    BUILT := .build/debug/\(library)

    $(BUILT): Package.swift $(wildcard Sources/*/*.swift Sources/*/*.h Sources/*/*.map)
    \t@test -n "$(STAGEHAND_CFLAGS)" || { echo "stagehand_plugin.h not found: neither pkg-config (stagehand-plugin.pc) nor '$(STAGEHAND) plugins --cflags' gave it; install Stagehand, or set PKG_CONFIG_PATH or STAGEHAND" >&2; exit 1; }
    \t$(SWIFT) build $(addprefix -Xcc ,$(STAGEHAND_CFLAGS))

    check: $(BUILT)
    \t$(STAGEHAND) check --strict ./$(BUILT)

    \(installRule("$(BUILT)"))

    clean:
    \trm -rf .build

    .PHONY: check install clean

    """
  }

  var swiftReadme: String {
    """
    # \(id)

    A Stagehand plugin in Swift with one style, `\(style)`: the new content slides in from an edge while it fades in,
    over the old content, which fades out. Made by `stagehand new-plugin --language swift \(id)`.

    ```sh
    make            # swift build: .build/debug/\(library) (the header from pkg-config, else `stagehand plugins --cflags`)
    make check      # stagehand check --strict: every rule of stagehand_plugin.h that can be tested
    make install    # copies it to $XDG_DATA_HOME/stagehand/plugins (or ~/.local/share/stagehand/plugins) and says so
    stagehand preview \(style) --param direction=right
    ```

    The library uses the Swift runtime of the toolchain that built it (its RUNPATH names that toolchain's library
    folder): keep that toolchain installed where it is, or build again with the one you keep.

    `Sources/\(target)/PluginSupport*.swift` are copies of Stagehand's Swift plugin support: typed parameters, and one
    `style` function per builder signature, so that a builder whose C signature disagrees with its parameters does not
    compile. The rules a plugin follows are all in `stagehand_plugin.h` (`stagehand plugins --dirs` says where it is).

    """
  }

  var swiftSource: String {
    """
    // The style "\(style)": the new (appearing) content slides in from an edge, by a fraction of the container's
    // extent, while it fades in over the old (disappearing) content, which fades out. Stagehand derives its inverse.

    import CStagehandPlugin

    /// The builder: the three fixed arguments, then `direction` (an enum: Int32) and `distance` (a double), in the
    /// order of the parameters below. `style(...)` accepts it only with exactly these types.
    private let build: @convention(c) (BuilderContext, BuilderHost, BuilderHandle, Int32, Double) -> Int32 = {
      context, host, handle, direction, distance in
      Builder.run(context, host, handle) { (b) throws(BuildStatus) in
        let (width, height) = (b.context.width, b.context.height)
        let offsets = [(-distance * width, 0.0), (distance * width, 0.0), (0.0, -distance * height), (0.0, distance * height)]
        guard offsets.indices.contains(Int(direction)) else { throw BuildStatus(code: Int32(SH_ERROR_INVALID_ARGUMENT)) }
        let (dx, dy) = offsets[Int(direction)]
        try b.step(0)  // the start: moved away and transparent
        try b.translate(appearing, dx, dy)
        try b.fade(appearing, -1)
        try b.step(0.4, Int32(SH_CURVE_EASE_OUT))  // back into place, fading in; the old content fades out
        try b.translate(appearing, -dx, -dy)
        try b.fade(appearing, 1)
        try b.fade(disappearing, -1)
      }
    }

    nonisolated(unsafe) private let descriptor = plugin(
      id: "\(id)", version: "0.1.0", name: "\(style)", author: "Your name <you@example.com>", license: "MIT",
      description: "One style, \(style): the new content slides in from an edge while it fades in.",
      styles: [
        style(
          "\(style)", summary: "The new content slides in from an edge while it fades in over the old one.",
          defaultDuration: 0.4,
          parameters: (
            enumParameter(
              "direction", labels: ["left", "right", "top", "bottom"], defaultIndex: 0,
              description: "The edge the new content comes from."),
            doubleParameter(
              "distance", range: 0.1...1, defaultValue: 0.5, unit: "fraction",
              description: "How far the new content travels, as a fraction of the container's width or height.")
          ),
          presets: [
            preset(
              "\(style)-from-right", "The new content slides in from the right while it fades in.",
              [("direction", "right")])
          ],
          builder: build)
      ])

    /// The entry of stagehand_plugin.h: the only exported symbol.
    @_cdecl("stagehand_plugin_v1")
    public func stagehandPluginV1() -> UnsafePointer<sh_plugin> { descriptor }

    """
  }
}
