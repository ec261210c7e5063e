import Foundation
import StagehandTestSupport
import Testing

/// `Scripts/bootstrap --check` against a made-up package database: a `dpkg-query` first on the PATH answers as dpkg
/// would on a machine where `pkg-config` is missing and `pkgconf`, which provided it, was removed with its
/// configuration files kept (what `apt-get remove` leaves).
@Suite("Scripts/bootstrap", .enabled(if: FileManager.default.fileExists(atPath: "/etc/os-release")))
struct BootstrapTests {
  @Test("a removed package that still lists what it provided does not count: pkg-config is missing")
  func removedProvidersDoNotCount() throws {
    let os = try String(contentsOfFile: "/etc/os-release", encoding: .utf8)
    try #require(os.contains("debian") || os.contains("ubuntu"), "the script only runs on Debian and Ubuntu")
    let directory = try TemporaryDirectory()
    let fake = directory.path + "/dpkg-query"
    // With a package name: every package is installed but pkg-config. Without, every package's fields as the format
    // asks: pkgconf removed (configuration files kept) providing pkg-config, and an installed libjpeg62-turbo-dev.
    try """
    #!/bin/sh
    last=""; for argument in "$@"; do last=$argument; done
    case $last in
      *Status*Provides*) printf '%s\\n' 'deinstall ok config-files|pkg-config (= 1.8.1-1)' \\
        'install ok installed|libjpeg-dev' ;;
      *Provides*) printf '%s\\n' 'pkg-config (= 1.8.1-1)' 'libjpeg-dev' ;;
      pkg-config) exit 1 ;;
      *) echo 'install ok installed' ;;
    esac
    """.write(toFile: fake, atomically: true, encoding: .utf8)
    chmod(fake, 0o755)
    let script = CFixture.repositoryRoot.appendingPathComponent("Scripts/bootstrap")
    let result = try run(
      URL(fileURLWithPath: "/bin/bash"), [script.path, "--check"],
      environment: ["PATH": directory.path + ":/usr/bin:/bin"])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError == "bootstrap: missing: pkg-config\n")
  }
}
