import Foundation
import StagehandTestSupport
import Testing

/// `stagehand frei0r` end to end, through the built binary.
@Suite("stagehand frei0r")
struct Frei0rCommandTests {
  @Test("named styles: one module each and the settings; the summary line names them")
  func namedStyles() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path + "/modules"
    let result = try runStagehand(["frei0r", "-o", output, "push", "FLIP", "push"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(
      result.standardOutput
        == "\(output): 2 frei0r modules (stagehand-push.so ... stagehand-flip.so) and stagehand-frei0r.conf; use them "
        + "with FREI0R_PATH=\(output)\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
    #expect(names == ["stagehand-flip.so", "stagehand-frei0r.conf", "stagehand-push.so"])
    let settings = try String(contentsOfFile: output + "/stagehand-frei0r.conf", encoding: .utf8)
    #expect(settings.contains("\ncore=\(BuiltProducts.directory.path)/libStagehandFrei0r.so\n"))
    #expect(settings.contains("\nstagehand=\(BuiltProducts.directory.path)\n"))
    #expect(!settings.contains("plugin-path="))
  }

  @Test("every style by default, one module per name; STAGEHAND_PLUGIN_PATH is kept in the settings")
  func everyStyle() throws {
    let directory = try TemporaryDirectory()
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = directory.path + "/plugins"
    let result = try runStagehand(["frei0r", "-o", directory.path + "/all"], environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let modules = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/all").filter {
      $0.hasSuffix(".so")
    }
    #expect(Set(modules) == Set(bundledStyles.map { "stagehand-\($0).so" }))
    let settings = try String(contentsOfFile: directory.path + "/all/stagehand-frei0r.conf", encoding: .utf8)
    #expect(settings.contains("\nplugin-path=\(directory.path)/plugins\n"))
  }

  @Test("an unknown style is a usage error that names it and writes nothing")
  func unknownStyle() throws {
    let directory = try TemporaryDirectory()
    let result = try runStagehand(["frei0r", "-o", directory.path + "/m", "pusj"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("stagehand: error: "), "\(result.standardError)")
    #expect(result.standardError.contains("pusj"))
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/m"))
  }

  @Test("-o naming a file, or a path under one, fails with 1 and says a file is in the way; the file is kept")
  func fileInTheWay() throws {
    let directory = try TemporaryDirectory()
    let file = directory.path + "/afile"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("kept".utf8)))
    for output in [file, file + "/modules"] {
      let result = try runStagehand(["frei0r", "-o", output, "push"], environment: cleanEnvironment)
      #expect(result.status == 1)
      #expect(
        result.standardError == "stagehand: error: '\(output)' is not a directory (a file is in the way); give -o a "
          + "directory for the modules\n", "\(result.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("kept".utf8))
    }
  }
}
