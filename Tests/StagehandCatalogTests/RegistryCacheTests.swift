import Foundation
import StagehandPlugins
import StagehandTestSupport
import Testing

@_spi(Fuzzing) @testable import StagehandCache
@_spi(Fuzzing) @testable import StagehandCatalog

/// A temporary directory holding `stagehand/registry.cache`, removed at the end.
func withCache(_ label: String, _ body: (RegistryCache, URL) throws -> Void) throws {
  let directory = try CFixture.temporaryDirectory(label)
  defer {
    chmod(directory.path, 0o755)
    try? FileManager.default.removeItem(at: directory)
  }
  try body(RegistryCache(path: directory.path + "/stagehand/registry.cache"), directory)
}

/// Puts `bytes` at the cache's path (mode 0600), creating its directory.
func put(_ bytes: [UInt8], in cache: RegistryCache) throws {
  let directory = RegistryCache.directory(of: cache.path)
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  unlink(cache.path)
  let descriptor = open(cache.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  #expect(descriptor >= 0)
  defer { close(descriptor) }
  #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
}

/// Fixes the length and the checksums of a cache file's bytes after a change, so that only the change is wrong.
func reseal(_ bytes: inout [UInt8]) {
  RegistryCache.reseal(&bytes)
}

/// The records keyed by path, as `read` returns them.
func keyed(_ records: [CacheRecord]) -> [String: CacheRecord] {
  Dictionary(uniqueKeysWithValues: records.map { ($0.path, $0) })
}

@Suite("Registry cache: reading")
struct RegistryCacheTests {
  /// Expects that reading gives no records and one warning line that names the cache; returns the warning.
  @discardableResult
  func expectIgnored(
    _ cache: RegistryCache, _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    let (records, warning) = cache.read()
    #expect(records.isEmpty, "\(context())", sourceLocation: sourceLocation)
    #expect(warning != nil, "\(context())", sourceLocation: sourceLocation)
    #expect(warning?.contains(cache.path) == true, "\(context()): \(warning ?? "")", sourceLocation: sourceLocation)
    #expect(warning?.contains("\n") == false, sourceLocation: sourceLocation)
    return warning ?? ""
  }

  @Test("records of every outcome read back equal, with no warning")
  func roundTrip() throws {
    try withCache("cache-round-trip") { cache, _ in
      try cache.write(CacheSamples.records)
      let (records, warning) = cache.read()
      #expect(warning == nil)
      #expect(records == keyed(CacheSamples.records))
      try cache.write([])
      #expect(cache.read().records.isEmpty && cache.read().warning == nil)
    }
  }

  @Test("the bundled plugins, and a thousand small ones, read back equal")
  func realAndManyRecords() throws {
    var records = CacheSamples.okRecords(1000)
    for library in CacheSamples.bundledLibraries {
      var info = stat()
      #expect(stat(library, &info) == 0)
      let descriptor = open(library, O_RDONLY)
      defer { close(descriptor) }
      records.append(
        CacheRecord(
          path: library, identity: FileIdentity(info), sha256: try LibraryDigest.hashing(fileDescriptor: descriptor),
          outcome: .ok(try LoadedPlugin.load(library).info, notes: [])))
    }
    try withCache("cache-many") { cache, _ in
      try cache.write(records)
      let (read, warning) = cache.read()
      #expect(warning == nil)
      #expect(read == keyed(records))
    }
  }

  @Test("a missing file gives no records and no warning")
  func missingFile() throws {
    try withCache("cache-missing") { cache, _ in
      let (records, warning) = cache.read()
      #expect(records.isEmpty && warning == nil)
    }
  }

  @Test("an empty file, and a file cut at every length, are ignored with one warning")
  func truncatedFiles() throws {
    try withCache("cache-truncated") { cache, _ in
      let bytes = RegistryCache.encode(Array(CacheSamples.records[1...3]))
      for length in 0..<bytes.count {
        try put(Array(bytes[0..<length]), in: cache)
        let warning = expectIgnored(cache, "prefix of \(length) bytes")
        #expect(length == 0 || warning.contains("truncated"), "\(warning)")
      }
      try put(bytes + [0], in: cache)
      expectIgnored(cache, "one byte too many")
    }
  }

  @Test("one flipped bit anywhere is caught, and the file ignored with one warning")
  func flippedBits() throws {
    try withCache("cache-bit-flips") { cache, _ in
      let bytes = RegistryCache.encode(Array(CacheSamples.records[0...2]))
      for position in 0..<bytes.count {
        var damaged = bytes
        damaged[position] ^= 1 << (position % 8)
        try put(damaged, in: cache)
        expectIgnored(cache, "bit \(position % 8) of byte \(position)")
      }
    }
  }

  @Test("random garbage, with and without the magic line, is ignored with one warning")
  func randomGarbage() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x6A_4BA6E))
    try withCache("cache-garbage") { cache, _ in
      for round in 0..<300 {
        var bytes = (0..<Int.random(in: 1...2000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
        }
        if round % 2 == 1 { bytes = RegistryCache.magic + bytes }
        try put(bytes, in: cache)
        expectIgnored(cache, "round \(round), seed \(random.seed)")
      }
    }
  }

  @Test("damage behind a valid checksum is read as valid records or ignored with one warning, never trusted blindly")
  func damageBehindAValidChecksum() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0xC4EC_5E4))
    try withCache("cache-resealed") { cache, _ in
      let bytes = RegistryCache.encode(CacheSamples.records)
      for round in 0..<600 {
        var damaged = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let position = Int.random(in: RegistryCache.fixedHeaderSize..<bytes.count - 8, using: &random)
          damaged[position] = UInt8.random(in: 0...255, using: &random)
        }
        reseal(&damaged)
        try put(damaged, in: cache)
        let (records, warning) = cache.read()
        #expect(records.isEmpty == (warning != nil), "round \(round), seed \(random.seed)")
        // Whatever was accepted is valid, so it can be written and read back.
        if !records.isEmpty {
          try cache.write(records.values)
          #expect(cache.read().records == records)
        }
      }
    }
  }

  @Test("a foreign file, another format version and another host version are ignored with one warning")
  func foreignAndOtherVersions() throws {
    try withCache("cache-foreign") { cache, _ in
      try put(Array(#"{"plugins": [{"id": "org.example.zoom"}]}"#.utf8), in: cache)
      #expect(expectIgnored(cache).contains("not a Stagehand registry cache"))

      try put(RegistryCache.encode(CacheSamples.records, hostVersion: "9.9.9"), in: cache)
      #expect(expectIgnored(cache).contains("Stagehand 9.9.9"))

      var otherFormat = RegistryCache.encode(CacheSamples.records)
      otherFormat[RegistryCache.magic.count] = UInt8(RegistryCache.formatVersion + 1)
      reseal(&otherFormat)
      try put(otherFormat, in: cache)
      #expect(expectIgnored(cache).contains("its format version is \(RegistryCache.formatVersion + 1)"))
    }
  }

  @Test("hostile counts in an otherwise valid file are refused without a trap or a huge allocation")
  func hostileCounts() throws {
    try withCache("cache-hostile") { cache, _ in
      let records = Array(CacheSamples.records[0...1])
      let countOffset = RegistryCache.fixedHeaderSize + 4 + RegistryCache.hostVersion.utf8.count
      for count: UInt32 in [.max, 1 << 31, 3, 1, 0] {
        var bytes = RegistryCache.encode(records)
        withUnsafeBytes(of: count.littleEndian) { bytes.replaceSubrange(countOffset..<countOffset + 4, with: $0) }
        reseal(&bytes)
        try put(bytes, in: cache)
        expectIgnored(cache, "record count \(count)")
      }
      // A string length of 2^32 - 1 in the first record's path.
      var bytes = RegistryCache.encode(records)
      bytes.replaceSubrange(countOffset + 4..<countOffset + 8, with: [0xFF, 0xFF, 0xFF, 0xFF])
      reseal(&bytes)
      try put(bytes, in: cache)
      expectIgnored(cache, "path length 2^32 - 1")
    }
  }

  @Test("a file or directory writable by group or others is ignored with one warning that says what to do")
  func writableByOthers() throws {
    try withCache("cache-writable") { cache, _ in
      try cache.write(CacheSamples.records)
      for mode: mode_t in [0o602, 0o620, 0o666] {
        chmod(cache.path, mode)
        let warning = expectIgnored(cache, "file mode \(String(mode, radix: 8))")
        #expect(warning.contains("writable by group or others") && warning.contains("chmod go-w \(cache.path)"))
      }
      chmod(cache.path, 0o600)
      #expect(cache.read().records.count == CacheSamples.records.count)
      let directory = RegistryCache.directory(of: cache.path)
      for mode: mode_t in [0o702, 0o720, 0o777] {
        chmod(directory, mode)
        let warning = expectIgnored(cache, "directory mode \(String(mode, radix: 8))")
        #expect(warning.contains("its directory \(directory)") && warning.contains("chmod go-w \(directory)"))
      }
      chmod(directory, 0o700)
      #expect(cache.read().warning == nil)
    }
  }

  @Test(
    "a file or directory owned by another user is ignored with one warning",
    .enabled(if: getuid() == 0, "only root can give a file away"))
  func ownedByAnotherUser() throws {
    try withCache("cache-owner") { cache, _ in
      try cache.write(CacheSamples.records)
      #expect(chown(cache.path, 65534, 65534) == 0)
      #expect(expectIgnored(cache).contains("owned by another user (uid 65534)"))
      #expect(chown(cache.path, 0, 0) == 0)
      let directory = RegistryCache.directory(of: cache.path)
      #expect(chown(directory, 65534, 65534) == 0)
      #expect(expectIgnored(cache).contains("its directory \(directory) is owned by another user"))
      #expect(throws: CacheError.self) { try cache.write([]) }
    }
  }

  @Test("a symbolic link, a directory or a pipe at the cache's path is ignored with one warning, without blocking")
  func notARegularFile() throws {
    try withCache("cache-not-regular") { cache, root in
      let target = root.appendingPathComponent("elsewhere.cache").path
      try cache.write(CacheSamples.records)
      #expect(rename(cache.path, target) == 0)
      #expect(symlink(target, cache.path) == 0)
      #expect(expectIgnored(cache).contains("symbolic link"))
      unlink(cache.path)
      #expect(mkdir(cache.path, 0o700) == 0)
      expectIgnored(cache, "a directory")
      rmdir(cache.path)
      #expect(mkfifo(cache.path, 0o600) == 0)
      expectIgnored(cache, "a named pipe")
    }
  }

  @Test("the standard path follows XDG_CACHE_HOME, then HOME, and only absolute ones")
  func standardPath() {
    #expect(
      RegistryCache.standardPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])
        == "/x/cache/stagehand/registry.cache")
    #expect(
      RegistryCache.standardPath(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/u/"])
        == "/home/u/.cache/stagehand/registry.cache")
    #expect(
      RegistryCache.standardPath(environment: ["XDG_CACHE_HOME": "/x/cache///"]) == "/x/cache/stagehand/registry.cache")
    #expect(RegistryCache.standardPath(environment: ["HOME": "//"]) == "/.cache/stagehand/registry.cache")
    #expect(
      RegistryCache.standardPath(environment: ["XDG_CACHE_HOME": "/x/\u{E9}/"])
        == "/x/\u{E9}/stagehand/registry.cache")
    #expect(RegistryCache.standardPath(environment: ["XDG_CACHE_HOME": "", "HOME": "relative"]) == nil)
    #expect(RegistryCache.standardPath(environment: [:]) == nil)
  }

  @Test("quarantine reasons and cache errors read as sentences")
  func messages() {
    #expect(QuarantineReason.signal(11).description == "crashed with signal 11 (SIGSEGV)")
    #expect(QuarantineReason.signal(6).description == "crashed with signal 6 (SIGABRT)")
    #expect(QuarantineReason.signal(99).description == "crashed with signal 99")
    #expect(QuarantineReason.timeout(seconds: 5).description == "did not finish within 5 s; the scanner was killed")
    #expect(QuarantineReason.timeout(seconds: 2.5).description == "did not finish within 2.5 s; the scanner was killed")
    #expect(QuarantineReason.exited(status: 0).description == "exited with status 0 without answering")
    #expect(QuarantineReason.garbage("3 bytes").description == "answered something unreadable: 3 bytes")
    let error = CacheError(file: "/c/registry.cache", reason: .truncated, detail: "it declares 9 bytes but has 4")
    #expect(
      error.description
        == "/c/registry.cache is truncated: it declares 9 bytes but has 4. Delete it if this persists; the next scan rebuilds it."
    )
  }
}
