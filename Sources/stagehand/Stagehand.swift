import ArgumentParser

/// The `stagehand` command: lists, describes and previews transition styles loaded from plugin libraries.
@main
struct Stagehand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stagehand",
    abstract: "A catalog of transition styles loaded from plugin libraries.",
    discussion: """
      Plugins are searched in STAGEHAND_PLUGIN_PATH (absolute directories, separated by ':'), then in \
      $XDG_DATA_HOME/stagehand/plugins, /usr/local/lib/stagehand/plugins, /usr/lib/stagehand/plugins, and next to \
      this executable.

      Exit codes: 0 success, 1 a plugin failed or was refused, 64 a usage error (unknown style, bad parameter or option).
      """,
    version: StagehandVersion.current,
    subcommands: [List.self, Info.self, Preview.self, Demo.self, Manifest.self]
  )
}

/// The version of the Stagehand host.
enum StagehandVersion {
  /// The version printed by `stagehand --version`.
  static let current = "0.1.0"
}
