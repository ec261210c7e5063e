import StagehandAnimation
import Testing

/// What stagehand_plugin.h says of steps of duration 0 in a derived inverse (section 9, "The inverse"): the forward
/// animation shows the state after such a step at its exact time, the inverse the state before it.
@Suite("Steps of duration 0 seen from the inverse")
struct InstantStepReversalTests {
  /// A fade through a backdrop: a setup step turns the backdrop on, a visible step fades the contents, and, when
  /// `cleanup`, a trailing step of duration 0 turns the backdrop off again.
  static func fadeThrough(cleanup: Bool) throws -> Animation {
    let on = Backdrop(red: 0, green: 0, blue: 0, opacity: 1)
    var steps = [
      try Step(duration: 0, changes: [Step.Change(.stage, .backdrop(on)), Step.Change(.appearing, .fade(-1))]),
      try Step(duration: 0.5, changes: [Step.Change(.appearing, .fade(1)), Step.Change(.disappearing, .fade(-1))]),
    ]
    if cleanup { steps.append(try Step(duration: 0, changes: [Step.Change(.stage, .backdrop(-on))])) }
    return Animation(steps: steps)
  }

  @Test("a trailing cleanup step is not shown at the pop's start, then undone at once; the pop ends with the setup")
  func trailingCleanup() throws {
    let forward = try Self.fadeThrough(cleanup: true)
    let inverse = forward.reversed()
    #expect(forward.sample(at: 0).backdrop.opacity == 1, "the forward animation's first frame shows its setup")
    #expect(forward.sample(at: forward.duration).backdrop.opacity == 0, "and its last frame its cleanup")
    #expect(inverse.sample(at: 0).backdrop.opacity == 0, "the pop's first frame: the cleanup not yet undone")
    #expect(inverse.sample(at: 1e-9).backdrop.opacity == 1, "right after it, undone: a jump")
    #expect(inverse.sample(at: inverse.duration).backdrop.opacity == 1, "the pop's last frame shows the setup")
    // So the first frames of the forward animation and of its inverse differ: not symmetric.
    #expect(forward.sample(at: 0).backdrop != inverse.sample(at: 0).backdrop)
  }

  @Test("without a trailing step, the pop's first frame is the forward animation's last, and no jump follows")
  func noCleanup() throws {
    let forward = try Self.fadeThrough(cleanup: false)
    let inverse = forward.reversed()
    #expect(inverse.sample(at: 0).backdrop == forward.sample(at: forward.duration).backdrop)
    #expect(inverse.sample(at: 1e-9).backdrop == inverse.sample(at: 0).backdrop)
    #expect(inverse.sample(at: inverse.duration).backdrop.opacity == 1)
  }
}
