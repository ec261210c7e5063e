import ArgumentParser
import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins

/// Writes a line to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Exit codes beyond 0.
enum Exit {
  /// A plugin failed to load or to build.
  static let failure = ExitCode(1)
  /// The user asked for something that does not exist or is invalid.
  static let usage = ExitCode(64)

  /// Prints a registry error as one line and returns the exit code that goes with it.
  static func report(_ error: RegistryError) -> ExitCode {
    printError("stagehand: \(error)")
    switch error {
    case .plugin: return failure
    default: return usage
    }
  }
}

/// Prints the catalog's problems (refused plugins, conflicts, ignored paths) to standard error.
func reportProblems(_ catalog: Catalog) {
  for problem in catalog.problems { printError("stagehand: warning: \(problem)") }
}

/// Options that choose a transition: the style, its parameters, the duration and the container size.
struct TransitionOptions: ParsableArguments {
  @Argument(help: "A style, a preset, or PLUGIN-ID:NAME (see 'stagehand list').")
  var style: String

  @Option(
    name: .customLong("param"),
    help: ArgumentHelp("A parameter value, NAME=VALUE; repeat for several.", valueName: "name=value"))
  var parameters: [String] = []

  @Option(help: "The duration in seconds (default: the style's intrinsic duration).")
  var duration: Double?

  @Option(help: ArgumentHelp("The container size in points, WIDTHxHEIGHT.", valueName: "size"))
  var size: String = "320x480"

  func validate() throws {
    for assignment in parameters where !assignment.contains("=") {
      throw ValidationError(RegistryError.malformedAssignment(assignment).description)
    }
    if let duration, !(duration.isFinite && duration >= 0) {
      throw ValidationError("--duration \(duration) is not valid; give a number of seconds, 0 or more")
    }
    guard bounds != nil else {
      throw ValidationError("--size '\(size)' is not valid; give WIDTHxHEIGHT with positive numbers, e.g. 320x480")
    }
  }

  /// The transition the options describe.
  var transition: Transition {
    var values: [String: String] = [:]
    for assignment in parameters {
      let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return Transition(style, parameters: values)
  }

  /// The container bounds the size describes.
  var bounds: Rect? {
    let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
    return Rect(x: 0, y: 0, width: parts[0], height: parts[1])
  }

  /// The context the options describe.
  var context: TransitionContext {
    TransitionContext(bounds: bounds!, duration: duration.map { .seconds($0) } ?? .intrinsic)
  }
}

extension Double {
  /// The number with at most `digits` decimals and no trailing zeros.
  func formatted(_ digits: Int = 3) -> String {
    var text = String(format: "%.\(digits)f", self)
    while text.contains("."), text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}

/// Lays out rows of text in columns separated by two spaces.
func table(_ rows: [[String]]) -> String {
  guard let first = rows.first else { return "" }
  let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
  return rows.map { row in
    row.enumerated().map { column, cell in
      column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
    }.joined(separator: "  ")
  }.joined(separator: "\n")
}
