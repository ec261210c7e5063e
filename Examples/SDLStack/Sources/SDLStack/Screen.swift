import StagehandContainers
import StagehandRender

/// A screen of the application: a name and the look of its card (A, B, C, ... in turn).
final class Screen: Content {
  let name: String
  let look: CardLook

  /// The `number`th screen: 0 is card A (the home screen), 1 is card B, then more colours.
  init(number: Int) {
    let looks: [CardLook] = [
      .a, .b,
      CardLook(fill: RGB(40, 150, 90), accent: RGB(200, 255, 220), letter: "C"),
      CardLook(fill: RGB(150, 50, 160), accent: RGB(245, 210, 255), letter: "D"),
    ]
    look = looks[number % looks.count]
    name = "screen \(number) (\(look.letter))"
  }

  /// A real screen would start or stop its work here (`willAppear`, `didDisappear`, ...); this one has none.
  func receive(_ event: LifecycleEvent) {}
}
