import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandPlugins
import StagehandTestSupport
import Testing

/// Styles written in Swift and registered with the registry, built in this process through the ABI's recorder.
@Suite("In-process styles")
struct InProcessStyleTests {
  /// A style that brings the appearing content in from a side by `distance` points while the other one fades out.
  static func swing(
    name: String = "swing-in", presets: [PresetInfo] = [], build: InProcessStyle.Builder? = nil,
    inverse: InProcessStyle.Builder? = nil
  ) -> InProcessStyle {
    let info = StyleInfo(
      name: name, summary: "Swings the content in from a side.", defaultDuration: 0.3, uses3D: false,
      isSymmetric: false, hasInverseBuilder: false,
      parameters: [
        ParameterInfo(
          symbol: "distance", type: .double, minimum: 0, maximum: 1000, defaultValue: 100, unit: "points",
          description: "How far from its place the content starts."),
        ParameterInfo(
          symbol: "side", type: .enum, minimum: 0, maximum: 1, defaultValue: 1, labels: ["left", "right"],
          description: "The side it comes from."),
      ],
      presets: presets)
    let standard: InProcessStyle.Builder = { recording in
      let distance = recording.values[0].number * (recording.values[1].number == 0 ? -1 : 1)
      recording.beginStep(duration: 0)
      recording.translate(.appearing, x: distance, y: 0)
      recording.beginStep(duration: 0.3, curve: .easeOut)
      recording.translate(.appearing, x: -distance, y: 0)
      recording.fade(.disappearing, by: -1)
    }
    return InProcessStyle(info, build: build ?? standard, inverse: inverse)
  }

  /// A registry over the bundled plugins, of its own: a registration lasts as long as its registry.
  static func registry() -> Registry {
    Registry(searchPath: pluginRegistry.searchPath, options: pluginRegistry.options)
  }

  @Test("a registered style is listed, resolved by its bare and its full name, and built with its parameters")
  func listed() throws {
    let registry = Self.registry()
    try registry.register(
      Self.swing(presets: [
        PresetInfo(
          name: "swing-in-from-left", summary: "From the left.", values: [PresetValue(parameter: "side", value: "left")]
        )
      ]))
    let plugin = try #require(registry.catalog().plugins.first)
    #expect(plugin.info.id == Registry.inProcessPluginID && plugin.file == Registry.inProcessFile)
    #expect(registry.catalog().entries.contains { $0.style.name == "swing-in" })
    #expect(registry.catalog().entries.contains { $0.style.name == "push" }, "the plugins' styles are still listed")
    #expect(registry.plugin(id: Registry.inProcessPluginID)?.info.styles.map(\.name) == ["swing-in"])
    #expect(registry.providers(of: "swing-in") == ["org.stagehand.in-process:swing-in"])
    #expect(try registry.resolve("org.stagehand.in-process:swing-in").name == "swing-in")
    #expect(try registry.resolve("SWING-IN-FROM-LEFT").preset?.name == "swing-in-from-left")
    let context = TransitionContext(bounds: portrait)
    let right = try registry.forward(Transition("swing-in", parameters: ["distance": "50"]), in: context)
    #expect(right.sample(at: 0).appearing.translation.x == 50)
    let left = try registry.forward(Transition("swing-in-from-left"), in: context)
    #expect(left.sample(at: 0).appearing.translation.x == -100, "the preset's side, the default distance")
    #expect(left.duration == 0.3)
  }

  @Test("a stack pushes it and pops it with the inverse built at pop time, and a cancelled pop restores the stack")
  func stack() throws {
    let registry = Self.registry()
    try registry.register(Self.swing())
    let fixture = try StackFixture(builder: registry)
    try fixture.push("A", Transition("cross-dissolve"))
    fixture.stack.appear()
    let transition = Transition("swing-in", parameters: ["distance": "80"])
    try fixture.stack.push(fixture["B"], with: transition)
    fixture.clock.advance(by: 0.1)
    let forward = try registry.forward(transition, in: TransitionContext(bounds: portrait))
    #expect(
      stateDifference(
        layerStates(fixture.stack), ["B": forward.sample(at: 0.1).appearing, "A": forward.sample(at: 0.1).disappearing])
        <= 1e-9)
    settle(fixture.stack, fixture.clock)
    let inverse = try registry.inverse(transition, in: TransitionContext(bounds: portrait))
    let before = layerStates(fixture.stack)
    let pop = try fixture.stack.popInteractively()
    pop.update(progress: 0.5)
    let scrubbed = inverse.withLinearCurves().sample(atProgress: 0.5)
    #expect(stateDifference(layerStates(fixture.stack), ["A": scrubbed.appearing, "B": scrubbed.disappearing]) <= 1e-9)
    pop.cancel()
    settle(fixture.stack, fixture.clock)
    #expect(pop.outcome == .cancelled && names(fixture.stack.contents) == ["A", "B"])
    #expect(stateDifference(layerStates(fixture.stack), before) <= 1e-9)
    try fixture.stack.pop()
    settle(fixture.stack, fixture.clock)
    #expect(names(fixture.stack.contents) == ["A"])
    expectWellFormed(fixture.all)
  }

  @Test("the inverse law holds over random contexts and parameters (seeded)")
  func inverseLaw() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let registry = Self.registry()
    try registry.register(Self.swing())
    for _ in 0..<200 {
      let bounds = Rect(
        x: .random(in: -100...100, using: &random), y: .random(in: -100...100, using: &random),
        width: .random(in: 40...2000, using: &random), height: .random(in: 40...2000, using: &random))
      let context = TransitionContext(
        bounds: bounds, duration: .seconds(.random(in: 0.05...2, using: &random)),
        layoutDirection: Bool.random(using: &random) ? .leftToRight : .rightToLeft)
      let transition = Transition(
        "swing-in",
        parameters: [
          "distance": String(Int.random(in: 0...1000, using: &random)),
          "side": Bool.random(using: &random) ? "left" : "right",
        ])
      let forward = try registry.forward(transition, in: context)
      let inverse = try registry.inverse(transition, in: context)
      let reversed = forward.swappedAndReversed()
      let difference = animationDifference(inverse, reversed)
      #expect(difference <= 1e-9, "seed \(seed): \(difference)")
      let back = inverse.finalStates
      #expect(abs(back.appearing.translation.x) <= 1e-9 && abs(back.appearing.opacity - 1) <= 1e-9, "seed \(seed)")
    }
  }

  @Test("parameters are validated as a plugin style's are")
  func parameters() throws {
    let registry = Self.registry()
    try registry.register(Self.swing())
    let context = TransitionContext(bounds: portrait)
    #expect(throws: RegistryError.self) {
      try registry.forward(Transition("swing-in", parameters: ["distance": "5000"]), in: context)
    }
    do {
      _ = try registry.forward(Transition("swing-in", parameters: ["speed": "2"]), in: context)
      Issue.record("an unknown parameter was accepted")
    } catch {
      #expect(error.description.contains("speed") && error.description.contains("distance"), "\(error)")
    }
    do {
      _ = try registry.forward(Transition("swing-in", parameters: ["side": "up"]), in: context)
      Issue.record("an unknown label was accepted")
    } catch {
      #expect(error.description.contains("side"), "\(error)")
    }
  }

  @Test(
    "bad recordings are refused with a typed error naming the style and the call",
    arguments: [
      ("before", "translate before any begin_step"),
      ("infinite", "must be finite"),
      ("twice", "already rotated in this step"),
      ("throws", "the swing broke"),
      ("inverse", "the end-state rule"),
    ])
  func badRecordings(kind: String, message: String) throws {
    struct Broke: Error, CustomStringConvertible { var description: String { "the swing broke" } }
    let builder: InProcessStyle.Builder = { recording in
      switch kind {
      case "before": recording.translate(.appearing, x: 1, y: 0)
      case "infinite":
        recording.beginStep(duration: 0.2)
        recording.scale(.appearing, x: .infinity, y: 1)
      case "twice":
        recording.beginStep(duration: 0.2)
        recording.rotate(.appearing, angle: 1, x: 0, y: 0, z: 1)
        recording.rotate(.appearing, angle: 1, x: 0, y: 0, z: 1)
      case "throws": throw Broke()
      default:
        recording.beginStep(duration: 0.2)
        recording.fade(.disappearing, by: -1)
      }
    }
    // An own inverse builder that leaves the revealed content translated: the end-state rule refuses it.
    let inverse: InProcessStyle.Builder = { recording in
      recording.beginStep(duration: 0.2)
      recording.translate(.appearing, x: 10, y: 0)
    }
    let registry = Self.registry()
    try registry.register(Self.swing(build: builder, inverse: kind == "inverse" ? inverse : nil))
    let context = TransitionContext(bounds: portrait)
    do {
      _ = try registry.inverse(Transition("swing-in"), in: context)
      Issue.record("\(kind): built")
    } catch {
      guard case .plugin(let failure) = error else {
        Issue.record("\(kind): \(error)")
        return
      }
      #expect(failure.style == "swing-in" && failure.plugin == Registry.inProcessPluginID, "\(failure)")
      #expect(error.description.contains(message), "\(kind): \(error)")
    }
  }

  @Test(
    "a description that breaks the header's rules, or a name taken in-process, is refused; a plugin's name is shadowed")
  func nameRules() throws {
    let registry = Self.registry()
    #expect(throws: InProcessStyleError.self) { try registry.register(Self.swing(name: "Swing In")) }
    try registry.register(Self.swing())
    do {
      try registry.register(Self.swing(name: "other", presets: [PresetInfo(name: "swing-in", summary: "", values: [])]))
      Issue.record("a taken name was accepted")
    } catch {
      #expect(error == .nameTaken("swing-in", by: "swing-in"))
      #expect(error.description.contains("give each in-process style and preset a name of its own"))
    }
    // The bare name builds the in-process style; the plugin's stays reachable by its full name.
    try registry.register(Self.swing(name: "push"))
    #expect(try registry.resolve("push").entry.plugin.info.id == Registry.inProcessPluginID)
    #expect(try registry.resolve("org.stagehand.push:push").entry.plugin.info.id == "org.stagehand.push")
    #expect(registry.providers(of: "push") == ["org.stagehand.in-process:push", "org.stagehand.push:push"])
    #expect(
      registry.problems.contains {
        $0.contains("the in-process style 'push' is used") && $0.contains("org.stagehand.push:push")
      })
    #expect(!registry.problems.contains { $0.contains("'swing-in'") })
  }

  @Test("another registry, and the cache, know nothing of it")
  func unseenElsewhere() throws {
    let registry = Self.registry()
    try registry.register(Self.swing())
    _ = registry.catalog()
    #expect(throws: RegistryError.self) { try Self.registry().resolve("swing-in") }
    let cache = try Data(contentsOf: URL(fileURLWithPath: try #require(registry.options.cachePath)))
    #expect(cache.range(of: Data("swing-in".utf8)) == nil, "the cache holds no in-process style")
  }
}
