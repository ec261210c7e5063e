import StagehandPlugins

/// Checks the rules of stagehand_plugin.h on a plugin description the host accepted, from a descriptor, the registry
/// cache or a scanner's answer.
public func checkRules(_ info: PluginInfo) {
  check(Names.isPluginID(info.id) && info.id.utf8.count <= 128, "id '\(info.id)'")
  check(Names.isSemanticVersion(info.version) && info.version.utf8.count <= 64, "version '\(info.version)'")
  check((1...256).contains(info.styles.count), "\(info.styles.count) styles")
  var names: Set<String> = []
  for style in info.styles {
    for name in [style.name] + style.presets.map(\.name) {
      check(Names.isName(name) && name.utf8.count <= 64, "name '\(name)'")
      check(names.insert(name).inserted, "name '\(name)' twice")
    }
    check(style.defaultDuration.isFinite && style.defaultDuration >= 0, "default duration \(style.defaultDuration)")
    check(style.parameters.count <= 16 && style.presets.count <= 64, "counts of '\(style.name)'")
    check(Set(style.parameters.map(\.symbol)).count == style.parameters.count, "a symbol twice in '\(style.name)'")
    for parameter in style.parameters {
      check(Names.isName(parameter.symbol), "symbol '\(parameter.symbol)'")
      let range = [parameter.minimum, parameter.defaultValue, parameter.maximum]
      check(range.allSatisfy(\.isFinite) && range == range.sorted(), "range \(range) of '\(parameter.symbol)'")
      check(parameter.labels.allSatisfy(Names.isName), "labels \(parameter.labels)")
      check((parameter.type == .enum) == !parameter.labels.isEmpty, "labels of a \(parameter.type) parameter")
      // What the host shows a user as the default must read back as the default.
      let shown = parameter.text(for: parameter.defaultParameterValue)
      check((try? parameter.parse(shown).get()) == parameter.defaultParameterValue, "default '\(shown)' reads back")
    }
  }
}
