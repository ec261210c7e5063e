import ArgumentParser

/// The `stagehand` command: lists, previews, renders and checks transition styles.
@main
struct Stagehand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stagehand",
    abstract: "A catalog of transition styles loaded from plugin libraries.",
    version: StagehandVersion.current,
    subcommands: []
  )
}

/// The version of the Stagehand host.
enum StagehandVersion {
  /// The version printed by `stagehand --version`.
  static let current = "0.1.0"
}
