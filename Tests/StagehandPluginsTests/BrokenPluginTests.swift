import CStagehandPlugin
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// Libraries that break a rule of stagehand_plugin.h are refused when loaded, with a typed error that names the file
/// and says why, and the host keeps working (`loadFailure` checks that after every refusal).
@Suite("Broken plugins are refused when loaded")
struct BrokenPluginTests {
  @Test("the valid fixture loads and builds, so each broken one differs from it by its one defect")
  func validFixture() throws {
    let plugin = try LoadedPlugin.load(FixtureLibraries.path(.valid))
    #expect(plugin.info.id == fixtureID)
    #expect(plugin.info.abiVersion == "1.3")
    let style = try #require(plugin.info.styles.first)
    #expect(plugin.info.styles.count == 1)
    #expect(style.name == "slide")
    #expect(style.defaultDuration == 0.3)
    #expect(style.parameters.map(\.symbol) == ["edge", "amount"])
    #expect(style.parameters.map(\.type) == [.enum, .double])
    #expect(style.parameters[0].labels == ["left", "right"])
    #expect(style.presets.map(\.name) == ["slide-from-right"])

    let preset = try #require(style.presets.first)
    let values = try presetValues(preset, of: style)
    #expect(values == [.label(1), .double(0.25)])
    let forward = try plugin.forward(styleIndex: 0, values: values, in: testBounds)
    #expect(forward.duration == 0.3)
    #expect(maxDifference(forward.finalStates.appearing, .identity) < 1e-9)
    #expect(forward.finalStates.disappearing.opacity == 0)
    let inverse = try plugin.inverse(styleIndex: 0, values: values, in: testBounds)
    #expect(maxDifference(inverse.finalStates, LayerStates.identity.swapped) < 1e-9)
  }

  @Test("a text file named like a library: cannotOpen, with the loader's message")
  func notELF() throws {
    let path = try FixtureLibraries.notELF()
    let error = try loadFailure(path)
    guard case .cannotOpen(let message) = error.reason else { return unexpected(error) }
    #expect(!message.isEmpty)
    #expect(error.plugin == nil)
    #expect(error.description.contains("cannot be loaded: \(message)"))
    #expect(error.description.contains("shared library"))
  }

  @Test("no entry symbol: missingEntry")
  func noEntry() throws {
    let error = try loadFailure(.noEntry)
    guard case .missingEntry(let symbol) = error.reason else { return unexpected(error) }
    #expect(symbol == "stagehand_plugin_v1")
    #expect(error.plugin == nil)
    #expect(error.description.contains("does not export 'stagehand_plugin_v1'"))
  }

  @Test("an entry that returns NULL: nullDescriptor")
  func nullDescriptor() throws {
    let error = try loadFailure(.nullDescriptor)
    guard case .nullDescriptor = error.reason else { return unexpected(error) }
    #expect(error.plugin == nil)
    #expect(error.description.contains("the entry function returned NULL"))
  }

  @Test("another ABI major version: abiMajorMismatch, naming both versions")
  func abiMajor() throws {
    let error = try loadFailure(.abiMajor)
    guard case .abiMajorMismatch(let found, let supported) = error.reason else { return unexpected(error) }
    #expect(found == 2 && supported == 1)
    #expect(error.plugin == nil)
    #expect(error.description.contains("built for plugin ABI 2.x, but this host supports 1.x"))
  }

  @Test("a newer ABI minor version: abiMinorTooNew, naming both versions")
  func abiMinor() throws {
    let error = try loadFailure(.abiMinor)
    guard case .abiMinorTooNew(let found, let supported) = error.reason else { return unexpected(error) }
    #expect(found == 4 && supported == 3)
    #expect(error.plugin == nil)
    #expect(error.description.contains("minor version 4, newer than this host's 3"))
  }

  @Test("sh_plugin.struct_size 8: structTooSmall")
  func pluginStructTooSmall() throws {
    let error = try loadFailure(.pluginStructSize)
    guard case .structTooSmall(let name, let size, let minimum) = error.reason else { return unexpected(error) }
    #expect(name == "sh_plugin" && size == 8 && minimum == MemoryLayout<sh_plugin>.size)
    #expect(error.plugin == nil)
    #expect(error.description.contains("sh_plugin.struct_size is 8 bytes"))
  }

  @Test("sh_style.struct_size 8: structTooSmall")
  func styleStructTooSmall() throws {
    let error = try loadFailure(.styleStructSize)
    guard case .structTooSmall(let name, let size, let minimum) = error.reason else { return unexpected(error) }
    #expect(name == "sh_style" && size == 8 && minimum == MemoryLayout<sh_style>.size)
    #expect(error.plugin == fixtureID)
    #expect(error.description.contains("sh_style.struct_size is 8 bytes"))
  }

  @Test("a NULL style name: missingString")
  func styleNullName() throws {
    let error = try loadFailure(.styleNullName)
    guard case .missingString(let field) = error.reason else { return unexpected(error) }
    #expect(field == "styles[0].name")
    #expect(error.plugin == fixtureID)
    #expect(error.description.contains("styles[0].name is NULL"))
  }

  @Test("a style named \"Push Left\": badName, with the grammar of names")
  func styleBadName() throws {
    let error = try loadFailure(.styleBadName)
    guard case .badName(let field, let value, let rule) = error.reason else { return unexpected(error) }
    #expect(field == "styles[0].name" && value == "Push Left" && rule == Names.nameRule)
    #expect(error.plugin == fixtureID)
    #expect(error.description.contains("styles[0].name 'Push Left' is not valid: \(Names.nameRule)"))
  }

  @Test("two styles with one name: duplicateName")
  func duplicateStyle() throws {
    let error = try loadFailure(.duplicateStyle)
    guard case .duplicateName(let field, let value) = error.reason else { return unexpected(error) }
    #expect(field == "style or preset name" && value == "slide")
    #expect(error.plugin == fixtureID)
    #expect(error.style == "slide")
    #expect(error.description.contains("'slide' appears twice"))
  }

  @Test("a preset named like a style: duplicateName, since styles and presets share one namespace")
  func presetNamedLikeStyle() throws {
    let error = try loadFailure(.presetNamedLikeStyle)
    guard case .duplicateName(let field, let value) = error.reason else { return unexpected(error) }
    #expect(field == "style or preset name" && value == "slide")
    #expect(error.style == "slide")
    #expect(error.description.contains("'slide' appears twice"))
  }

  @Test("a default above the maximum: badRange, naming the style and the parameter")
  func defaultOutOfRange() throws {
    let error = try loadFailure(.defaultOutOfRange)
    guard case .badRange(let minimum, let defaultValue, let maximum, _) = error.reason else {
      return unexpected(error)
    }
    #expect(minimum == 0 && defaultValue == 2 && maximum == 1)
    #expect(error.style == "slide" && error.parameter == "amount")
    #expect(error.description.contains("style 'slide': parameter 'amount': minimum 0.0, default 2.0, maximum 1.0"))
  }

  @Test("labels on a parameter that is not an enum: unexpectedArray")
  func strayLabels() throws {
    let error = try loadFailure(.strayLabels)
    guard case .unexpectedArray(let field, let type) = error.reason else { return unexpected(error) }
    #expect(field == "labels" && type == "double")
    #expect(error.style == "slide" && error.parameter == "amount")
    #expect(error.description.contains("labels is set, but a parameter of type double has none; set it to NULL"))
  }

  @Test("a unit longer than a name but within the string limit is accepted")
  func longUnit() throws {
    let plugin = try LoadedPlugin.load(try FixtureLibraries.path(.longUnit))
    #expect(plugin.info.styles[0].parameters[1].unit?.utf8.count ?? 0 > 64)
  }

  @Test("an enum without labels: badCount")
  func enumWithoutLabels() throws {
    let error = try loadFailure(.noLabels)
    guard case .badCount(let field, let count, let allowed) = error.reason else { return unexpected(error) }
    #expect(field == "label_count" && count == 0 && allowed == 1...Int(SH_MAX_LABELS))
    #expect(error.style == "slide" && error.parameter == "edge")
    #expect(error.description.contains("parameter 'edge': label_count is 0, but it must lie in 1...64"))
  }

  @Test("an unknown parameter type: unknownParameterType")
  func unknownParameterType() throws {
    let error = try loadFailure(.parameterType)
    guard case .unknownParameterType(let type) = error.reason else { return unexpected(error) }
    #expect(type == 9)
    #expect(error.style == "slide" && error.parameter == "edge")
    #expect(error.description.contains("parameter 'edge': has type 9"))
  }

  @Test("a reserved flag bit: reservedFlags")
  func reservedFlag() throws {
    let error = try loadFailure(.reservedFlag)
    guard case .reservedFlags(let bits) = error.reason else { return unexpected(error) }
    #expect(bits == 0x80)
    #expect(error.style == "slide" && error.parameter == nil)
    #expect(error.description.contains("style 'slide': sets reserved flag bits 0x80"))
  }

  @Test("a NULL builder: missingBuilder")
  func nullBuilder() throws {
    let error = try loadFailure(.nullBuilder)
    guard case .missingBuilder = error.reason else { return unexpected(error) }
    #expect(error.style == "slide")
    #expect(error.description.contains("style 'slide': has no builder function"))
  }

  @Test("a preset naming a parameter the style does not have: badPreset")
  func presetWithMissingParameter() throws {
    let error = try loadFailure(.presetParameter)
    guard case .badPreset(let preset, let problem) = error.reason else { return unexpected(error) }
    #expect(preset == "slide-from-right")
    #expect(problem.contains("'direction'") && problem.contains("edge, amount"))
    #expect(error.style == "slide")
    #expect(error.description.contains("preset 'slide-from-right' names parameter 'direction'"))
  }

  @Test("a preset with a label the enum does not have: badPreset, listing the labels")
  func presetWithInvalidLabel() throws {
    let error = try loadFailure(.presetLabel)
    guard case .badPreset(let preset, let problem) = error.reason else { return unexpected(error) }
    #expect(preset == "slide-from-right")
    #expect(problem.contains("'middle'") && problem.contains("left, right"))
    #expect(error.style == "slide")
    #expect(
      error.description.contains(
        "preset 'slide-from-right' sets 'edge' to a value it cannot take: 'middle' is not a label of 'edge'; give one of"
      ))
  }

  @Test("invalid UTF-8 in the plugin's description: invalidUTF8")
  func pluginDescriptionUTF8() throws {
    let error = try loadFailure(.pluginUTF8)
    guard case .invalidUTF8(let field) = error.reason else { return unexpected(error) }
    #expect(field == "description")
    #expect(error.plugin == fixtureID && error.style == nil)
    #expect(error.description.contains("description is not valid UTF-8"))
  }

  @Test("invalid UTF-8 in a parameter's description: invalidUTF8, naming the parameter")
  func parameterDescriptionUTF8() throws {
    let error = try loadFailure(.parameterUTF8)
    guard case .invalidUTF8(let field) = error.reason else { return unexpected(error) }
    #expect(field == "description")
    #expect(error.style == "slide" && error.parameter == "amount")
    #expect(error.description.contains("parameter 'amount': description is not valid UTF-8"))
  }

  @Test("a negative default duration: badDefaultDuration")
  func negativeDefaultDuration() throws {
    let error = try loadFailure(.negativeDuration)
    guard case .badDefaultDuration(let duration) = error.reason else { return unexpected(error) }
    #expect(duration == -0.3)
    #expect(error.style == "slide")
    #expect(error.description.contains("style 'slide': default duration -0.3 s is not valid"))
  }
}
