import CStagehandPlugin
import StagehandAnimation
@_spi(Benchmarking) import StagehandPlugins
import Testing

/// The host enforces the rule of stagehand_plugin.h, sections 5 and 7: a host function called with any other handle
/// than that of the builder call running on the calling thread returns SH_ERROR_INVALID_ARGUMENT and changes nothing,
/// in that build or any other. The builders of `HandleFixture` misuse their handles on purpose.
///
/// Serialized: the fixture keeps what its builders saw in static variables.
@Suite("Builder handles cannot be misused", .serialized)
struct BuilderHandleTests {
  let fixture: HandleFixture
  let plugin: LoadedPlugin
  /// The animation every style of the fixture describes, built by `keep`, which only saves its handle.
  let reference: Animation

  static let invalid = Int32(SH_ERROR_INVALID_ARGUMENT)

  init() throws {
    fixture = try HandleFixture.shared.get()
    plugin = try LoadedPlugin.load(fixture.path)
    fixture.reset()
    reference = try plugin.forward(styleIndex: 0, values: [], in: testBounds)
    #expect(reference.steps.count == 2)
  }

  /// The forward animation of the fixture's style `name`.
  func build(_ name: String) throws -> Animation {
    let index = try #require(plugin.info.styles.firstIndex { $0.name == name })
    return try plugin.forward(styleIndex: index, values: [], in: testBounds)
  }

  @Test("a handle kept after its builder returned is refused, outside any build and inside a later one")
  func keptHandle() throws {
    let saved = fixture.savedHandle()
    #expect(saved != 0)
    #expect(fixture.translate(saved) == Self.invalid, "after the build, from the thread that ran it")

    let late = try build("late")
    #expect(fixture.status(.lateTranslate) == Self.invalid)
    #expect(fixture.status(.lateReport) == Self.invalid)
    #expect(late == reference, "the late translate by 999 must not reach the later build")

    #expect(try build("keep") == reference)
    #expect(fixture.savedHandle() != saved, "every build gets its own handle")
    #expect(fixture.translate(saved) == Self.invalid)
    #expect(fixture.translate(fixture.savedHandle()) == Self.invalid)
  }

  @Test("a call from another thread during the build is refused and leaves the build alone")
  func otherThread() throws {
    // The builder ignores the statuses, so the build succeeds, exactly as if the other thread had not called.
    #expect(try build("threaded") == reference)
    for call in [HandleFixture.Call.threadBeginStep, .threadTranslate, .threadFade, .threadReport] {
      #expect(fixture.status(call) == Self.invalid, "\(call)")
    }
  }

  @Test("a builder that returns the other thread's status fails cleanly with it")
  func otherThreadStrict() throws {
    #expect {
      _ = try build("threaded-strict")
    } throws: { error in
      guard let error = error as? PluginError, case .buildFailed(let status, _) = error.reason else { return false }
      return status == Self.invalid && error.style == "threaded-strict"
    }
    #expect(fixture.status(.threadTranslate) == Self.invalid)
    #expect(try build("keep") == reference, "the next build of the same plugin is not affected")
  }

  @Test("made-up handles are refused during a build: NULL, 0x1, the host table, the context, neighbouring tokens")
  func forgedDuringBuild() throws {
    #expect(try build("forged") == reference)
    let forged: [HandleFixture.Call] = [
      .forgedNull, .forgedOne, .forgedHost, .forgedContext, .forgedLocal, .forgedNext, .forgedPrevious, .forgedAllOnes,
    ]
    for call in forged {
      #expect(fixture.status(call) == Self.invalid, "\(call)")
    }
  }

  @Test(
    "made-up handles are refused outside any build",
    arguments: [0, 1, 0x1000, 0x7fff_ffff_f000, UInt64.max, UInt64(bitPattern: -8)])
  func forgedOutsideBuild(handle: UInt64) {
    #expect(fixture.translate(handle) == Self.invalid)
    #expect(fixture.translate(fixture.savedHandle() &+ handle) == Self.invalid)
  }

  @Test("builds running on several threads at once each get their own handle and their own animation")
  func concurrentBuilds() async throws {
    let push = try LoadedPlugin.load(builtLibrary("libStagehandPush.so"))
    let style = push.info.styles[0]
    let presets = try style.presets.map { try presetValues($0, of: style) }
    let expected = try presets.map { try push.forward(styleIndex: 0, values: $0, in: testBounds) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var mismatches = 0
          for round in 0..<200 {
            let index = (task + round) % presets.count
            let animation = try? push.forward(styleIndex: 0, values: presets[index], in: testBounds)
            if animation != expected[index] { mismatches += 1 }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(!presets.isEmpty)
    #expect(mismatches == 0)
  }

  @Test("a build inside a build: the outer handle is refused during the inner build, and works again after it")
  func nestedBuild() throws {
    typealias Builder = @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer) -> Int32
    let plugin = plugin
    let fixture = fixture
    var inner: Animation?
    var outerDuringInner: Int32 = HandleFixture.notCalled
    let outer = try plugin.forward(styleIndex: 0, values: [], in: testBounds) { builder, context, host, outerHandle in
      inner = try? plugin.forward(styleIndex: 0, values: [], in: testBounds) { builder, context, host, innerHandle in
        outerDuringInner = fixture.translate(UInt64(UInt(bitPattern: outerHandle)))
        return unsafeBitCast(builder, to: Builder.self)(context, host, innerHandle)
      }
      return unsafeBitCast(builder, to: Builder.self)(context, host, outerHandle)
    }
    #expect(outerDuringInner == Self.invalid)
    #expect(inner == reference)
    #expect(outer == reference)
  }
}
