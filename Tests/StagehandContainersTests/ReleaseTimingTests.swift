import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// The timing target, computed on the manual clock rather than timed: finishing a grab from the middle of a
/// 0.4 s push with a release velocity, no frame at 60 fps is more than one frame interval late.
@Suite("Release timing on the manual clock")
struct ReleaseTimingTests {
  @Test(
    "a grab half way through a 0.4 s push, finished with a velocity: every 60 fps frame shows the state due at its time, and the end is shown within a frame of the spring's settling",
    arguments: [0.0, 1.5, 6, -1])
  func grabFinishedOnTime(velocity: Double) throws {
    let interval = 1.0 / 60
    let duration = 0.4
    let fixture = try StackFixture.showingA()
    var outcome: TransitionOutcome?
    try fixture.stack.push(
      fixture["B"], with: Styles.slideLeft, duration: .seconds(duration), completion: { outcome = $0 })
    for _ in 0..<12 { fixture.clock.advance(by: interval) }  // 0.2 s: half way
    let handle = try #require(fixture.stack.grab())
    let grabbedAt = handle.progress
    #expect(abs(grabbedAt - 0.5) <= 1e-9, "grabbed half way: \(grabbedAt)")
    let forward = try TestTransitions().forward(
      Styles.slideLeft, in: TransitionContext(bounds: portrait, duration: .seconds(duration)))
    handle.finish(velocity: velocity)
    let motion = ProgressMotion(from: grabbedAt, to: 1, initialVelocity: velocity)
    #expect(motion.duration > 0 && motion.duration.isFinite)
    var frame = 0
    var latest = 0.0
    while outcome == nil {
      frame += 1
      try #require(frame <= 600, "the spring ends within 10 s")
      fixture.clock.advance(by: interval)
      let t = Double(frame) * interval
      // The state that is due at this frame's time: the spring's progress then, as time on the push.
      let due = forward.sample(at: min(motion.position(at: t), 1) * duration)
      let shown = layerStates(fixture.stack)
      let lateBy = stateDifference(shown, ["B": due.appearing, "A": due.disappearing])
      latest = max(latest, outcome == nil ? lateBy : 0)
      #expect(outcome != nil || lateBy <= 1e-9, "frame \(frame) (t \(t)) shows another moment, off by \(lateBy)")
    }
    // The push ends on the first frame at or after the spring has settled: never a whole interval later.
    let ended = Double(frame) * interval
    #expect(ended >= motion.duration - 1e-12 && ended - motion.duration < interval, "\(ended) vs \(motion.duration)")
    #expect(outcome == .finished && names(fixture.stack.contents) == ["A", "B"])
    #expect(latest <= 1e-9)
  }
}
