// A stack of two screens: a push with a style of the bundled plugins, a resize, and the pop that inverts the push,
// with the positions of the layers printed as they move. Exits with 1 when something is not as the README says.

import StagehandAnimation
import StagehandCatalog
import StagehandContainers

#if canImport(Glibc)
  import Glibc
#endif

// As the plugin process, this serves the registry's requests in a sandbox and exits; else it returns at once.
PluginProcessHosting.runIfAsked()

/// A screen: a name, and the events it received.
final class Screen: Content {
  let name: String
  var events: [String] = []

  init(_ name: String) { self.name = name }

  func receive(_ event: LifecycleEvent) { events.append(event.kind.rawValue) }
}

/// `seconds` with one decimal.
func tenths(_ seconds: Double) -> String {
  let tenths = Int((seconds * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

func fail(_ message: String) -> Never {
  let line = "hello-stack: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

let registry = Registry()
for problem in registry.problems { print("problem: \(problem)") }
let clock = ManualClock()
let home = Screen("home")
let settings = Screen("settings")
do {
  let stack = try Stack(
    name: "main", builder: registry, clock: clock, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  try stack.push(home, with: Transition("cross-dissolve"), animated: false)
  stack.appear()
  try stack.push(settings, with: Transition("push", parameters: ["direction": "left"]))
  func show(_ label: String) {
    let layers = stack.presentedLayers.map { layer in
      let x = layer.state.translation.x
      return "\(layer.content.name) x=\(Int(x.rounded()))"
    }
    print("\(label): \(layers.joined(separator: ", "))")
  }
  show("push start")
  while stack.isAnimating {
    clock.advance(by: 0.1)
    show("push \(tenths(clock.now)) s")
  }
  try stack.setBounds(Rect(x: 0, y: 0, width: 480, height: 320))
  try stack.pop()
  let popped = clock.now
  while stack.isAnimating {
    clock.advance(by: 0.1)
    show("pop \(tenths(clock.now - popped)) s")
  }
  guard stack.contents.map(\.name) == ["home"] else { fail("the stack holds \(stack.contents.map(\.name))") }
  guard settings.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"] else {
    fail("settings received \(settings.events)")
  }
  print("ok: pushed and popped 'push' from the bundled plugins, with no setup")
} catch {
  fail("\(error)")
}
Registry.endPluginProcesses()
