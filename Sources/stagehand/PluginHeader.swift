import FoundationEssentials
import StagehandCatalog
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Where a plugin author's build finds `stagehand_plugin.h`, and where plugins go: what `stagehand plugins --dirs`
/// and `--cflags` print.
enum PluginHeader {
  /// The header's file name.
  static let fileName = "stagehand_plugin.h"

  /// The folders that may hold the header, in the order they are tried: next to an installed command
  /// (`PREFIX/bin/../include/stagehand`, as `Scripts/install.sh` puts it), the checkout this command was built from
  /// (a development build), then the system's include folders.
  static func candidates(executableDirectory: String = PluginSearchPath.executableDirectory) -> [String] {
    // This file is CHECKOUT/Sources/stagehand/PluginHeader.swift.
    let checkout = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    let prefix = String(
      executableDirectory[..<(executableDirectory.lastIndex(of: "/") ?? executableDirectory.startIndex)])
    return [
      prefix + "/include/stagehand",
      checkout + "/Sources/CStagehandPlugin/include",
      "/usr/local/include/stagehand", "/usr/include/stagehand",
    ]
  }

  /// The first folder that holds the header, or nil.
  static func directory(executableDirectory: String = PluginSearchPath.executableDirectory) -> String? {
    candidates(executableDirectory: executableDirectory).first { SystemFile.isAccessible($0 + "/" + fileName, R_OK) }
  }
}
