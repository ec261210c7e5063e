import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// Plugins whose descriptor is valid but whose builder fails or breaks a rule of the build call: they load, and then
/// every build is refused with `buildFailed` (`buildFailure` also checks the inverse, the error's place and the host).
@Suite("Failing builders are refused when built")
struct BuildFailureTests {
  @Test("a builder that reports a message and returns SH_ERROR_FAILED: buildFailed with that message")
  func reportedFailure() throws {
    let error = try buildFailure(.buildReport)
    guard case .buildFailed(let status, let message) = error.reason else { return unexpected(error) }
    #expect(status == -4)
    #expect(message == "slide: this fixture always fails, on purpose")
    #expect(error.description.contains("status -4 (SH_ERROR_FAILED): slide: this fixture always fails, on purpose"))
  }

  @Test("a builder that translates by NaN: buildFailed with the status of translate and a message naming the call")
  func notANumber() throws {
    let error = try buildFailure(.buildNaN)
    guard case .buildFailed(let status, let message) = error.reason else { return unexpected(error) }
    #expect(status == -1)
    let text = try #require(message)
    #expect(text.contains("translate") && text.contains("nan"))
    #expect(error.description.contains("status -1 (SH_ERROR_INVALID_ARGUMENT)"))
  }

  @Test("a builder that returns SH_OK after a host call failed: still buildFailed, with the host call's status")
  func ignoredHostError() throws {
    let error = try buildFailure(.buildIgnoredError)
    guard case .buildFailed(let status, let message) = error.reason else { return unexpected(error) }
    #expect(status == -2)
    let text = try #require(message)
    #expect(text.contains("fade") && text.contains("before any begin_step"))
    #expect(error.description.contains("status -2 (SH_ERROR_NO_STEP)"))
  }

  @Test("a builder that begins 1000 steps: buildFailed with SH_ERROR_LIMIT")
  func tooManySteps() throws {
    let error = try buildFailure(.buildSteps)
    guard case .buildFailed(let status, let message) = error.reason else { return unexpected(error) }
    #expect(status == -3)
    #expect(message?.contains("more than 64 steps") == true)
    #expect(error.description.contains("status -3 (SH_ERROR_LIMIT)"))
  }

  @Test("a builder that returns a positive value: buildFailed with SH_ERROR_FAILED")
  func positiveReturnValue() throws {
    let error = try buildFailure(.buildPositive)
    guard case .buildFailed(let status, _) = error.reason else { return unexpected(error) }
    #expect(status == -4)
    #expect(error.description.contains("status -4 (SH_ERROR_FAILED)"))
  }

  @Test("a builder whose scale factors multiply to 0 (1e-200 twice): buildFailed, since no inverse can undo it")
  func scaleUnderflow() throws {
    // Found by Fuzz/Harnesses/FuzzDescriptor (Fuzz/Corpus/FuzzDescriptor/regression-scale-underflow): a layer scaled
    // to 0 by factors the host accepted one by one had no inverse that brought it back to rest.
    let error = try buildFailure(.buildScaleUnderflow)
    guard case .buildFailed(let status, let message) = error.reason else { return unexpected(error) }
    #expect(status == -1)
    #expect(message?.contains("no inverse can undo") == true)
    #expect(error.description.contains("status -1 (SH_ERROR_INVALID_ARGUMENT)"))
  }

  @Test(
    "a style index the plugin does not have: a typed error from forward, inverse and the direct call, not a trap",
    arguments: [-1, 1, 7, Int.max])
  func styleIndexOutOfRange(_ index: Int) throws {
    let plugin = try LoadedPlugin.load(FixtureLibraries.path(.valid))
    let message = "the plugin has no style \(index); it has 1"
    #expect {
      _ = try plugin.forward(styleIndex: index, values: [], in: testBounds)
    } throws: { error in
      "\(error)".contains(message)
    }
    #expect {
      _ = try plugin.inverse(styleIndex: index, values: [], in: testBounds)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  /// A builder whose every call is finite but whose sum is not: OVERFLOW_STATE translates by 1e308 twice,
  /// OVERFLOW_DURATION makes two steps of 1e308 s.
  static let overflowing = """
    #include "stagehand_plugin.h"
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
    #if defined(OVERFLOW_STATE)
      int32_t s = h->begin_step(b, 0.5, SH_CURVE_LINEAR);
      if (s == SH_OK) s = h->translate(b, SH_LAYER_APPEARING, 1e308, 0, 0);
      return s == SH_OK ? h->translate(b, SH_LAYER_APPEARING, 1e308, 0, 0) : s;
    #else
      int32_t s = h->begin_step(b, 1e308, SH_CURVE_LINEAR);
      return s == SH_OK ? h->begin_step(b, 1e308, SH_CURVE_LINEAR) : s;
    #endif
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "overflow",
      .summary = "Adds up to infinity.", .default_duration = 0.5, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.overflow", .version = "1.0.0", .name = "Overflow",
      .author = "Tests", .license = "MIT", .description = "Finite calls, infinite sums.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  @Test(
    "finite changes that add up to an infinite state or duration: buildFailed, forward and inverse",
    arguments: ["OVERFLOW_STATE", "OVERFLOW_DURATION"])
  func overflow(_ macro: String) throws {
    let directory = try CFixture.temporaryDirectory("overflow")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try CFixture.compile(Self.overflowing, into: directory, name: "liboverflow.so", flags: ["-D\(macro)"])
    let plugin = try LoadedPlugin.load(path)
    for inverse in [false, true] {
      #expect {
        _ =
          inverse
          ? try plugin.inverse(styleIndex: 0, values: [], in: testBounds)
          : try plugin.forward(styleIndex: 0, values: [], in: testBounds)
      } throws: { error in
        "\(error)".contains("adds up to a duration or a state that is not finite")
      }
    }
  }
}
