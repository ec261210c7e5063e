import Foundation
import StagehandTestSupport
import Testing

/// The Swift plugin support (Plugins/Support) checks a builder's C signature against its declared parameters at
/// compile time: these tests type-check small plugins against it with the toolchain's swiftc.
@Suite("Type-checked Swift builders")
struct TypedBuilderTests {
  /// Type-checks `source` with the plugin support; the compiler's result.
  static func typeCheck(_ source: String) throws -> ProcessResult {
    let directory = try CFixture.temporaryDirectory("typed-builders")
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = CFixture.headerDirectory + "/stagehand_plugin.h"
    try "module CStagehandPlugin {\n  header \"\(header)\"\n  export *\n}\n".write(
      to: directory.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
    let plugin = directory.appendingPathComponent("plugin.swift")
    try ("import CStagehandPlugin\n\n" + source).write(to: plugin, atomically: true, encoding: .utf8)
    let support = CFixture.repositoryRoot.appendingPathComponent("Plugins/Support")
    return try run(
      URL(fileURLWithPath: Toolchain.path(of: "swiftc")),
      [
        "-typecheck", "-module-name", "TypedPlugin", "-Xcc",
        "-fmodule-map-file=\(directory.appendingPathComponent("module.modulemap").path)",
        support.appendingPathComponent("PluginSupport.swift").path,
        support.appendingPathComponent("PluginSupport+Styles.swift").path, plugin.path,
      ])
  }

  static let parameters = """
    let angle = doubleParameter("angle", range: 0...90, defaultValue: 30, unit: "degrees", description: "How far.")
    let axis = enumParameter("axis", labels: ["x", "y"], defaultIndex: 0, description: "About what.")

    """

  @Test("a builder whose signature matches its parameters compiles")
  func matching() throws {
    let result = try Self.typeCheck(
      Self.parameters + """
        let build: @convention(c) (BuilderContext, BuilderHost, BuilderHandle, Double, Int32) -> Int32 = { _, _, _, _, _ in 0 }
        let tilt = style("tilt", summary: "Tilts.", defaultDuration: 0.4, parameters: (angle, axis), builder: build)
        """)
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test(
    "a builder that takes another C type, or another number of arguments, does not compile",
    arguments: [
      "(BuilderContext, BuilderHost, BuilderHandle, Int32, Int32)",  // an int32_t for the double
      "(BuilderContext, BuilderHost, BuilderHandle, Float, Int32)",  // a float for the double
      "(BuilderContext, BuilderHost, BuilderHandle, Double)",  // one argument too few
      "(BuilderContext, BuilderHost, BuilderHandle, Double, Int32, Bool)",  // one too many
    ])
  func mismatching(signature: String) throws {
    let arguments = signature.split(separator: ",").map { _ in "_" }.joined(separator: ", ")
    let result = try Self.typeCheck(
      Self.parameters + """
        let build: @convention(c) \(signature) -> Int32 = { \(arguments) in 0 }
        let tilt = style("tilt", summary: "Tilts.", defaultDuration: 0.4, parameters: (angle, axis), builder: build)
        """)
    #expect(result.status != 0, "it compiled: \(signature)")
    #expect(result.standardError.contains("error:"), "\(result.standardError)")
  }
}
