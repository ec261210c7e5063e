import Foundation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// The subcommands `stagehand --help` lists: the first word of each line of its SUBCOMMANDS section indented by two
/// spaces that starts in lower case (a longer description goes on in lines indented further).
func listedSubcommands(_ help: String) -> [String] {
  help.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst().prefix { !$0.isEmpty }
    .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    .compactMap { $0.split(separator: " ").first.map(String.init) }
    .filter { $0.first?.isLowercase == true }  // not the closing "See 'stagehand help <subcommand>' ..." line
}

@Suite("Completions, the manual page and --version")
struct CompletionAndManualTests {
  /// Completes the last word of `line` (`stagehand` stands for the built binary; a line that ends in a space completes
  /// an empty word) with the bash completion script the command generates, run by bash in `directory`, the way
  /// bash's programmable completion calls it; returns the candidates.
  static func bashCompletions(_ line: String, in directory: URL? = nil) throws -> [String] {
    let root = try CFixture.temporaryDirectory("completion")
    defer { try? FileManager.default.removeItem(at: root) }
    let script = try runStagehand(["--generate-completion-script", "bash"], environment: cleanEnvironment)
    #expect(script.status == 0)
    let scriptURL = root.appendingPathComponent("stagehand.bash")
    try script.standardOutput.write(to: scriptURL, atomically: true, encoding: .utf8)
    let harness = """
      cd "$3" || exit 1
      source "$1"
      COMP_LINE=$2
      COMP_POINT=${#COMP_LINE}
      read -ra COMP_WORDS <<< "$COMP_LINE"
      [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      _stagehand "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let fullLine = BuiltProducts.stagehand.path + line.dropFirst("stagehand".count)
    let result = try run(
      URL(fileURLWithPath: "/bin/bash"),
      ["-c", harness, "complete", scriptURL.path, fullLine, (directory ?? root).path], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  @Test("bash completes style and preset names, plugin ids, parameter names and values, formats and files")
  func bash() throws {
    let styles = try Self.bashCompletions("stagehand preview fl")
    #expect(styles.contains("flip") && styles.contains("flip-horizontally") && styles.contains("flow"), "\(styles)")
    #expect(styles.allSatisfy { $0.hasPrefix("fl") }, "\(styles)")
    let rendered = try Self.bashCompletions("stagehand render push-from-")
    #expect(rendered.contains("push-from-left") && rendered.count >= 6, "\(rendered)")
    #expect(try Self.bashCompletions("stagehand info org.stagehand.pu") == ["org.stagehand.push"])

    let names = try Self.bashCompletions("stagehand preview flip --param ")
    #expect(names.sorted() == ["axis=", "camera-distance="])
    // zsh and fish give the whole word NAME=VALUE to the command, as this line does.
    let values = try Self.bashCompletions("stagehand export flip --param axis=")
    #expect(values.sorted() == ["axis=horizontal", "axis=vertical"])
    #expect(try Self.bashCompletions("stagehand render push --format ").sorted() == ["png", "rgba", "webp", "y4m"])

    let directory = try CFixture.temporaryDirectory("completion-files")
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["a.png", "b.txt", "c.jpg", "libx.so"] {
      _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data())
    }
    let pictures = try Self.bashCompletions("stagehand render push --from ", in: directory)
    #expect(Set(pictures) == ["a.png", "c.jpg"])
    let libraries = try Self.bashCompletions("stagehand check ", in: directory)
    #expect(libraries == ["libx.so"])
  }

  @Test("the zsh and fish scripts ask the command for the same names, and the command answers their requests")
  func zshAndFish() throws {
    for shell in ["zsh", "fish"] {
      let script = try runStagehand(["--generate-completion-script", shell], environment: cleanEnvironment)
      #expect(script.status == 0)
      for request in ["---completion preview -- positional@0", "---completion preview -- --param"] {
        #expect(script.standardOutput.contains(request), "\(shell): \(request)")
      }
    }
    // The request the scripts send: the argument, the index of the word, the cursor's place in it, then the words.
    let words = ["stagehand", "preview", "push", "--param", "variant=t"]
    let answer = try runStagehand(
      ["---completion", "preview", "--", "--param", "4", "9"] + words, environment: cleanEnvironment)
    #expect(answer.status == 0 && answer.standardOutput == "variant=to-back\n", "\(answer.standardError)")
    let unknown = try runStagehand(
      ["---completion", "preview", "--", "--param", "4", "0", "stagehand", "preview", "no-such-style", "--param", ""],
      environment: cleanEnvironment)
    #expect(unknown.status == 0 && unknown.standardOutput.isEmpty && unknown.standardError.isEmpty)
  }

  @Test("--version prints the version, the plugin ABI and the cache format")
  func version() throws {
    let header = try String(
      contentsOf: CFixture.repositoryRoot.appendingPathComponent("Sources/CStagehandPlugin/include/stagehand_plugin.h"),
      encoding: .utf8)
    func define(_ name: String) -> String {
      header.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }?.split(separator: " ").dropFirst(2)
        .first.map(String.init) ?? "?"
    }
    let result = try runStagehand(["--version"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "stagehand 0.1.0 (plugin ABI \(define("SH_ABI_MAJOR")).\(define("SH_ABI_MINOR")), cache format "
        + "\(RegistryCache.currentFormatVersion))\n")
  }

  @Test("the manual is valid roff and describes every command and option that --help shows, and no hidden one")
  func manual() throws {
    let page = try runStagehand(["generate-manual"], environment: cleanEnvironment)
    #expect(page.status == 0, "\(page.standardError)")
    let roff = page.standardOutput
    #expect(roff.hasPrefix(".TH STAGEHAND 1 "))
    let directory = try CFixture.temporaryDirectory("manual")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stagehand.1")
    try roff.write(to: file, atomically: true, encoding: .utf8)
    let groff = try run(URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-ww", "-z", file.path])
    #expect(groff.status == 0 && groff.standardError.isEmpty, "groff: \(groff.standardError)")

    let help = try runStagehand(["--help"], environment: cleanEnvironment).standardOutput
    let subcommands = listedSubcommands(help)
    #expect(subcommands.count >= 12 && !subcommands.contains("generate-manual"), "\(subcommands)")
    for subcommand in subcommands where subcommand != "help" {
      #expect(roff.contains(".SS \"stagehand \(subcommand)"), "the manual has a section for \(subcommand)")
      let options = try runStagehand([subcommand, "--help"], environment: cleanEnvironment).standardOutput
        .split(separator: "\n").filter { $0.hasPrefix("  -") }
        .flatMap { line in
          line.split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasPrefix("<") }.filter { $0.hasPrefix("-") }
            .map { String($0.filter { $0 != "," }) }
        }
      #expect(!options.isEmpty)
      for option in options {
        #expect(roff.contains("\\fB" + option.replacing("-", with: "\\-") + "\\fR"), "\(subcommand) \(option)")
      }
    }
    #expect(!roff.contains("\\-\\-timeout\\fR"), "the hidden alias of check --scan-timeout is not documented")
  }

  @Test("install.sh installs the manual and the completions the installed command generates")
  func installed() throws {
    let root = try CFixture.temporaryDirectory("install-manual")
    defer { try? FileManager.default.removeItem(at: root) }
    let prefix = root.appendingPathComponent("prefix").path
    var environment = cleanEnvironment
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    let script = CFixture.repositoryRoot.appendingPathComponent("Scripts/install.sh")
    let install = try run(
      script, ["--from", BuiltProducts.directory.path, "--prefix", prefix], environment: environment)
    #expect(install.status == 0, "\(install.standardError)")
    let manual = try runStagehand(["generate-manual"], environment: cleanEnvironment).standardOutput
    let installed = [
      "share/man/man1/stagehand.1": manual,
      "share/bash-completion/completions/stagehand": "bash", "share/zsh/site-functions/_stagehand": "zsh",
      "share/fish/vendor_completions.d/stagehand.fish": "fish",
    ]
    for (path, expected) in installed {
      let text = try String(contentsOfFile: prefix + "/" + path, encoding: .utf8)
      let content =
        expected.hasPrefix(".TH")
        ? expected
        : try runStagehand(["--generate-completion-script", expected], environment: cleanEnvironment).standardOutput
      #expect(text == content, "\(path)")
    }
    let man = try run(
      URL(fileURLWithPath: "/usr/bin/man"), ["-l", prefix + "/share/man/man1/stagehand.1"],
      environment: cleanEnvironment.merging(["MANPAGER": "cat", "MANWIDTH": "100"]) { $1 })
    #expect(man.status == 0 && man.standardOutput.contains("stagehand preview"), "\(man.standardError)")
  }
}
