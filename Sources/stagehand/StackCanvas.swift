import StagehandAnimation
import StagehandContainers
import StagehandRender

/// Draws a stack on a terminal screen: the upper presented content (the stack presents them in drawing order) as the
/// one on top, the lower one below it, over the stack's backdrop; each content keeps a card of its own look.
struct StackCanvas {
  /// The card of each content, by its place in `contents`.
  let contents: [any Content]
  let looks: [CardLook]
  /// The canvas of the two contents on screen, made again only when they change (a card and a scene per frame would
  /// redraw the same pictures 30 times a second).
  private var canvas: (looks: [CardLook], canvas: Canvas?)?

  init(contents: [any Content], looks: [CardLook]) {
    self.contents = contents
    self.looks = looks
  }

  /// Forgets the pictures, for a screen of another size.
  mutating func reset() { canvas = nil }

  /// Draws `stack` as it stands on `screen`, with `status` below it.
  mutating func draw(_ stack: Stack, on screen: TerminalScreen, status: String) {
    let layers = stack.presentedLayers
    func look(_ layer: PresentedLayer?) -> CardLook {
      let index = layer.flatMap { layer in contents.firstIndex { $0 === layer.content } } ?? 0
      return looks[index % looks.count]
    }
    let upper = layers.last
    let lower = layers.count > 1 ? layers[layers.count - 2] : nil
    var hidden = LayerState.identity
    hidden.opacity = 0
    let states = LayerStates(
      appearing: upper?.state ?? hidden, disappearing: lower?.state ?? hidden, stage: stack.stage,
      backdrop: stack.backdrop)
    let shown = [look(lower), look(upper)]
    if canvas?.looks != shown { canvas = (shown, Canvas(screen, from: shown[0], to: shown[1])) }
    if let current = canvas?.canvas {
      current.renderer.draw(FrameStates(states, inverse: false), into: current.frame)
      screen.draw(current.frame, status: status)
    }
  }
}
