import Foundation
import StagehandTestSupport
import Testing

/// The system layer stays the one place of raw POSIX calls: no Swift file of Sources outside Sources/StagehandSystem
/// closes a descriptor with a bare `close(`, turns an error number into words with `strerror`, handles `EINTR`,
/// spawns or waits for a process, or sleeps with `nanosleep`.
@Suite struct RawSystemCallTests {
  /// What may not appear outside the system layer, and what to use instead.
  static let rules: [(name: String, instead: String, matches: @Sendable (Substring) -> Bool)] = [
    ("a bare close(", "SystemFile.close", containsBareClose),
    ("strerror", "SystemCallError.reason or .message", { $0.contains("strerror(") }),
    ("EINTR", "the SystemFile calls, which make an interrupted call again", { $0.contains("EINTR") }),
    ("waitpid", "ChildProcess", { $0.contains("waitpid(") }),
    ("posix_spawn", "ChildProcess", { $0.contains("posix_spawn") }),
    ("sh_system_spawn", "ChildProcess.startIsolated", { $0.contains("sh_system_spawn(") }),
    ("nanosleep", "SystemTime.sleep", { $0.contains("nanosleep(") }),
  ]

  /// Whether `line` calls `close` with a descriptor: `close(x)` or `Glibc.close(x)`, not a method (`file.close()`,
  /// `Self.close(a, b)`), a declaration (`func close(`) or a call with a label (`close(width:`).
  static func containsBareClose(_ line: Substring) -> Bool {
    var rest = line[...]
    while let range = rest.range(of: "close(") {
      defer { rest = rest[range.upperBound...] }
      let before = line[line.startIndex..<range.lowerBound]
      let after = line[range.upperBound...]
      let qualified = before.hasSuffix("Glibc.")
      if let last = before.last, !qualified && (last.isLetter || last.isNumber || last == "_" || last == ".") {
        continue
      }
      if before.hasSuffix("func ") || after.hasPrefix(")") { continue }
      let argument = after.prefix { $0 != ")" && $0 != "," }
      if let colon = argument.firstIndex(of: ":"),
        argument[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        continue
      }
      return true
    }
    return false
  }

  /// The findings of every rule in `text` (comment lines left out): `file:line: what`.
  static func findings(in text: String, file: String) -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = line.drop { $0 == " " }
      if code.hasPrefix("//") { continue }
      for rule in rules where rule.matches(code) {
        found.append("\(file):\(number + 1): \(rule.name) outside StagehandSystem; use \(rule.instead)")
      }
    }
    return found
  }

  @Test func noRawCallsOutsideTheSystemLayer() throws {
    let sources = CFixture.repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("StagehandSystem/") }
    #expect(files.count > 50, "the sources were not found at \(sources.path)")
    var found: [String] = []
    for file in files.sorted() {
      let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
      found += Self.findings(in: text, file: "Sources/" + file)
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The check finds what it is there to find, and lets the legitimate uses of the words pass.
  @Test(arguments: [
    ("    close(descriptor)", true), ("  defer { close(ends[0]) }", true), ("    Glibc.close(fd)", true),
    ("    _ = close(fd)", true), ("let text = strerror(code)", true), ("if errno == EINTR { continue }", true),
    ("while waitpid(pid, &status, 0) < 0 {}", true), ("posix_spawn_file_actions_init(&actions)", true),
    ("let pid = sh_system_spawn(a, b, c, d, nil, 0, 4)", true), ("nanosleep(&request, &left)", true),
    ("    SystemFile.close(descriptor)", false), ("    file.close()", false), ("      close()", false),
    ("  private mutating func close(width: Int) {", false), ("    close(width: cell.count)", false),
    ("      Self.close(x[layer], y[layer])", false), ("  // close(descriptor) is not called here", false),
    ("    defer { fclose(file) }", false),
  ])
  func theCheckFindsRawCalls(line: String, isRaw: Bool) {
    #expect(Self.findings(in: line, file: "x.swift").isEmpty == !isRaw, "\(line)")
  }
}
