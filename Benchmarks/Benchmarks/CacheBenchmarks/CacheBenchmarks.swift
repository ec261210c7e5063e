// Benchmarks of the registry cache: reading a cache file of 1,000 records, the work `stagehand list --json` and
// `stagehand plugins` do besides one `stat` per library; and SHA-256 of a library-sized buffer, the work a scan does once per new or changed library.
//
// The cache file is written once, to a fresh temporary directory that is removed at exit. Every record is an ok
// plugin with one style, two parameters (an enum and a decimal with a unit) and one preset, with strings of the
// lengths real plugins use.
//
// - `cache/open 1,000 records`: what `info`, `preview` and the library's `Registry.resolve` pay for the cache: open,
//   fstat, read the header and the frames (not the outcomes), checksum them, check every frame, and report the
//   problems from the names, through a `Registry` whose search path is empty (so no library is examined). `list`
//   pays this too, and walks each frame's listing.
// - `cache/read 1,000 records`: `RegistryCache.read()`, what `list --json` and `plugins` pay: the frames, then every outcome read, checked
//   and decoded into `CacheRecord` values, in a dictionary; `read and free` also frees the result.
//
// See README.md for the command and the measured figures.

import Benchmark
import StagehandCatalog
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary directory of the cache, removed at exit.
nonisolated(unsafe) var temporaryDirectory = ""

/// A realistic plugin description: one style, two parameters, one preset.
func plugin(_ index: Int) -> PluginInfo {
  PluginInfo(
    id: "com.example.transitions.plugin\(index)", version: "1.\(index % 10).\(index % 7)",
    name: "Example Transitions \(index)", author: "Example Software Ltd. <plugins@example.com>", license: "MIT",
    description: "A third-party plugin that slides the new content in from one edge while the old content fades out.",
    abiVersion: "1.0",
    styles: [
      StyleInfo(
        name: "slide-fade-\(index)", summary: "The new content slides in from an edge while the old one fades out.",
        defaultDuration: 0.35, uses3D: false, isSymmetric: false, hasInverseBuilder: false,
        parameters: [
          ParameterInfo(
            symbol: "direction", type: .enum, minimum: 0, maximum: 3, defaultValue: 1,
            labels: ["left", "right", "top", "bottom"], description: "The edge the new content comes from."),
          ParameterInfo(
            symbol: "distance", type: .double, minimum: 0, maximum: 2, defaultValue: 1, unit: "widths",
            description: "How far the new content travels, as a fraction of the container's width."),
        ],
        presets: [
          PresetInfo(
            name: "slide-fade-\(index)-from-top", summary: "The new content slides in from the top.",
            values: [PresetValue(parameter: "direction", value: "top")])
        ])
    ])
}

/// The cache of 1,000 records, written once.
let cache: RegistryCache = {
  var template = Array("/tmp/stagehand-cache-benchmark-XXXXXX".utf8CString)
  guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    fatalError("cannot create a temporary directory")
  }
  temporaryDirectory = String(cString: directory)
  atexit {
    let cacheDirectory = temporaryDirectory + "/stagehand"
    unlink(cacheDirectory + "/registry.cache")
    rmdir(cacheDirectory)
    rmdir(temporaryDirectory)
  }
  let cache = RegistryCache(path: temporaryDirectory + "/stagehand/registry.cache")
  let records = (0..<1000).map { index in
    CacheRecord(
      path: "/home/user/.local/share/stagehand/plugins/libExampleTransitions\(index).so",
      identity: FileIdentity(
        device: 2049, inode: UInt64(3_000_000 + index), size: 68_000 + Int64(index),
        modificationSeconds: 1_790_000_000 + Int64(index), modificationNanoseconds: Int64(index) * 997,
        changeSeconds: 1_790_000_000 + Int64(index), changeNanoseconds: Int64(index) * 991, mode: 0o100644,
        owner: 1000),
      // swift-format-ignore: NeverUseForceTry
      sha256: try! LibraryDigest.hashing(Array("library \(index)".utf8)), outcome: .ok(plugin(index), notes: []))
  }
  do {
    try cache.write(records)
  } catch {
    fatalError("\(error)")
  }
  return cache
}()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(2))

  let (records, warning) = cache.read()
  guard records.count == 1000, warning == nil else { fatalError("the cache does not read back: \(warning ?? "")") }

  // A registry over no directory, with the cache: its problems are read from the frames alone.
  Benchmark("cache/open 1,000 records") { benchmark in
    for _ in benchmark.scaledIterations {
      let registry = Registry(
        searchPath: PluginSearchPath(directories: []), options: RegistryOptions(cachePath: cache.path, scanner: nil))
      blackHole(registry.problems)
    }
  }

  // The result is freed after the measurement stops: this is what `read()` itself costs.
  Benchmark("cache/read 1,000 records") { benchmark in
    var results: [(records: [String: CacheRecord], warning: String?)] = []
    results.reserveCapacity(benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      results.append(cache.read())
    }
    benchmark.stopMeasurement()
    blackHole(results)
  }

  // The same, with the result freed inside the measurement, as a short-lived command pays it.
  Benchmark("cache/read and free 1,000 records") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(cache.read())
    }
  }

  let megabyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
  Benchmark("sha256/1 MiB") { benchmark in
    for _ in benchmark.scaledIterations {
      // swift-format-ignore: NeverUseForceTry
      blackHole(try! LibraryDigest.hashing(megabyte))
    }
  }
}
