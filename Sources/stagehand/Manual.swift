import ArgumentParser
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand generate-manual` (hidden): writes the man page, stagehand(1), generated from the commands themselves,
/// so that it never says other than `--help`. `Scripts/install.sh` installs it.
struct GenerateManual: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-manual",
    abstract: "Write the manual page stagehand(1), in roff, to standard output.",
    shouldDisplay: false)

  func run() throws {
    // The argument parser describes the command tree as JSON for tools (`--experimental-dump-help`); the page is made
    // from that description.
    var description = ""
    do {
      _ = try Stagehand.parseAsRoot(["--experimental-dump-help"])
    } catch {
      description = Stagehand.fullMessage(for: error)
    }
    guard let tree = try? JSONDecoder().decode(ManualTree.self, from: Data(description.utf8)) else {
      printError("stagehand: error: the command tree could not be described; this is a bug of stagehand")
      throw Exit.failure
    }
    writeAll(STDOUT_FILENO, ManualPage(root: tree.command).text)
  }
}

/// The argument parser's description of the command tree: the parts the manual uses.
struct ManualTree: Decodable {
  var command: Command

  struct Command: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var arguments: [Argument]?
    var subcommands: [Command]?
  }

  struct Argument: Decodable {
    var kind: String
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var abstract: String?
    var discussion: String?
    var defaultValue: String?
    var isOptional: Bool?
    var isRepeating: Bool?
    var shouldDisplay: Bool?
  }

  struct Name: Decodable {
    var kind: String
    var name: String

    /// `--name`, `-n` or `-name`.
    var text: String { kind == "long" ? "--\(name)" : "-\(name)" }
  }
}

/// The roff text of stagehand(1), with the man macros.
struct ManualPage {
  var root: ManualTree.Command

  var text: String {
    var lines = [
      ".TH STAGEHAND 1 \"\" \"stagehand \(StagehandVersion.number)\" \"User Commands\"",
      ".SH NAME", "stagehand \\- \(escape(root.abstract ?? ""))",
      ".SH SYNOPSIS", ".B stagehand", ".I command", ".RI [ options ]", ".SH DESCRIPTION",
    ]
    lines += paragraphs(root.discussion)
    lines += [".PP", "\(escape(StagehandVersion.current)).", ".SH OPTIONS"]
    lines += options(of: root)
    lines.append(".SH COMMANDS")
    for command in root.subcommands ?? [] where command.shouldDisplay != false && command.commandName != "help" {
      lines += section(command)
    }
    lines += [
      ".SH FILES", ".TP", ".I $XDG_CACHE_HOME/stagehand/registry.cache",
      "The registry cache (default ~/.cache/stagehand/registry.cache).", ".TP",
      ".I $XDG_DATA_HOME/stagehand/plugins", "The user's plugins (default ~/.local/share/stagehand/plugins).",
      ".SH SEE ALSO",
      "The README, Docs/Catalog.md, Docs/Rendering.md, Docs/Export.md and Docs/JSON.md (the \\-\\-json outputs) of "
        + "Stagehand; stagehand_plugin.h, the plugin ABI.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A subcommand: its synopsis, abstract, discussion, arguments and options.
  private func section(_ command: ManualTree.Command) -> [String] {
    let visible = (command.arguments ?? []).filter { $0.shouldDisplay != false }
    let usage = visible.map { argument -> String in
      let name = argument.kind == "positional" ? "<\(argument.valueName ?? "value")>" : synopsis(argument)
      let repeated = argument.isRepeating == true ? "\(name) ..." : name
      return argument.isOptional == true ? "[\(repeated)]" : repeated
    }
    var lines = [".SS \"\(escape((["stagehand", command.commandName] + usage).joined(separator: " ")))\""]
    lines.append(escape(command.abstract ?? ""))
    lines += paragraphs(command.discussion)
    lines += options(of: command)
    return lines
  }

  /// One tagged paragraph per visible argument and option.
  private func options(of command: ManualTree.Command) -> [String] {
    var lines: [String] = []
    for argument in command.arguments ?? [] where argument.shouldDisplay != false {
      lines.append(".TP")
      if argument.kind == "positional" {
        lines.append(".I \(escape(argument.valueName ?? "value"))")
      } else {
        let names = (argument.names ?? []).map { "\\fB" + $0.text.replacing("-", with: "\\-") + "\\fR" }
        let value = argument.kind == "option" ? " \\fI<\(escape(argument.valueName ?? "value"))>\\fR" : ""
        lines.append(names.joined(separator: ", ") + value)
      }
      var help = argument.abstract ?? ""
      if let value = argument.defaultValue, !value.isEmpty, argument.kind == "option" {
        help += " (default: \(value))"
      }
      lines.append(escape(help))
      if let discussion = argument.discussion, !discussion.isEmpty { lines += paragraphs(discussion) }
    }
    return lines
  }

  /// `--name <value>` (the preferred name of an option), or `--name` (of a flag).
  private func synopsis(_ argument: ManualTree.Argument) -> String {
    let name = (argument.preferredName ?? argument.names?.first)?.text ?? ""
    return argument.kind == "option" ? "\(name) <\(argument.valueName ?? "value")>" : name
  }

  /// Text split into paragraphs at its blank lines.
  private func paragraphs(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    return text.split(separator: "\n\n").flatMap { [".PP", escape(String($0).replacing("\n", with: " "))] }
  }

  /// Text safe in roff: backslashes written `\e`, and a line that would start with a control character (`.` or `'`)
  /// protected by `\&`.
  private func escape(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
