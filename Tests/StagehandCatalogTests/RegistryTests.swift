import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

/// Registry options for tests: the cache of this test process, the built scanner.
let testOptions = RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path)

@Suite("The registry")
struct RegistryTests {
  static let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))

  @Test("a style resolves by name, by preset and by plugin-id:name")
  func resolution() throws {
    let style = try bundledRegistry.resolve("push")
    #expect(style.preset == nil && style.entry.plugin.info.id == "org.stagehand.push")
    let preset = try bundledRegistry.resolve("push-from-left")
    #expect(preset.preset?.name == "push-from-left" && preset.entry.style.name == "push")
    #expect(try bundledRegistry.resolve("org.stagehand.push:push").entry.style.name == "push")
    #expect(try bundledRegistry.resolve("org.stagehand.cover:cover-from-top").preset?.name == "cover-from-top")
    // A preset's values apply, and explicit parameters override them.
    #expect(try preset.values(overriding: [:]) == [.label(0), .label(0)])
    #expect(try preset.values(overriding: ["variant": "to-back"]) == [.label(0), .label(2)])
  }

  /// CoconutKit's cover, push, fade and flip transitions (33 of its 48), by their names in Stagehand.
  static let coconutKitNames: [String] =
    ["bottom", "top", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"].flatMap {
      ["cover-from-\($0)", "cover-from-\($0)-push-to-back"]
    }
    + ["left", "right", "top", "bottom"].flatMap {
      ["push-from-\($0)", "push-from-\($0)-fade-in", "push-to-back-from-\($0)"]
    }
    + ["fade-in", "fade-in-push-to-back", "cross-dissolve", "flip-horizontally", "flip-vertically"]

  @Test("every one of CoconutKit's 33 cover, push, fade and flip transitions is reachable by name")
  func coconutKitCoverage() throws {
    #expect(Set(Self.coconutKitNames).count == 33)
    for name in Self.coconutKitNames {
      _ = try bundledRegistry.forward(Transition(name), in: Self.context)
    }
  }

  @Test(
    "bad references and values give one line that lists what is valid",
    arguments: [
      (Transition("pusj"), "unknown style 'pusj'; did you mean 'push'?"),
      (
        Transition("push", parameters: ["dir": "left"]), "has no parameter 'dir'; its parameters are direction, variant"
      ),
      (
        Transition("push", parameters: ["direction": "up"]),
        "'up' is not a label of 'direction'; give one of left, right, top, bottom"
      ),
      (
        Transition("flip", parameters: ["camera-distance": "0.5"]),
        "'0.5' is out of range; give a number from 1 to 100 (extents)"
      ),
      (Transition("flip", parameters: ["camera-distance": "nan"]), "'nan' is not a decimal number"),
      (Transition("fade-in", parameters: ["push-to-back": "yes"]), "'yes' is not a boolean; give true or false"),
      (Transition("cross-dissolve", parameters: ["x": "1"]), "it has no parameters"),
    ])
  func badReferences(transition: Transition, message: String) {
    #expect {
      _ = try bundledRegistry.forward(transition, in: Self.context)
    } throws: { error in
      let text = "\(error)"
      return text.contains(message) && !text.contains("\n")
    }
  }

  @Test("bad contexts are refused with a typed error")
  func badContexts() {
    let empty = TransitionContext(bounds: Rect(x: 0, y: 0, width: 0, height: 480))
    #expect(throws: RegistryError.animation(.emptyBounds(empty.bounds))) {
      try bundledRegistry.forward(Transition("push"), in: empty)
    }
    let negative = TransitionContext(bounds: Self.context.bounds, duration: .seconds(-1))
    #expect(throws: RegistryError.animation(.negativeRequestedDuration(-1))) {
      try bundledRegistry.inverse(Transition("push"), in: negative)
    }
  }

  @Test("two plugins with one style name: both kept, the bare name plays the first in search order, conflict reported")
  func duplicateStyleNames() throws {
    let directory = try CFixture.temporaryDirectory("duplicate")
    defer { try? FileManager.default.removeItem(at: directory) }
    try CFixture.compile(Self.otherPush, into: directory, name: "libother-push.so")
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [directory.path, BuiltProducts.directory.path]),
      options: testOptions)
    let catalog = registry.catalog()
    let pushes = catalog.entries.filter { $0.style.name == "push" }.map(\.qualifiedName)
    #expect(pushes == ["org.example.other:push", "org.stagehand.push:push"])
    #expect(catalog.conflicts.map(\.name) == ["push"])
    #expect(
      catalog.problems.contains(
        "'push' is provided by several plugins: 'push' plays org.example.other:push, which comes first in the search "
          + "path; name org.stagehand.push:push in full to play it"))
    #expect(try registry.resolve("push").entry.qualifiedName == "org.example.other:push")
    #expect(try registry.resolve("PUSH").entry.qualifiedName == "org.example.other:push")
    #expect(registry.providers(of: "push") == pushes)
    #expect(try registry.forward(Transition("push"), in: Self.context).steps.count == 1, "the first plugin's push")
    // The other way round in the search path, the other plugin wins.
    let reversed = Registry(
      searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path, directory.path]), options: testOptions)
    #expect(try reversed.resolve("push").entry.qualifiedName == "org.stagehand.push:push")
    #expect(reversed.providers(of: "push") == pushes.reversed())
    let other = try registry.forward(Transition("org.example.other:push"), in: Self.context)
    #expect(other.steps.count == 1)
    let ours = try registry.forward(Transition("org.stagehand.push:push"), in: Self.context)
    #expect(ours.steps.count == 3)
  }

  static let otherPush = """
    #include "stagehand_plugin.h"
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s = h->begin_step(b, 0.2, SH_CURVE_LINEAR);
      return s != SH_OK ? s : h->translate(b, SH_LAYER_APPEARING, c->width, 0, 0);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "push",
      .summary = "Another push.", .default_duration = 0.2, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.other", .version = "1.0.0", .name = "Other",
      .author = "Tests", .license = "MIT", .description = "A second push.", .style_count = 1, .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  @Test("a broken library on the search path is refused and the others still load")
  func brokenLibraryIsIsolated() throws {
    let directory = try CFixture.temporaryDirectory("broken")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not a library".utf8).write(to: directory.appendingPathComponent("libbroken.so"))
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [directory.path, BuiltProducts.directory.path]),
      options: testOptions)
    let catalog = registry.catalog()
    #expect(catalog.rejected.count == 1)
    #expect(catalog.rejected.first?.file == directory.appendingPathComponent("libbroken.so").path)
    _ = try registry.forward(Transition("flip"), in: Self.context)
  }
}

@Suite("The duration a registry plays")
struct RegistryDurationTests {
  @Test("without a requested duration, the style's default duration is played, not its steps' sum; else the request")
  func defaultDuration() throws {
    let directory = try CFixture.temporaryDirectory("default-duration")
    defer { try? FileManager.default.removeItem(at: directory) }
    // The fixture's steps add up to 0.3 s; it declares 0.9 s.
    let source = FixtureSources.plugin.replacingOccurrences(
      of: ".default_duration = 0.3,", with: ".default_duration = 0.9,")
    _ = try CFixture.compile(source, into: directory, name: "libslow.so")
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
    let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
    let style = try registry.resolve("org.example.fixture:slide").entry.style
    #expect(style.defaultDuration == 0.9)
    for inverse in [false, true] {
      let intrinsic = TransitionContext(bounds: bounds)
      let played =
        inverse
        ? try registry.inverse(Transition("org.example.fixture:slide"), in: intrinsic)
        : try registry.forward(Transition("org.example.fixture:slide"), in: intrinsic)
      #expect(abs(played.duration - 0.9) < 1e-12, "inverse: \(inverse)")
      let asked = TransitionContext(bounds: bounds, duration: .seconds(2))
      #expect(abs(try registry.forward(Transition("org.example.fixture:slide"), in: asked).duration - 2) < 1e-12)
    }
  }
}
