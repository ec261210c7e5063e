import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The container bounds the tests build in.
let testBounds = Rect(x: 0, y: 0, width: 320, height: 480)

/// The id of the fixture plugins.
let fixtureID = "org.example.fixture"

/// The path of a library built by this package, such as `libStagehandPush.so`.
func builtLibrary(_ name: String) -> String {
  BuiltProducts.directory.appendingPathComponent(name).path
}

/// The parameter values of `preset`: its own values, parsed, and the defaults of the parameters it does not set.
func presetValues(_ preset: PresetInfo, of style: StyleInfo) throws -> [ParameterValue] {
  var values = style.parameters.map(\.defaultParameterValue)
  for value in preset.values {
    let index = try #require(style.parameters.firstIndex { $0.symbol == value.parameter })
    values[index] = try style.parameters[index].parse(value.value).get()
  }
  return values
}

/// A plugin that loaded although it should not have.
struct UnexpectedlyLoaded: Error, CustomStringConvertible {
  var description: String
}

/// A build that succeeded although it should not have.
struct UnexpectedlyBuilt: Error, CustomStringConvertible {
  var description: String
}

/// Checks that the host still works after a refusal: the built-in push plugin loads and builds its default animation.
func expectHostStillWorks(sourceLocation: SourceLocation = #_sourceLocation) {
  do throws(PluginError) {
    let push = try LoadedPlugin.load(builtLibrary("libStagehandPush.so"))
    let values = push.info.styles[0].parameters.map(\.defaultParameterValue)
    let animation = try push.forward(styleIndex: 0, values: values, in: testBounds)
    #expect(animation.duration > 0, sourceLocation: sourceLocation)
  } catch {
    Issue.record(
      "after a refusal the host cannot load and build push any more: \(error)", sourceLocation: sourceLocation)
  }
}

/// Loads the library at `path` expecting a refusal, checks that the error names the file, checks that the host still
/// works, and returns the error.
func loadFailure(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PluginError {
  defer { expectHostStillWorks(sourceLocation: sourceLocation) }
  let load = { () throws(PluginError) in try LoadedPlugin.load(path) }
  switch Result(catching: load) {
  case .success(let plugin):
    throw UnexpectedlyLoaded(description: "\(path) loaded as \(plugin.info.id), but it must be refused")
  case .failure(let error):
    #expect(error.file == path, sourceLocation: sourceLocation)
    #expect(error.description.hasPrefix(path), "\(error)", sourceLocation: sourceLocation)
    return error
  }
}

/// Loads a fixture expecting a refusal; see `loadFailure(_:sourceLocation:)`.
func loadFailure(_ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation) throws -> PluginError {
  try loadFailure(FixtureLibraries.path(fixture), sourceLocation: sourceLocation)
}

/// Loads a fixture (which must succeed), builds its style with default values expecting a refusal, checks that the
/// error names the file, the plugin and the style, that the inverse is refused the same way, that the host still
/// works, and returns the error.
func buildFailure(_ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation) throws -> PluginError {
  let path = try FixtureLibraries.path(fixture)
  let plugin = try LoadedPlugin.load(path)
  defer { expectHostStillWorks(sourceLocation: sourceLocation) }
  let values = plugin.info.styles[0].parameters.map(\.defaultParameterValue)
  let build = { () throws(PluginError) in try plugin.forward(styleIndex: 0, values: values, in: testBounds) }
  switch Result(catching: build) {
  case .success(let animation):
    throw UnexpectedlyBuilt(description: "\(path) built \(animation.steps.count) steps, but the build must fail")
  case .failure(let error):
    #expect(error.file == path, sourceLocation: sourceLocation)
    #expect(error.plugin == fixtureID, sourceLocation: sourceLocation)
    #expect(error.style == "slide", sourceLocation: sourceLocation)
    #expect(error.parameter == nil, sourceLocation: sourceLocation)
    #expect(
      error.description.hasPrefix("\(path) (plugin \(fixtureID)): style 'slide': the builder failed with status"),
      "\(error)", sourceLocation: sourceLocation)
    #expect(throws: error, "the inverse must be refused like the forward", sourceLocation: sourceLocation) {
      try plugin.inverse(styleIndex: 0, values: values, in: testBounds)
    }
    return error
  }
}

/// Records that `error` has another reason than the test expected.
func unexpected(_ error: PluginError, sourceLocation: SourceLocation = #_sourceLocation) {
  Issue.record("unexpected reason \(error.reason): \(error)", sourceLocation: sourceLocation)
}
