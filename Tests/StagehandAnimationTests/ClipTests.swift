import StagehandAnimation
import StagehandTestSupport
import Testing

/// The clip of a content layer (stagehand_plugin.h, section 9, "Clips"): what part of the layer is drawn.
@Suite("Clips")
struct ClipTests {
  static let bounds = Rect(x: 10, y: 20, width: 300, height: 400)

  @Test("the initial clip cuts nothing: every point of the layer is inside, and its ellipse passes the corners")
  func initialClipCutsNothing() {
    let clip = Clip.none
    #expect(!clip.cutsAnything(in: Self.bounds))
    #expect(!clip.isEmpty)
    for (x, y) in [(10.0, 20.0), (310.0, 20.0), (10.0, 420.0), (310.0, 420.0), (160.0, 220.0)] {
      #expect(clip.contains(Point(x: x, y: y), in: Self.bounds))
    }
    let (centre, rx, ry) = clip.ellipse(in: Self.bounds)
    #expect(centre == Point(x: 160, y: 220))
    #expect(rx == 250 && ry == 250, "the half-diagonal of 300 x 400")
  }

  @Test("insets are fractions of the width and the height; negative ones count as 0")
  func insets() {
    var clip = Clip.none
    clip.insets = Insets(top: 0.25, right: 0.5, bottom: -1, left: 0.1)
    let r = clip.rectangle(in: Self.bounds)!
    #expect(r.origin.x == 40 && r.origin.y == 120)
    #expect(abs(r.size.width - 120) < 1e-12 && r.size.height == 300)
    #expect(clip.cutsAnything(in: Self.bounds))
    #expect(clip.contains(Point(x: 100, y: 300), in: Self.bounds))
    #expect(!clip.contains(Point(x: 200, y: 300), in: Self.bounds), "right of the right inset")
    #expect(!clip.contains(Point(x: 100, y: 100), in: Self.bounds), "above the top inset")
  }

  @Test("insets that meet leave nothing, as does an ellipse with a radius of 0 or less")
  func empty() {
    var wiped = Clip.none
    wiped.insets.right = 1
    #expect(wiped.isEmpty && wiped.rectangle(in: Self.bounds) == nil)
    var closed = Clip.none
    closed.ellipseRadii = Point(x: 0, y: 0.5)
    #expect(closed.isEmpty)
    #expect(!closed.contains(Point(x: 160, y: 220), in: Self.bounds))
  }

  @Test("corner radii round the clip rectangle and are clamped to half its shorter side")
  func cornerRadius() {
    var clip = Clip.none
    clip.cornerRadius = 50
    #expect(clip.visibleCornerRadius(in: Self.bounds) == 50)
    #expect(!clip.contains(Point(x: 12, y: 22), in: Self.bounds), "the very corner is cut")
    #expect(clip.contains(Point(x: 60, y: 70), in: Self.bounds), "the centre of the corner's circle")
    #expect(clip.contains(Point(x: 160, y: 21), in: Self.bounds), "the top edge away from the corners")
    clip.cornerRadius = 1000
    #expect(clip.visibleCornerRadius(in: Self.bounds) == 150)
    clip.cornerRadius = -5
    #expect(clip.visibleCornerRadius(in: Self.bounds) == 0)
  }

  @Test("an iris at radius 0.5 contains the points within half a half-diagonal of its centre")
  func iris() {
    var clip = Clip.none
    clip.ellipseRadii = Point(x: 0.5, y: 0.5)  // 125 points
    #expect(clip.contains(Point(x: 160 + 124, y: 220), in: Self.bounds))
    #expect(!clip.contains(Point(x: 160 + 126, y: 220), in: Self.bounds))
    clip.ellipseCentre = Point(x: 0, y: 0)  // the top-left corner
    #expect(clip.contains(Point(x: 10 + 88, y: 20 + 88), in: Self.bounds))
    #expect(!clip.contains(Point(x: 10 + 89, y: 20 + 89), in: Self.bounds))
  }

  @Test("clip changes add up, are refused on the stage, and their inverses undo them")
  func changes() throws {
    let step = try Step(
      duration: 1, curve: .linear,
      changes: [
        Step.Change(.appearing, .inset(Insets(top: 0, right: 1, bottom: 0, left: 0))),
        Step.Change(.appearing, .ellipse(centre: Point(x: 0.1, y: 0), radii: Point(x: -0.5, y: -0.5))),
        Step.Change(.disappearing, .cornerRadius(20)),
      ])
    let animation = Animation(steps: [step])
    let half = animation.sample(at: 0.5)
    #expect(half.appearing.clip.insets.right == 0.5)
    #expect(abs(half.appearing.clip.ellipseCentre.x - 0.55) < 1e-15 && half.appearing.clip.ellipseRadii.y == 0.75)
    #expect(half.disappearing.clip.cornerRadius == 10)
    #expect(maxDifference(animation.reversed().finalStates, .identity) == 0)
    #expect(throws: AnimationError.clipOnStage) {
      _ = try Step(duration: 1, changes: [Step.Change(.stage, .cornerRadius(1))])
    }
    #expect(throws: AnimationError.stageChangeOnContentLayer(.appearing, what: "the backdrop")) {
      _ = try Step(duration: 1, changes: [Step.Change(.appearing, .backdrop(Backdrop.none))])
    }
    #expect(throws: AnimationError.drawOrderInTimedStep) {
      _ = try Step(duration: 1, changes: [Step.Change(.stage, .swapDrawOrder)])
    }
  }

  @Test("a draw-order exchange in an instant step puts the other content on top, and swapping roles follows it")
  func drawOrder() throws {
    let swap = try Step(duration: 0, curve: .linear, changes: [Step.Change(.stage, .swapDrawOrder)])
    let slide = try Step(duration: 1, changes: [Step.Change(.disappearing, .translate(Vector3(x: 100, y: 0, z: 0)))])
    let uncover = Animation(steps: [swap, slide])
    #expect(uncover.sample(at: 0).onTop == .disappearing)
    #expect(uncover.sample(at: 0.5).onTop == .disappearing)
    #expect(uncover.swapped().sample(at: 0.5).onTop == .appearing)
    let inverse = uncover.swapped().reversed()
    #expect(inverse.sample(at: 0.5).onTop == .appearing, "in the pop's roles, the content that slides back is on top")
    #expect(inverse.sample(at: 1).onTop == .appearing, "the last instant, seen from before the jump")
    #expect(inverse.finalStates.onTop == .disappearing)
  }
}
