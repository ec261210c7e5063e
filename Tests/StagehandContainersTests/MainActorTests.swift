import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// A widget of a main-actor toolkit, shown by a stack that lives on the main actor: the conformance to `Content` is
/// isolated to the main actor (`@MainActor Content`), so the container calls the widget only there.
@MainActor
final class MainActorWidget {
  let name: String
  var events: [String] = []
  var layerSize: Size?

  init(_ name: String) { self.name = name }
}

extension MainActorWidget: @MainActor Content {
  func loadLayer(size: Size) { layerSize = size }
  func receive(_ event: LifecycleEvent) { events.append(event.kind.rawValue) }
}

@Suite("A stack in a main-actor application")
@MainActor
struct MainActorTests {
  @Test("a main-actor widget is pushed and popped, with its events and the size of its layer")
  func mainActorWidgets() throws {
    let clock = ManualClock()
    let stack = try Stack(builder: TestTransitions(), clock: clock, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    let home = MainActorWidget("home")
    let detail = MainActorWidget("detail")
    try stack.push(home, with: Transition("fade"), animated: false)
    stack.appear()
    try stack.push(detail, with: Transition("slide"))
    while stack.isAnimating { clock.advance(by: 0.05) }
    try stack.pop()
    while stack.isAnimating { clock.advance(by: 0.05) }
    #expect(detail.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    #expect(home.layerSize == Size(width: 320, height: 480))
  }
}
