import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The registry plays a style's reduced-motion fallback when the context reduces motion (ABI 1.1), follows the
/// layout direction, and lists and builds plugins of ABI 1.0.
@Suite("Reduced-motion fallbacks in the registry")
struct FallbackRegistryTests {
  /// A directory of plugins: `org.example.motion` (slide falls back to fade), `org.example.cross` (slide falls back
  /// to motion's preset fade-quick, fade to a plugin that is not installed), two plugins whose slides fall back to
  /// each other, and the fixture built against the 1.0 header.
  static let registry = Result { () throws -> Registry in
    let directory = try CFixture.temporaryDirectory("fallback-registry")
    try MotionFixture.compile(into: directory, name: "libmotion.so")
    try MotionFixture.compile(
      into: directory, name: "libcross.so", id: "org.example.cross", slideFallback: "org.example.motion:fade-quick",
      fadeFallback: "org.example.missing:fade")
    try MotionFixture.compile(
      into: directory, name: "libloop-a.so", id: "org.example.loop-a", slideFallback: "org.example.loop-b:slide")
    try MotionFixture.compile(
      into: directory, name: "libloop-b.so", id: "org.example.loop-b",
      slideFallback: "org.example.loop-a:slide-from-trailing")
    try MotionFixture.compileABI10(into: directory)
    return Registry(
      searchPath: PluginSearchPath(directories: [directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
  }

  static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
  static let full = TransitionContext(bounds: bounds)
  static let reduced = TransitionContext(bounds: bounds, reducesMotion: true)

  @Test("without reduced motion, a style plays itself, its parameters included")
  func fullMotion() throws {
    let registry = try Self.registry.get()
    let slide = Transition("org.example.motion:slide", parameters: ["edge": "trailing"])
    #expect(try registry.played(slide, in: Self.full) == slide)
    let forward = try registry.forward(slide, in: Self.full)
    #expect(forward.sample(at: 0).appearing.translation.x == 320)
  }

  @Test(
    "with reduced motion, a style or its preset plays its fallback, qualified, with the fallback's own values",
    arguments: [
      (Transition("org.example.motion:slide", parameters: ["edge": "trailing"]), "org.example.motion:fade"),
      (Transition("org.example.motion:slide-from-trailing"), "org.example.motion:fade"),
      (Transition("org.example.cross:slide"), "org.example.motion:fade-quick"),
      (Transition("org.example.motion:fade"), "org.example.motion:fade"),
    ])
  func reducedMotion(transition: Transition, expected: String) throws {
    let registry = try Self.registry.get()
    let played = try registry.played(transition, in: Self.reduced)
    if expected == transition.style {
      #expect(played == transition)
    } else {
      #expect(played == Transition(expected))
    }
    // Played again in the same context, it plays itself: a container can remember it.
    #expect(try registry.played(played, in: Self.reduced) == played)
    // Built with the same context, the flag still set: the fade adds its pause of length 0.
    let forward = try registry.forward(transition, in: Self.reduced)
    #expect(forward == (try registry.forward(played, in: Self.reduced)))
    #expect(forward.steps.count == 3)
    #expect(forward.duration == 0.2)
    let inverse = try registry.inverse(transition, in: Self.reduced)
    #expect(inverse == (try registry.inverse(played, in: Self.reduced)))
    #expect(inverseLawError(forward: forward.swapped(), reversed: inverse) < 1e-9)
  }

  @Test("a fallback of another plugin that is not installed is a typed error naming both, and what to do")
  func unresolvable() throws {
    let registry = try Self.registry.get()
    let fade = Transition("org.example.cross:fade")
    #expect(try registry.played(fade, in: Self.full) == fade)
    #expect(throws: RegistryError.self) { try registry.forward(fade, in: Self.reduced) }
    do throws(RegistryError) {
      _ = try registry.played(fade, in: Self.reduced)
      Issue.record("the fallback resolved")
    } catch {
      guard case .unresolvableFallback(let style, let fallback, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(style == "org.example.cross:fade")
      #expect(fallback == "org.example.missing:fade")
      #expect(error.description.contains("style 'org.example.cross:fade' names 'org.example.missing:fade'"))
      #expect(error.description.contains("unknown style 'org.example.missing:fade'"))
      #expect(error.description.contains("Install the plugin that provides it, or play without reduced motion"))
    }
  }

  @Test("fallbacks that lead in a circle are a typed error that lists the circle")
  func cycle() throws {
    let registry = try Self.registry.get()
    do throws(RegistryError) {
      _ = try registry.inverse(Transition("org.example.loop-a:slide"), in: Self.reduced)
      Issue.record("the circle was played")
    } catch {
      #expect(
        error
          == .fallbackCycle([
            "org.example.loop-a:slide", "org.example.loop-b:slide", "org.example.loop-a:slide-from-trailing",
            "org.example.loop-b:slide",
          ]))
      #expect(error.description.contains("lead in a circle"))
    }
  }

  @Test("a directional style follows the layout direction: leading is left in ltr, right in rtl")
  func layoutDirection() throws {
    let registry = try Self.registry.get()
    for (edge, direction, start) in [
      ("leading", LayoutDirection.leftToRight, -320.0), ("leading", .rightToLeft, 320),
      ("trailing", .leftToRight, 320), ("trailing", .rightToLeft, -320),
    ] {
      let context = TransitionContext(bounds: Self.bounds, layoutDirection: direction)
      let slide = Transition("org.example.motion:slide", parameters: ["edge": edge])
      let forward = try registry.forward(slide, in: context)
      #expect(forward.sample(at: 0).appearing.translation.x == start, "\(edge) in \(direction)")
      let inverse = try registry.inverse(slide, in: context)
      #expect(inverseLawError(forward: forward.swapped(), reversed: inverse) < 1e-9)
    }
  }

  @Test("a plugin of ABI 1.0 is listed, resolved and built, with reduced motion too (it names no fallback)")
  func abi10() throws {
    let registry = try Self.registry.get()
    let plugin = try #require(registry.plugin(id: "org.example.fixture"))
    #expect(plugin.info.abiVersion == "1.0")
    #expect(registry.catalog().entries.map(\.qualifiedName).contains("org.example.fixture:slide"))
    let slide = Transition("org.example.fixture:slide-from-right")
    #expect(try registry.played(slide, in: Self.reduced) == slide)
    let forward = try registry.forward(slide, in: Self.reduced)
    #expect(forward.duration == 0.3)
    #expect(inverseLawError(forward: forward.swapped(), reversed: try registry.inverse(slide, in: Self.reduced)) < 1e-9)
  }
}

/// Manifests carry each style's reduced-motion fallback, and leave it out when there is none.
@Suite("Reduced-motion fallbacks in manifests")
struct FallbackManifestTests {
  @Test("a manifest names the fallback of each style that has one, and reads back equal")
  func manifest() throws {
    let directory = try CFixture.temporaryDirectory("fallback-manifest")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plugin = try LoadedPlugin.load(MotionFixture.compile(into: directory, name: "libmotion.so"))
    let manifest = PluginManifest(plugin)
    let json = String(decoding: manifest.json(), as: UTF8.self)
    #expect(json.components(separatedBy: "\"reducedMotionFallback\" : \"fade\"").count == 2)
    #expect(json.components(separatedBy: "reducedMotionFallback").count == 2, "none for the fade")
    #expect(try PluginManifest.decode(manifest.json()) == manifest)
  }

  @Test("a manifest written before ABI 1.1 reads as styles without fallbacks")
  func olderManifest() throws {
    let data = try Data(contentsOf: CFixture.repositoryRoot.appendingPathComponent("Catalog/org.example.zoom.json"))
    #expect(!String(decoding: data, as: UTF8.self).contains("reducedMotionFallback"))
    let manifest = try PluginManifest.decode(data)
    #expect(manifest.plugin.styles.allSatisfy { $0.reducedMotionFallback == nil })
  }
}
