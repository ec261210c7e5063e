// Runs one operation N times, for instruction counting under callgrind (see instruction-counts.sh and README.md).
// Instruction counts do not depend on what else the machine is doing, so ratios of them are stable where wall-clock
// ratios on a shared machine are not.
//
//   InstructionCounts registry N      push forward + inverse through the registry (name lookup, values, the plugin
//                                     process: only this process's instructions are counted, not the child's)
//   InstructionCounts in-process N    the same builds in this process (dlopen + libffi), as before the plugin process
//   InstructionCounts direct N        the same builder through a typed function pointer
//   InstructionCounts sample-push N   push.sample(at:), 3 layers
//   InstructionCounts sample-flip N   flip.sample(at:), 3 layers

import Foundation
import StagehandAnimation
import StagehandCatalog
@_spi(Benchmarking) import StagehandPlugins

typealias PushBuilder =
  @convention(c) (
    UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int32, Int32
  ) -> Int32

let modes = ["registry", "direct", "sample-push", "sample-flip", "in-process"]
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), modes.contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: InstructionCounts \(modes.joined(separator: "|")) COUNT\n".utf8))
  exit(64)
}
let directory =
  ProcessInfo.processInfo.environment["STAGEHAND_PLUGIN_PATH"]
  ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release").path
// The scanner of the parent package's release build (or STAGEHAND_SCANNER); no cache, so every run scans afresh.
let scanner =
  ProcessInfo.processInfo.environment["STAGEHAND_SCANNER"]
  ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/stagehand-scanner")
  .path
let registry = Registry(
  searchPath: PluginSearchPath(directories: [directory]), options: RegistryOptions(cachePath: nil, scanner: scanner))
let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
let push = Transition("push")
let plugin = try LoadedPlugin.load(registry.resolve("push").entry.plugin.file)
let values: [ParameterValue] = [.label(1), .label(0)]
let direct: DirectBuilderCall = { builder, context, host, handle in
  unsafeBitCast(builder, to: PushBuilder.self)(context, host, handle, 1, 0)
}
let pushAnimation = try registry.forward(push, in: context)
let flipAnimation = try registry.forward(Transition("flip"), in: context)
let mode = modes.firstIndex(of: arguments[1])!
var checksum = 0.0
for i in 0..<count {
  switch mode {
  case 0:
    checksum += try registry.forward(push, in: context).duration
    checksum += try registry.inverse(push, in: context).duration
  case 1:
    checksum += try plugin.forward(styleIndex: 0, values: values, in: context.bounds, calling: direct)
      .rescaled(to: .intrinsic).duration
    checksum += try plugin.forward(styleIndex: 0, values: values, in: context.bounds, calling: direct)
      .swapped().reversed().rescaled(to: .intrinsic).duration
  case 4:
    checksum += try plugin.forward(styleIndex: 0, values: values, in: context).rescaled(to: .intrinsic).duration
    checksum += try plugin.inverse(styleIndex: 0, values: values, in: context).rescaled(to: .intrinsic).duration
  case 2:
    checksum += pushAnimation.sample(at: Double(i % 1000) / 1000 * 0.4).appearing.translation.x
  default:
    checksum += flipAnimation.sample(at: Double(i % 1000) / 1000 * 0.6).appearing.rotation.w
  }
}
print(checksum)
