import Foundation
import StagehandPlugins
import StagehandTestSupport
import Testing

@testable import StagehandCheck

/// The fixtures, compiled once into a temporary directory.
let checkFixtures: Result<[CheckFixture: String], any Error> = Result {
  let directory = try CFixture.temporaryDirectory("check-fixtures")
  atexit { try? FileManager.default.removeItem(at: checkFixtures.get().first!.value.deletingLastComponent) }
  var paths: [CheckFixture: String] = [:]
  for fixture in CheckFixture.allCases { paths[fixture] = try fixture.compile(into: directory) }
  return paths
}

extension String {
  fileprivate var deletingLastComponent: URL { URL(fileURLWithPath: self).deletingLastPathComponent() }
}

/// The validator's report on a fixture, checked in a child as `stagehand check` does.
func check(_ fixture: CheckFixture, timeout: Double = 60) throws -> CheckReport {
  let path = try #require(try checkFixtures.get()[fixture])
  return IsolatedCheck(executable: BuiltProducts.scanner.path, timeout: timeout).check(path)
}

@Suite("stagehand check: each rule caught by a fixture that breaks it")
struct CheckTests {
  /// What each fixture must give: the severity, the section and words of the message.
  static let expectations: [(CheckFixture, CheckFinding.Severity, Int, [String])] = [
    (.integerAngle, .error, 7, ["two builds", "differ", "int32_t or a float for a double"]),
    (.truncatedAngle, .warning, 13, ["seems to take an integer", "angle"]),
    (.floatAngle, .warning, 12, ["no effect", "take this parameter as a double"]),
    (.floatOnly, .warning, 12, ["no effect", "take this parameter as a double"]),
    (.floatOnly, .warning, 9, ["changes nothing visible", "float or an integer for a double"]),
    (.missing3D, .error, 10, ["does not set SH_STYLE_USES_3D"]),
    (.falseSymmetric, .error, 10, ["sets SH_STYLE_SYMMETRIC"]),
    (.dissolveSymmetric, .error, 10, ["sets SH_STYLE_SYMMETRIC", "leaving content on top", "clear it"]),
    (.directionIgnored, .error, 9, ["side = leading", "not the mirror", "sh_context.layout_direction"]),
    (.directionInverted, .error, 9, ["side = leading", "not that of side = left", "inverted"]),
    (.directionWrongField, .error, 9, ["side = leading", "not the mirror", "sh_context.layout_direction"]),
    (.endTransparent, .warning, 9, ["end of the forward animation", "appearing content is not seen", "fade it to 1"]),
    (.endClipped, .warning, 9, ["end of the forward animation", "clip leaves nothing", "inverted"]),
    (.endDimmed, .warning, 9, ["end of the forward animation", "dimmed by 1.0", "change_dim inverted"]),
    (.startHidden, .warning, 9, ["end of the inverse animation", "not seen", "setup step of duration 0"]),
    (.springLoose, .warning, 9, ["damping 1e-06", "barely damped", "damping of at least"]),
    (.springSlow, .warning, 9, ["step of 0.5 s", "stiffness 1.0", "still swings", "give the step about"]),
    (.movesFar, .warning, 9, ["SH_CONTEXT_REDUCE_MOTION", "100 % of the container's width", "name one"]),
    (.fallbackMissing, .warning, 12, ["org.example.nowhere:fade", "no installed catalog was given"]),
    (.wrongDuration, .warning, 12, ["default_duration is 1.0 s", "add up to 0.5 s"]),
    (.extraSymbol, .warning, 10, ["tilt_helper", "-fvisibility=hidden"]),
    (.printsAtLoad, .warning, 7, ["printed", "while it was loaded"]),
    (.slowLoad, .error, 7, ["loading it took 6", "more than the 5 s a scan gives", "scans would quarantine it"]),
    (.crashes, .error, 7, ["crashed with signal 11 (SIGSEGV)", "in a 1x1 container"]),
    (.nondeterministic, .error, 7, ["two builds", "differ", "deterministic"]),
    (.emptyTexts, .warning, 6, ["summary is empty"]),
    (.controlText, .warning, 6, ["summary of style 'tilt' holds control characters"]),
    (.badInverse, .error, 9, ["inverse animation", "end-state rule"]),
  ]

  @Test("the valid fixture passes strictly, with every build counted")
  func valid() throws {
    let report = try check(.valid)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.line))")
    #expect(report.passes(strict: true))
    #expect(report.plugin == "org.example.tilt 1.0.0")
    // 7 containers x forward and inverse x 2; angle at 0, 30, 45 and 90; then 49.5 against 49, which differ at once.
    #expect(report.builds == PluginChecker.contexts.count * 4 + 4 + 2)
  }

  @Test(
    "each broken fixture gives its finding, and only the valid fixture's silence otherwise", arguments: expectations)
  func broken(_ fixture: CheckFixture, severity: CheckFinding.Severity, section: Int, words: [String]) throws {
    let report = try check(fixture)
    let found = report.findings.first { finding in words.allSatisfy { finding.line.contains($0) } }
    #expect(found?.severity == severity, "\(fixture): \(report.findings.map(\.line))")
    #expect(found?.section == section, "\(fixture): \(report.findings.map(\.line))")
    #expect(!report.passes(strict: true))
    #expect(report.passes(strict: false) == (severity == .warning))
  }

  @Test("a style whose leading and trailing follow the layout direction passes strictly")
  func directional() throws {
    let report = try check(.directional)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.line))")
  }

  @Test("a style that moves far but keeps within a quarter of the container with reduced motion passes strictly")
  func movesFarReduced() throws {
    let report = try check(.movesFarReduced)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.line))")
  }

  @Test(
    "a spring whose stiffness is a parameter keeps its step's duration and passes strictly; its speed is judged at the defaults"
  )
  func springStiffness() throws {
    let report = try check(.springStiffness)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.line))")
  }

  @Test("a parameter that acts only with another label of another parameter is not said to have no effect")
  func conditional() throws {
    let report = try check(.conditional)
    #expect(report.findings.isEmpty, "\(report.findings.map(\.line))")
  }

  @Test("a style that changes nothing, through a float read for a double, is not told to set SH_STYLE_SYMMETRIC")
  func nothingIsNotSymmetric() throws {
    let report = try check(.floatOnly)
    #expect(!report.findings.contains { $0.line.contains("SH_STYLE_SYMMETRIC") }, "\(report.findings.map(\.line))")
  }

  @Test("a value is named in a finding as a user writes it: a label, true or false, an integer without .0")
  func shownValues() {
    let mode = ParameterInfo(
      symbol: "mode", type: .enum, minimum: 0, maximum: 1, defaultValue: 0, labels: ["a", "b"], description: "")
    #expect(mode.text(for: mode.value(fromNumber: 1)) == "b")
    let flag = ParameterInfo(
      symbol: "flag", type: .bool, minimum: 0, maximum: 1, defaultValue: 0, labels: [], description: "")
    #expect(flag.text(for: flag.value(fromNumber: 1)) == "true" && flag.text(for: flag.value(fromNumber: 0)) == "false")
    let count = ParameterInfo(
      symbol: "count", type: .int, minimum: 0, maximum: 9, defaultValue: 0, labels: [], description: "")
    #expect(count.text(for: count.value(fromNumber: 4)) == "4")
    let amount = ParameterInfo(
      symbol: "amount", type: .double, minimum: 0, maximum: 1, defaultValue: 0, labels: [], description: "")
    #expect(amount.text(for: amount.value(fromNumber: 0.5)) == "0.5")
  }

  @Test("a builder that never returns is stopped at the time limit, and the finding says what it was doing")
  func hangs() throws {
    let start = ContinuousClock.now
    let report = try check(.hangs, timeout: 2)
    #expect(ContinuousClock.now - start < .seconds(30))
    let finding = try #require(report.findings.first)
    #expect(finding.severity == .error)
    #expect(finding.message.contains("did not finish within 2 s while building"), "\(finding.line)")
    #expect(finding.message.contains("1x1 container"))
  }

  @Test("a file that is not a library is an error that names what the loader said")
  func notALibrary() throws {
    let directory = try CFixture.temporaryDirectory("check-text")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("libtext.so").path
    try "not a library\n".write(toFile: path, atomically: true, encoding: .utf8)
    let report = IsolatedCheck(executable: BuiltProducts.scanner.path).check(path)
    #expect(report.errors == 1 && report.plugin == nil, "\(report.findings.map(\.line))")
    let missing = IsolatedCheck(executable: BuiltProducts.scanner.path).check(path + ".missing")
    #expect(missing.findings.first?.message.contains("cannot be opened: No such file or directory") == true)
  }

  @Test("SPDX-looking licenses pass, others do not")
  func licenses() {
    for good in [
      "MIT", "Apache-2.0", "MIT OR Apache-2.0", "(MIT OR Apache-2.0) AND BSD-3-Clause", "GPL-2.0+",
      "GPL-2.0-only WITH Classpath-exception-2.0", "0BSD", "LicenseRef-Example",
    ] {
      #expect(PluginChecker.looksLikeSPDX(good), "\(good)")
    }
    for bad in [
      "", "my license", "MIT OR", "(MIT", "MIT)", "AND MIT", "MIT/Apache", "Proprietary, all rights reserved",
    ] {
      #expect(!PluginChecker.looksLikeSPDX(bad), "\(bad)")
    }
  }
}
