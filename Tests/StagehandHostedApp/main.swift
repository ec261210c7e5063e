// An application that links the library and is its own plugin process (`PluginProcessHosting`), with no
// `stagehand-scanner` needed beside it: the tests run it to show that such an application scans and builds the bundled
// styles, and that its plugin process is this very executable.

import StagehandAnimation
import StagehandCatalog

#if canImport(Glibc)
  import Glibc
#endif

PluginProcessHosting.runIfAsked()

let registry = Registry()
print(
  "plugin process: \(registry.options.scanner ?? "none") \(registry.options.scannerArguments.joined(separator: " "))")
for problem in registry.problems { print("problem: \(problem)") }
do {
  let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  let forward = try registry.forward(Transition("push"), in: context)
  let inverse = try registry.inverse(Transition("push"), in: context)
  print("push: \(forward.steps.count) steps forward, \(inverse.steps.count) inverse, \(forward.duration) s")
} catch {
  print("error: \(error)")
  exit(1)
}
