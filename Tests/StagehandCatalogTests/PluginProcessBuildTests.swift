import StagehandAnimation
import StagehandTestSupport
import Testing

@_spi(Fuzzing) @testable import StagehandCatalog
@testable import StagehandPlugins
@_spi(Fuzzing) @testable import StagehandScanning

/// A build through the plugin process is the build the library makes in the host: the recorded calls, replayed here,
/// give the same animation, and the same refusal.
@Suite("Builds through the plugin process")
struct PluginProcessBuildTests {
  /// The bundled libraries, loaded into this test process to compare with (the registry never does this).
  static let loaded: [String: LoadedPlugin] = {
    var plugins: [String: LoadedPlugin] = [:]
    for plugin in bundledRegistry.catalog().plugins {
      plugins[plugin.file] = try? LoadedPlugin.load(plugin.file)
    }
    return plugins
  }()

  @Test("forward and inverse equal the in-process builds, in random contexts", arguments: bundledNames)
  func sameAsInProcess(_ name: String) throws {
    var generator = SeededGenerator(
      seed: SeededGenerator.testSeed(0x9_1A6) &+ UInt64(bundledNames.firstIndex(of: name) ?? 0))
    let resolved = try bundledRegistry.resolve(name)
    let plugin = try #require(Self.loaded[resolved.entry.plugin.file])
    let values = try resolved.values(overriding: [:])
    for _ in 0..<4 {
      var context = generator.context()
      context.reducesMotion = false  // a fallback is another style: compared through its own name
      let played = RequestedDuration.seconds(resolved.entry.style.defaultDuration)
      let forward = try plugin.forward(styleIndex: resolved.entry.styleIndex, values: values, in: context)
      let inverse = try plugin.inverse(styleIndex: resolved.entry.styleIndex, values: values, in: context)
      var request = context
      request.duration = .intrinsic
      #expect(try bundledRegistry.forward(Transition(name), in: request) == forward.rescaled(to: played))
      #expect(try bundledRegistry.inverse(Transition(name), in: request) == inverse.rescaled(to: played))
    }
  }

  @Test("a recording reads back the same, NaN and messages included")
  func recordingRoundTrip() throws {
    let recording = BuildRecording(
      forward: .init(
        status: 0,
        calls: [
          .beginStep(duration: 0.3, curve: 1), .translate(layer: 0, .nan, -0.0, .infinity), .report("é\u{1}"),
          .report(nil), .setOnTop(layer: 1, when: 2), .changeBackdrop(1, 2, 3, 4),
        ], truncated: false),
      inverse: .init(status: -2, calls: [], truncated: true))
    guard case .built(let again)? = try ScanAnswer.decode(ScanAnswer.built(recording).encoded())?.0 else {
      Issue.record("the answer does not read back as a build")
      return
    }
    #expect(again == recording)
  }

  @Test("a refused call replayed in the host is refused with the same message")
  func sameRefusal() throws {
    let info = try #require(bundledRegistry.catalog().plugins.first { $0.info.id == "org.stagehand.push" }).info
    let index = try #require(info.styles.firstIndex { $0.name == "push" })
    let values = info.styles[index].parameters.map(\.defaultParameterValue)
    let recording = BuildRecording(
      forward: .init(
        status: 0, calls: [.beginStep(duration: 0.3, curve: 0), .translate(layer: 0, .nan, 0, 0)],
        truncated: false),
      inverse: nil)
    let error = #expect(throws: PluginError.self) {
      try LoadedPlugin.replay(
        recording, file: "/p/libpush.so", info: info, styleIndex: index, values: values,
        in: TransitionContext(bounds: Rect(x: 0, y: 0, width: 100, height: 100)), inverse: false)
    }
    #expect(error?.description.contains("translate of the appearing layer: dx is nan, but it must be finite") == true)
    let truncated = BuildRecording(forward: .init(status: 0, calls: [], truncated: true), inverse: nil)
    let limit = #expect(throws: PluginError.self) {
      try LoadedPlugin.replay(
        truncated, file: "/p/libpush.so", info: info, styleIndex: index, values: values,
        in: TransitionContext(bounds: Rect(x: 0, y: 0, width: 100, height: 100)), inverse: false)
    }
    #expect(limit?.description.contains("more than \(HostCall.recordedLimit) host-function calls") == true)
  }
}
