import Foundation
import StagehandAnimation
import StagehandExport
import StagehandRender
import StagehandTestSupport
import Testing

/// The dim (ABI 1.3) in the CSS export: `filter: brightness(1 - dim)` on the picture.
@Suite("Dims in the CSS export")
struct DimExportTests {
  static let bounds = DimTests.bounds

  @Test("the CSS export writes the dim as filter: brightness(1 - dim) on the picture, clamped, only where it is used")
  func css() throws {
    var animation = try DimTests.dimmingCover(width: Self.bounds.size.width)
    var css = CSSExport(try ExportTimeline(animation, bounds: Self.bounds, inverse: false), title: "dim").stylesheet()
    #expect(css.contains("@keyframes sh-disappearing-dim {"))
    #expect(css.contains("0% { filter: brightness(1)"))
    #expect(css.contains("100% { filter: brightness(0.6)"))
    #expect(css.contains(".sh-disappearing-inset { animation: sh-disappearing-dim 1s linear both; }"))
    #expect(!css.contains("sh-appearing-dim"))
    // A dim past 1 is drawn as 1: brightness(0), and the crossing of the clamp is sampled.
    animation = Animation(steps: [
      try Step(duration: 1, curve: .linear, changes: [Step.Change(.disappearing, .dim(2))])
    ])
    css = CSSExport(try ExportTimeline(animation, bounds: Self.bounds, inverse: false), title: "dim").stylesheet()
    #expect(css.contains("100% { filter: brightness(0)"))
    #expect(css.components(separatedBy: "filter: brightness(").count > 4)  // sampled, not one straight line
    #expect(!css.contains("brightness(-"))
  }
}
