import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// The gesture tracker: pointer samples in, progress and velocity along the transition's own motion out.
@Suite("Gesture tracking")
struct GestureTrackerTests {
  @Test("a push from the right is dragged right to left over the width; built right to left, it is mirrored")
  func direction() throws {
    let forward = try TestTransitions().forward(Styles.slideLeft, in: TransitionContext(bounds: portrait))
    let tracker = GestureTracker(animation: forward, bounds: portrait)
    #expect(tracker.direction == Point(x: 1, y: 0) && tracker.distance == portrait.size.width)
    let fromRight = try TestTransitions().forward(Styles.slideRight, in: TransitionContext(bounds: portrait))
    let mirrored = GestureTracker(animation: fromRight, bounds: portrait)
    #expect(mirrored.direction == Point(x: -1, y: 0))
    // A leading slide built right to left (MotionTransitions resolves `leading` for the layout direction).
    let leading = Transition("slide", parameters: ["direction": "leading"])
    let ltr = try MotionTransitions().forward(leading, in: TransitionContext(bounds: portrait))
    let rtl = try MotionTransitions().forward(
      leading, in: TransitionContext(bounds: portrait, layoutDirection: .rightToLeft))
    #expect(
      GestureTracker(animation: ltr, bounds: portrait).direction.x
        == -GestureTracker(animation: rtl, bounds: portrait).direction.x)
    let pop = try TestTransitions().inverse(Styles.slideTop, in: TransitionContext(bounds: portrait))
    #expect(GestureTracker(animation: pop, bounds: portrait).direction == Point(x: 0, y: -1), "a pop retraces it")
  }

  @Test("progress and velocity follow the samples; the decision rule finishes past half way or on a fast flick")
  func decision() {
    var tracker = GestureTracker(direction: Point(x: -1, y: 0), distance: 300)
    tracker.begin(at: Point(x: 300, y: 10), time: 0)
    #expect(tracker.move(to: Point(x: 240, y: 50), time: 0.1) == 0.2)
    #expect(abs(tracker.velocity - 2) <= 1e-12 && tracker.shouldFinish, "a flick finishes")
    tracker.move(to: Point(x: 240, y: 50), time: 0.5)
    #expect(tracker.velocity == 0 && !tracker.shouldFinish, "held short of half way: cancel")
    tracker.move(to: Point(x: 120, y: 0), time: 1)
    tracker.move(to: Point(x: 121, y: 0), time: 1.5)
    #expect(tracker.progress > 0.5 && tracker.shouldFinish, "past half way, slowly back: finish")
    tracker.move(to: Point(x: 200, y: 0), time: 1.55)
    #expect(tracker.velocity < -0.5 && !tracker.shouldFinish, "a flick back cancels")
    tracker.move(to: Point(x: 900, y: 0), time: 2)
    #expect(tracker.progress == 0, "clamped")
  }

  @Test("a drag through the tracker drives an interactive pop to its end")
  func drivesAPop() throws {
    let fixture = try StackFixture.showingA()
    try fixture.push("B", Styles.slideLeft)
    let transition = try fixture.stack.popInteractively()
    var tracker = GestureTracker(animation: try #require(transition.animation), bounds: portrait)
    tracker.begin(at: Point(x: 0, y: 0), time: 0)
    for i in 1...10 {
      let progress = tracker.move(
        to: Point(x: tracker.direction.x * 20 * Double(i), y: tracker.direction.y * 20 * Double(i)),
        time: Double(i) / 60)
      transition.update(progress: progress)
    }
    tracker.release(transition)
    settle(fixture.stack, fixture.clock)
    #expect(transition.outcome == .finished && names(fixture.stack.contents) == ["A"])
  }

  @Test("a drag that begins part of the way takes the progress on from there, back below it too, with no jump")
  func beginsPartOfTheWay() {
    var tracker = GestureTracker(direction: Point(x: 1, y: 0), distance: 200)
    tracker.begin(at: Point(x: 50, y: 7), time: 1, progress: 0.4)
    #expect(tracker.progress == 0.4 && tracker.velocity == 0, "it starts where the transition stands")
    #expect(abs(tracker.move(to: Point(x: 10, y: 7), time: 1.1) - 0.2) <= 1e-12, "dragged back below the start")
    #expect(abs(tracker.velocity - -2) <= 1e-12, "the velocity counts from 0.4, not from 0")
    #expect(tracker.move(to: Point(x: 400, y: 0), time: 1.2) == 1, "clamped")
    tracker.begin(at: Point(x: 0, y: 0), time: 2, progress: .nan)
    #expect(tracker.progress == 0, "NaN starts at 0")
  }
}
