import Foundation
import StagehandTestSupport
import Testing

@Suite("Installing Stagehand, and writing a plugin from the template against the installed header")
struct InstallTests {
  @Test("install into a prefix; list and check from it; new-plugin, make, make check, make install, preview")
  func installAndWriteAPlugin() throws {
    let root = try CFixture.temporaryDirectory("install")
    defer { try? FileManager.default.removeItem(at: root) }
    let prefix = root.appendingPathComponent("prefix").path
    var environment = cleanEnvironment
    environment["PREFIX"] = prefix
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
    let script = CFixture.repositoryRoot.appendingPathComponent("Scripts/install.sh")
    let install = try run(script, ["--from", BuiltProducts.directory.path], environment: environment)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(install.standardOutput.contains("installed Stagehand in \(prefix)"))
    // The frei0r modules of the bundled styles, whose settings name the installed core and command.
    let frei0r = try String(contentsOfFile: prefix + "/lib/frei0r-1/stagehand-frei0r.conf", encoding: .utf8)
    #expect(frei0r.contains("\ncore=\(prefix)/lib/stagehand/libStagehandFrei0r.so\nstagehand=\(prefix)/bin\n"))
    #expect(FileManager.default.fileExists(atPath: prefix + "/lib/frei0r-1/stagehand-push.so"))
    #expect(!FileManager.default.fileExists(atPath: prefix + "/lib/stagehand/plugins/libStagehandFrei0r.so"))

    // The installed command finds its plugins and its scanner under the prefix, with nothing else to tell it.
    let stagehand = URL(fileURLWithPath: prefix + "/bin/stagehand")
    let list = try run(stagehand, ["list"], environment: environment)
    #expect(list.status == 0 && list.standardError == "", "\(list.standardError)")
    #expect(list.standardOutput.contains("org.stagehand.push"))
    let check = try run(stagehand, ["check", "--strict", prefix + "/lib/stagehand/plugins"], environment: environment)
    #expect(check.status == 0, "\(check.standardOutput)")
    #expect(check.standardOutput.hasSuffix("16 of 16 libraries passed (strict)\n"))

    // A plugin from the template, built with its Makefile against the installed header (pkg-config).
    let project = root.appendingPathComponent("slide-in").path
    let made = try run(
      stagehand, ["new-plugin", "org.example.slide-in", "--output", project], environment: environment)
    #expect(made.status == 0, "\(made.standardError)")
    var build = environment
    build["PKG_CONFIG_PATH"] = prefix + "/lib/pkgconfig"
    build["STAGEHAND"] = stagehand.path
    // No PLUGIN_DIR: make install chooses the directory stagehand searches, from XDG_DATA_HOME, and says so.
    let make = URL(fileURLWithPath: "/usr/bin/make")
    var installed = ""
    for target in ["all", "check", "install"] {
      let result = try run(make, ["-C", project, target == "all" ? "libslide-in.so" : target], environment: build)
      #expect(result.status == 0, "make \(target): \(result.standardOutput)\(result.standardError)")
      installed = result.standardOutput
    }
    let searched = root.appendingPathComponent("data/stagehand/plugins").path
    #expect(installed.contains("installed \(searched)/libslide-in.so; stagehand finds it there"), "\(installed)")
    let preview = try run(stagehand, ["preview", "slide-in-from-right"], environment: environment)
    #expect(preview.status == 0, "\(preview.standardError)")
    #expect(
      preview.standardOutput.hasPrefix(
        "slide-in-from-right (preset of slide-in, plugin org.example.slide-in): direction=right distance=0.5\n"))

    // Without an absolute XDG_DATA_HOME, the directory under HOME, as stagehand searches; another PLUGIN_DIR is named
    // with what to do.
    let home = root.appendingPathComponent("home").path
    for dataHome in [nil, "", "relative/data"] {
      var other = build
      other["HOME"] = home
      other["XDG_DATA_HOME"] = dataHome
      let result = try run(make, ["-C", project, "install"], environment: other)
      #expect(result.status == 0, "\(result.standardError)")
      let expected = home + "/.local/share/stagehand/plugins"
      #expect(result.standardOutput.contains("installed \(expected)/libslide-in.so; stagehand finds it there"))
      #expect(FileManager.default.fileExists(atPath: expected + "/libslide-in.so"))
    }
    var elsewhere = build
    elsewhere["PLUGIN_DIR"] = root.appendingPathComponent("elsewhere").path
    let moved = try run(make, ["-C", project, "install"], environment: elsewhere)
    #expect(
      moved.standardOutput.contains(
        "stagehand searches \(searched), not there: add \(root.path)/elsewhere to STAGEHAND_PLUGIN_PATH"),
      "\(moved.standardOutput)")
  }

  @Test("the Swift template: make builds it against the installed header, make check passes, make install is found")
  func swiftTemplate() throws {
    let root = try CFixture.temporaryDirectory("install-swift")
    defer { try? FileManager.default.removeItem(at: root) }
    let (prefix, stagehand, installedWith) = try Self.install(under: root)
    var environment = installedWith
    let project = root.appendingPathComponent("slide-in")
    let made = try run(
      stagehand, ["new-plugin", "--language", "swift", "org.example.slide-in", "-o", project.path],
      environment: environment)
    #expect(made.status == 0, "\(made.standardError)")

    // The support files are the repository's, byte for byte.
    for name in ["PluginSupport.swift", "PluginSupport+Styles.swift", "exports.map"] {
      let copy = try Data(contentsOf: project.appendingPathComponent("Sources/SlideIn/\(name)"))
      let original = try Data(contentsOf: CFixture.repositoryRoot.appendingPathComponent("Plugins/Support/\(name)"))
      #expect(copy == original, "\(name) differs from Plugins/Support/\(name): see Sources/stagehand/Templates")
    }

    // Its Makefile: swift build against the installed header, check --strict, and install into the directory stagehand
    // searches (XDG_DATA_HOME honoured), saying so; stagehand then finds it with nothing else to tell it.
    var build = ProcessInfo.processInfo.environment
    build["PKG_CONFIG_PATH"] = prefix + "/lib/pkgconfig"
    build["STAGEHAND"] = stagehand.path
    build["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
    build["XDG_CACHE_HOME"] = environment["XDG_CACHE_HOME"]
    var installed = ""
    for target in ["all", "check", "install"] {
      let result = try run(
        URL(fileURLWithPath: "/usr/bin/make"), ["-C", project.path] + (target == "all" ? [] : [target]),
        environment: build, timeLimit: 600)
      #expect(result.status == 0, "make \(target): \(result.standardOutput)\(result.standardError)")
      installed = result.standardOutput
    }
    let searched = root.appendingPathComponent("data/stagehand/plugins").path
    #expect(installed.contains("installed \(searched)/libslide-in.so; stagehand finds it there"), "\(installed)")
    environment["XDG_DATA_HOME"] = build["XDG_DATA_HOME"]
    let preview = try run(stagehand, ["preview", "slide-in", "--param", "direction=top"], environment: environment)
    #expect(preview.status == 0, "\(preview.standardError)")
    #expect(preview.standardOutput.hasPrefix("slide-in (style, plugin org.example.slide-in): direction=top"))
    #expect(FileManager.default.fileExists(atPath: searched + "/libslide-in.so"))
  }

  @Test("without pkg-config's file, the C template finds the header through 'stagehand plugins --cflags'")
  func headerWithoutPkgConfig() throws {
    let root = try CFixture.temporaryDirectory("install-no-pc")
    defer { try? FileManager.default.removeItem(at: root) }
    let (prefix, stagehand, environment) = try Self.install(under: root)
    let cflags = try run(stagehand, ["plugins", "--cflags"], environment: environment)
    #expect(cflags.status == 0 && cflags.standardOutput == "-I\(prefix)/include/stagehand\n", "\(cflags)")
    let project = root.appendingPathComponent("wipe").path
    #expect(
      try run(stagehand, ["new-plugin", "org.example.wipe", "-o", project], environment: environment).status == 0)
    // No stagehand-plugin.pc anywhere pkg-config looks.
    try FileManager.default.removeItem(atPath: prefix + "/lib/pkgconfig/stagehand-plugin.pc")
    var build = environment
    build["PKG_CONFIG_PATH"] = root.path
    build["STAGEHAND"] = stagehand.path
    let made = try run(URL(fileURLWithPath: "/usr/bin/make"), ["-C", project], environment: build)
    #expect(made.status == 0, "\(made.standardOutput)\(made.standardError)")
    #expect(made.standardOutput.contains("-I\(prefix)/include/stagehand"), "\(made.standardOutput)")
    // Neither pkg-config nor the command: the Makefile says what to do.
    build["STAGEHAND"] = "/nonexistent/stagehand"
    try FileManager.default.removeItem(atPath: project + "/libwipe.so")
    let failed = try run(URL(fileURLWithPath: "/usr/bin/make"), ["-C", project], environment: build)
    #expect(failed.status != 0)
    #expect(failed.standardError.contains("stagehand_plugin.h not found"), "\(failed.standardError)")
  }

  /// Installs the built Stagehand with Scripts/install.sh under `root/prefix`, with a cache under `root/cache`: the
  /// prefix, its `stagehand` and the environment it was installed with.
  static func install(under root: URL) throws -> (prefix: String, stagehand: URL, environment: [String: String]) {
    let prefix = root.appendingPathComponent("prefix").path
    var environment = cleanEnvironment
    environment["PREFIX"] = prefix
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    let script = CFixture.repositoryRoot.appendingPathComponent("Scripts/install.sh")
    #expect(try run(script, ["--from", BuiltProducts.directory.path], environment: environment).status == 0)
    return (prefix, URL(fileURLWithPath: prefix + "/bin/stagehand"), environment)
  }

  @Test("new-plugin refuses a bad id (64) and a directory that is not empty (1), and changes nothing there")
  func newPluginRefusals() throws {
    let root = try CFixture.temporaryDirectory("new-plugin")
    defer { try? FileManager.default.removeItem(at: root) }
    let badID = try runStagehand(["new-plugin", "Example"], environment: cleanEnvironment)
    #expect(badID.status == 64)
    #expect(badID.standardError.contains("'Example' is not a plugin id"))
    let busy = root.appendingPathComponent("busy")
    try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
    try "mine\n".write(to: busy.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
    let refused = try runStagehand(
      ["new-plugin", "org.example.busy", "--output", busy.path], environment: cleanEnvironment)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("exists and is not empty"))
    #expect(try String(contentsOf: busy.appendingPathComponent("Makefile"), encoding: .utf8) == "mine\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: busy.path) == ["Makefile"])
    let language = try runStagehand(
      ["new-plugin", "org.example.rusty", "--language", "rust", "-o", root.appendingPathComponent("r").path],
      environment: cleanEnvironment)
    #expect(language.status == 64)
    #expect(language.standardError.contains("--language 'rust' is not one of c, swift"))
  }
}
