import Foundation
import StagehandTestSupport
import Testing

/// stagehand_plugin.h is the spec third parties build against: it must compile as C and as C++ without a warning.
@Suite("The plugin header")
struct HeaderTests {
  /// A compiler and the flags that make it strict.
  struct Compiler: Sendable, CustomTestStringConvertible {
    var command: String
    var flags: [String]
    var testDescription: String { ([command] + flags).joined(separator: " ") }
  }

  static let compilers = [
    Compiler(command: "cc", flags: ["-x", "c", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]),
    Compiler(command: "c++", flags: ["-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"]),
  ]

  @Test("compiles with warnings as errors", arguments: compilers)
  func compiles(with compiler: Compiler) throws {
    let directory = try CFixture.temporaryDirectory("header")
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("header-check.c")
    try FixtureSources.headerCheck.write(to: source, atomically: true, encoding: .utf8)

    let arguments =
      [compiler.command] + compiler.flags + ["-fsyntax-only", "-I\(CFixture.headerDirectory)", source.path]
    let result = try run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
    #expect(result.status == 0, "\(arguments.joined(separator: " "))\n\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
  }
}
