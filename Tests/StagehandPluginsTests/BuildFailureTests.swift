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
}
