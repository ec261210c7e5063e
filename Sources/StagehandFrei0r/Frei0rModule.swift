import CStagehandFrei0r
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// One frei0r module: the style its file names, resolved through the registry, and what `f0r_get_plugin_info` and
/// `f0r_get_param_info` give for it.
///
/// Made by `f0r_init` and immutable afterwards, so that any thread may read it; the strings handed to the host are
/// allocated once and freed when the module is closed (`f0r_deinit`).
final class Frei0rModule: @unchecked Sendable {
  /// The module's file name without `.so`, for messages: `stagehand-push`.
  let moduleName: String
  /// The registry the style was resolved in.
  let registry: Registry
  /// The style, as found when the module was opened; nil when it was not (then instances cannot be made).
  let style: (pluginID: String, info: StyleInfo, preset: String?, plugin: PluginInfo)?
  /// Why the style was not found, when it was not.
  let problem: String?
  /// The parameters, in frei0r's order.
  let parameters: [Frei0rParameter]
  /// The plugin version's first two numbers.
  private let version: (major: Int32, minor: Int32)
  /// The strings given to the host: the name, the author, the explanation, then each parameter's name and
  /// explanation.
  private let strings: [UnsafeMutablePointer<CChar>]

  /// The module of `styleName` with the settings file at `settingsPath`.
  init(styleName: String, settingsPath: String) {
    moduleName = "stagehand-" + styleName
    let settings = Frei0rSettings(path: settingsPath)
    registry = settings.registry
    var author = "Stagehand"
    var explanation = "Stagehand: \(styleName)"
    do throws(RegistryError) {
      let resolved = try registry.resolve(styleName)
      let plugin = resolved.entry.plugin.info
      style = (plugin.id, resolved.entry.style, resolved.preset?.name, plugin)
      problem = nil
      author = plugin.author
      let summary = resolved.entry.style.summary
      explanation += " (" + (summary.hasSuffix(".") ? String(summary.dropLast()) : summary) + ")"
      parameters = Frei0rParameter.parameters(of: resolved.entry.style)
      let numbers = plugin.version.split(separator: ".").map { Int32($0.prefix { $0.isNumber }) ?? 0 }
      version = (numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0)
    } catch {
      style = nil
      problem = error.description
      explanation += " (not available: \(error.description))"
      parameters = Frei0rParameter.parameters(
        of: StyleInfo(
          name: styleName, summary: "", defaultDuration: 0, uses3D: false, isSymmetric: false,
          hasInverseBuilder: false, parameters: [], presets: []))
      version = (0, 0)
    }
    strings =
      [strdup(moduleName)!, strdup(author)!, strdup(explanation)!]
      + parameters.flatMap { [strdup($0.name)!, strdup($0.explanation)!] }
  }

  deinit {
    for string in strings { free(string) }
  }

  /// The lines said already about instances that could not be made, by any module of this process: a host that gets
  /// NULL may ask again at every frame, and open the module more than once (melt does both); each line is said once.
  private static let said = Locked<Set<String>>([])

  /// Says `line` on standard error, unless it was said already in this process.
  func sayOnce(_ line: String) {
    guard Self.said.withLock({ $0.insert(line).inserted }) else { return }
    say(line)
  }

  /// Fills the host's plugin information.
  func fill(_ info: UnsafeMutablePointer<f0r_plugin_info_t>) {
    info.pointee.name = UnsafePointer(strings[0])
    info.pointee.author = UnsafePointer(strings[1])
    info.pointee.plugin_type = F0R_PLUGIN_TYPE_MIXER2
    info.pointee.color_model = F0R_COLOR_MODEL_RGBA8888
    info.pointee.frei0r_version = FREI0R_MAJOR_VERSION
    info.pointee.major_version = version.major
    info.pointee.minor_version = version.minor
    info.pointee.num_params = Int32(parameters.count)
    info.pointee.explanation = UnsafePointer(strings[2])
  }

  /// Fills the host's information of parameter `index`; an index out of range leaves it as it is.
  func fill(_ info: UnsafeMutablePointer<f0r_param_info_t>, index: Int) {
    guard parameters.indices.contains(index) else { return }
    info.pointee.name = UnsafePointer(strings[3 + 2 * index])
    info.pointee.type = parameters[index].type
    info.pointee.explanation = UnsafePointer(strings[4 + 2 * index])
  }
}
