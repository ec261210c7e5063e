import Foundation
import StagehandPlugins
import StagehandTestSupport
import Synchronization
import Testing

@testable import StagehandCache
@testable import StagehandCatalog

/// The record set number `index` of the concurrent writers: sizes and contents differ from set to set.
private func recordSet(_ index: Int) -> [CacheRecord] {
  CacheSamples.okRecords(20 + 7 * index, prefix: "set\(index)-")
}

/// What the reader thread of the concurrent-writer tests counts.
private final class ReaderCounters: Sendable {
  let stop = Atomic<Bool>(false)
  let finished = Atomic<Bool>(false)
  let torn = Atomic<Int>(0)
  let reads = Atomic<Int>(0)
}

@Suite("Registry cache: writing")
struct RegistryCacheWriteTests {
  /// The names in `directory`.
  func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  @Test("writing creates the directory (0700) and the file (0600), and leaves no temporary file")
  func createsDirectoryAndFile() throws {
    try withCache("cache-create") { cache, root in
      try cache.write(CacheSamples.records)
      var info = stat()
      #expect(stat(RegistryCache.directory(of: cache.path), &info) == 0)
      #expect(info.st_mode & 0o7777 == 0o700)
      #expect(stat(cache.path, &info) == 0)
      #expect(info.st_mode & 0o7777 == 0o600)
      #expect(names(in: RegistryCache.directory(of: cache.path)) == ["registry.cache"])
      // Deeper parents are created too.
      let deep = RegistryCache(path: root.path + "/a/b/c/registry.cache")
      try deep.write(CacheSamples.records)
      #expect(deep.read().records.count == CacheSamples.records.count)
    }
  }

  @Test("a write replaces the whole file")
  func replaces() throws {
    try withCache("cache-replace") { cache, _ in
      try cache.write(CacheSamples.records)
      try cache.write(recordSet(1))
      #expect(cache.read().records == keyed(recordSet(1)))
    }
  }

  @Test("a directory writable by group or others is refused, and nothing is written")
  func refusesUntrustedDirectory() throws {
    try withCache("cache-untrusted-directory") { cache, _ in
      let directory = RegistryCache.directory(of: cache.path)
      #expect(mkdir(directory, 0o700) == 0)
      chmod(directory, 0o770)
      let error = #expect(throws: CacheError.self) { try cache.write(CacheSamples.records) }
      #expect(error?.reason == .untrusted && error?.file == directory)
      #expect(error.map { $0.description.contains("chmod go-w \(directory)") } == true)
      #expect(names(in: directory).isEmpty)
    }
  }

  @Test("records that would not read back are refused, and the old file stays")
  func refusesInvalidRecords() throws {
    try withCache("cache-invalid-records") { cache, _ in
      try cache.write(CacheSamples.records)
      var badInfo = CacheSamples.info
      badInfo.id = "Not An Id"
      var relative = CacheSamples.records[2]
      relative.path = "relative/lib.so"
      let batches: [[CacheRecord]] = [
        [
          CacheRecord(
            path: "/p/lib.so", identity: CacheSamples.identity(0), sha256: sampleDigest(""),
            outcome: .ok(badInfo, notes: []))
        ],
        [CacheSamples.records[0], CacheSamples.records[0]],
        [relative],
        [
          CacheRecord(
            path: "/p/lib.so", identity: CacheSamples.identity(0), sha256: sampleDigest(""),
            outcome: .quarantined(.timeout(seconds: .nan)))
        ],
      ]
      for batch in batches {
        let error = #expect(throws: CacheError.self) { try cache.write(batch) }
        #expect(error?.reason == .invalidRecord, "\(String(describing: error))")
      }
      #expect(cache.read().records == keyed(CacheSamples.records))
      #expect(names(in: RegistryCache.directory(of: cache.path)) == ["registry.cache"])
    }
  }

  @Test("a path through a regular file cannot be written, and the error says why")
  func parentIsAFile() throws {
    try withCache("cache-parent-file") { _, root in
      let file = root.appendingPathComponent("file").path
      #expect(FileManager.default.createFile(atPath: file, contents: Data()))
      let error = #expect(throws: CacheError.self) { try RegistryCache(path: file + "/registry.cache").write([]) }
      #expect(error?.reason == .cannotOpen && error?.file == file)
    }
  }

  /// Runs `writers` concurrently, each writing its set many times, while this thread reads; checks that every read
  /// sees nothing or one whole set, and that the end result is one of the sets.
  func checkConcurrentWriters(_ cache: RegistryCache, _ writers: () throws -> Void) throws {
    let sets = (0..<8).map { keyed(recordSet($0)) }
    let counters = ReaderCounters()
    let reader = Thread {
      while !counters.stop.load(ordering: .acquiring) {
        let (records, warning) = cache.read()
        if warning != nil || !(records.isEmpty || sets.contains(records)) { counters.torn.add(1, ordering: .relaxed) }
        counters.reads.add(1, ordering: .relaxed)
      }
      counters.finished.store(true, ordering: .releasing)
    }
    reader.start()
    try writers()
    counters.stop.store(true, ordering: .releasing)
    while !counters.finished.load(ordering: .acquiring) { usleep(1000) }
    #expect(counters.torn.load(ordering: .relaxed) == 0, "reads that saw a mix, or a warning")
    #expect(counters.reads.load(ordering: .relaxed) > 0)
    let (records, warning) = cache.read()
    #expect(warning == nil)
    #expect(sets.contains(records), "the file holds exactly one of the sets")
    #expect(names(in: RegistryCache.directory(of: cache.path)) == ["registry.cache"], "no temporary file is left")
  }

  // Writers in separate processes: PluginsCommandTests.concurrentLists runs 8 `stagehand list` on one empty cache.
  @Test("8 threads writing different sets to one path leave exactly one of the sets, and no temporary file")
  func concurrentThreads() throws {
    try withCache("cache-threads") { cache, _ in
      try checkConcurrentWriters(cache) {
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          for _ in 0..<25 {
            do throws(CacheError) {
              try cache.write(recordSet(index))
            } catch {
              failures.withLock { $0.append(error.description) }
            }
          }
        }
        #expect(failures.withLock { $0 }.isEmpty)
      }
    }
  }
}
