import CStagehandPlugin

/// The version of the plugin ABI this host implements: `stagehand_plugin.h`'s `SH_ABI_MAJOR` and `SH_ABI_MINOR`.
///
/// The host opens a plugin of the same major version and a minor version up to ``PluginABI/minor``.
public enum PluginABI {
  /// The major version: a plugin of another major version is refused.
  public static let major = Int(SH_ABI_MAJOR)
  /// The newest minor version the host reads.
  public static let minor = Int(SH_ABI_MINOR)
  /// `major.minor`, as `stagehand --version` prints it.
  public static var version: String { "\(major).\(minor)" }
}
