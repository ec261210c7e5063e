import Foundation
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A library rewritten in place, with its size and modification time put back as they were, is scanned again before
/// any of its code runs: the change time, which no call sets back, is part of the identity the cache records.
@Suite("Nothing unscanned runs")
struct UnscannedCodeTests {
  @Test("a library rewritten in place with its size and times restored (touch -r) is scanned again")
  func rewrittenInPlace() throws {
    let root = try CFixture.temporaryDirectory("rewritten")
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins = root.appendingPathComponent("plugins")
    let other = root.appendingPathComponent("other")
    for directory in [plugins, other] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    let library = try CFixture.compile(HostileSources.plugin, into: plugins, name: "libhostile.so")
    let replacement = try CFixture.compile(
      HostileSources.plugin, into: other, name: "libhostile.so", flags: ["-DSTYLE_NAME=\"wiggle\""])
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = plugins.path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    environment["STAGEHAND_DIRECTORY_LISTINGS"] = "0"

    let before = try runStagehand(["list"], environment: environment)
    #expect(before.status == 0, "\(before.standardError)")
    #expect(before.standardOutput.contains("\nwobble "))

    // The attack: the same file, new bytes of the same size, and its access and modification times put back.
    var original = stat()
    #expect(stat(library, &original) == 0)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: replacement)))
    let size = Int(original.st_size)
    #expect(bytes.count <= size, "the replacement is not larger than the original (\(bytes.count) > \(size))")
    bytes += [UInt8](repeating: 0, count: max(0, size - bytes.count))
    let descriptor = open(library, O_WRONLY | O_TRUNC)
    #expect(descriptor >= 0)
    #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == size)
    var times = [original.st_atim, original.st_mtim]
    #expect(futimens(descriptor, &times) == 0)
    close(descriptor)
    var rewritten = stat()
    #expect(stat(library, &rewritten) == 0)
    #expect(rewritten.st_ino == original.st_ino && rewritten.st_size == original.st_size)
    #expect(
      rewritten.st_mtim.tv_sec == original.st_mtim.tv_sec && rewritten.st_mtim.tv_nsec == original.st_mtim.tv_nsec,
      "the modification time is the one before the rewrite")

    let after = try runStagehand(["list"], environment: environment)
    #expect(after.status == 0, "\(after.standardError)")
    #expect(after.standardOutput.contains("\nwiggle "), "the new code was scanned")
    #expect(!after.standardOutput.contains("\nwobble "), "the old scan is not believed")
    let preview = try runStagehand(["preview", "wiggle"], environment: environment)
    #expect(preview.status == 0, "\(preview.standardError)")
  }
}
