// A stack of two screens: a push with a style of the bundled plugins, a resize, and the pop that inverts the push,
// with the positions of the layers printed as they move; one frame of the push is drawn with the container renderer
// into a PNG in a temporary folder. Exits with 1 when something is not as the README says.

import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandRender

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

/// Draws what `stack` shows now (its layers to draw, over its backdrop) with a picture per screen, into a PNG in a
/// new temporary folder, prints the frame's size, and removes the folder.
func drawFrame(of stack: Stack) {
  let pictures = [
    "home": PixelImage.card(.a, width: 160, height: 240), "settings": PixelImage.card(.b, width: 160, height: 240),
  ]
  let layers = stack.layersToDraw.compactMap { layer in
    pictures[layer.content.name].flatMap { $0 }.map { PicturedLayer(layer.drawn, picture: $0) }
  }
  let image: PixelImage
  do {
    let renderer = try ContainerRenderer(bounds: stack.bounds, width: 160, height: 240)
    image = try renderer.image(of: layers, backdrop: stack.backdrop)
  } catch {
    fail("\(error)")
  }
  var template = Array("/tmp/hello-stack-XXXXXX".utf8CString)
  guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) })
  else { fail("cannot create a temporary folder") }
  let path = folder + "/push.png"
  defer {
    unlink(path)
    rmdir(folder)
  }
  do {
    try image.writePNG(path: path)
  } catch {
    fail("\(error)")
  }
  var status = stat()
  guard stat(path, &status) == 0 else { fail("cannot read \(path) back") }
  print("drew \(layers.count) layers of the push into a \(image.width)x\(image.height) PNG of \(status.st_size) bytes")
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
    if tenths(clock.now) == "0.2" { drawFrame(of: stack) }
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
