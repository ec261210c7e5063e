/// The files of Plugins/Support, which `stagehand new-plugin --language swift` copies into a new project: the
/// repository's own files, embedded when the command is built (`Sources/stagehand/Templates` links to them).
enum PluginSupportFiles {
  /// Each file's name and contents.
  static let files: [(name: String, contents: String)] = [
    ("PluginSupport.swift", String(decoding: PackageResources.PluginSupport_swift, as: UTF8.self)),
    ("PluginSupport+Styles.swift", String(decoding: PackageResources.PluginSupport_Styles_swift, as: UTF8.self)),
    ("exports.map", String(decoding: PackageResources.exports_map, as: UTF8.self)),
  ]
}
