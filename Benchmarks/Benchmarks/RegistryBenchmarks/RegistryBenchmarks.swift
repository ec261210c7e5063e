// Benchmarks of building through the registry: the push style's forward and inverse animations, built in the
// registry's plugin process (a request over a socket, the builder run there through libffi, its calls recorded, sent
// back and replayed with every check), against the same builds in this process (dlopen, then libffi with a call
// interface prepared at load time, as the registry did before the plugin process), and against the same builder called
// directly through a typed function pointer. Every path records the same host calls into the same animation model.
//
// The plugin libraries come from STAGEHAND_PLUGIN_PATH when set, else from the parent package's release build:
// run `swift build -c release` at the repository root first. See README.md.

import Benchmark
import Foundation
import StagehandAnimation
import StagehandCatalog
@_spi(Benchmarking) import StagehandPlugins

/// Where the plugin libraries are.
let pluginDirectory: String = {
  if let path = ProcessInfo.processInfo.environment["STAGEHAND_PLUGIN_PATH"], !path.isEmpty { return path }
  return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release").path
}()

/// The scanner: STAGEHAND_SCANNER, else the one of the parent package's release build.
let scannerPath: String = {
  if let path = ProcessInfo.processInfo.environment["STAGEHAND_SCANNER"], !path.isEmpty { return path }
  return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/stagehand-scanner")
    .path
}()

/// The builder of `push` with its real C signature: context, host table, handle, direction, variant.
typealias PushBuilder =
  @convention(c) (
    UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int32, Int32
  ) -> Int32

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
    maxDuration: .seconds(2))

  let registry = Registry(
    searchPath: PluginSearchPath(directories: [pluginDirectory]),
    options: RegistryOptions(cachePath: nil, scanner: scannerPath))
  let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
  let push = Transition("push")
  guard let resolved = try? registry.resolve("push") else {
    fatalError("no push plugin in \(pluginDirectory): run `swift build -c release` at the repository root first")
  }
  guard let plugin = try? LoadedPlugin.load(resolved.entry.plugin.file) else {
    fatalError("the push plugin in \(pluginDirectory) cannot be loaded")
  }
  let values: [ParameterValue] = [.label(1), .label(0)]  // direction = right, variant = plain, the defaults

  Benchmark("build/push forward+inverse, registry (plugin process)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try registry.forward(push, in: context))
      blackHole(try registry.inverse(push, in: context))
    }
  }

  Benchmark("build/push forward+inverse, in process (dlopen + libffi)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try plugin.forward(styleIndex: 0, values: values, in: context).rescaled(to: .intrinsic))
      blackHole(try plugin.inverse(styleIndex: 0, values: values, in: context).rescaled(to: .intrinsic))
    }
  }

  Benchmark("build/push forward+inverse, direct call") { benchmark in
    let direct: DirectBuilderCall = { builder, context, host, handle in
      unsafeBitCast(builder, to: PushBuilder.self)(context, host, handle, 1, 0)
    }
    for _ in benchmark.scaledIterations {
      let forward = try plugin.forward(styleIndex: 0, values: values, in: context.bounds, calling: direct)
      blackHole(try forward.rescaled(to: .intrinsic))
      let again = try plugin.forward(styleIndex: 0, values: values, in: context.bounds, calling: direct)
      blackHole(try again.swapped().reversed().rescaled(to: .intrinsic))
    }
  }
}
