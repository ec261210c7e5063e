import StagehandAnimation
import Testing

@Suite("Step validation")
struct StepValidationTests {
  @Test(
    "bad values are rejected with a message that names them",
    arguments: [
      (-0.5, Step.Change(.appearing, .fade(-1)), "step duration -0.5 s is negative"),
      (Double.nan, Step.Change(.appearing, .fade(-1)), "step duration is nan"),
      (
        1, Step.Change(.appearing, .translate(Vector3(x: .nan, y: 0, z: 0))),
        "translation x of the appearing layer is nan"
      ),
      (
        1, Step.Change(.disappearing, .scale(Vector3(x: 1, y: 0, z: 1))), "scale of the disappearing layer along y is 0"
      ),
      (
        1, Step.Change(.stage, .scale(Vector3(x: 1, y: 1, z: .leastNonzeroMagnitude))),
        "along z is 0 or too small to invert"
      ),
      (
        1, Step.Change(.appearing, .rotate(angle: 1, axis: .zero)),
        "rotation axis of the appearing layer has zero length"
      ),
      (
        1, Step.Change(.appearing, .rotate(angle: .infinity, axis: .yAxis)),
        "rotation angle of the appearing layer is inf"
      ),
      (1, Step.Change(.appearing, .changePerspective(0.002)), "perspective can only change on the stage"),
      (1, Step.Change(.stage, .fade(.nan)), "opacity change of the stage layer is nan"),
      (1, Step.Change(.stage, .moveAnchor(Point(x: 0, y: .infinity))), "anchor y of the stage layer is inf"),
    ])
  func rejected(duration: Double, change: Step.Change, message: String) {
    #expect {
      _ = try Step(duration: duration, changes: [change])
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test("a step rotates each layer at most once")
  func oneRotationPerLayer() throws {
    #expect(throws: AnimationError.twoRotationsInOneStep(layer: .stage)) {
      try Step(
        duration: 1,
        changes: [.init(.stage, .rotate(angle: 1, axis: .xAxis)), .init(.stage, .rotate(angle: 1, axis: .yAxis))])
    }
    _ = try Step(
      duration: 1,
      changes: [.init(.stage, .rotate(angle: 1, axis: .xAxis)), .init(.appearing, .rotate(angle: 1, axis: .yAxis))])
  }

  @Test("inverted changes undo the originals")
  func invertedChanges() throws {
    let step = try Step(
      duration: 1, curve: .easeIn,
      changes: [.init(.appearing, .scale(Vector3(x: 2, y: 4, z: 1))), .init(.stage, .changePerspective(0.01))])
    let inverted = step.inverted
    #expect(inverted.curve == .easeOut)
    #expect(inverted.changes[0] == Step.Change(.stage, .changePerspective(-0.01)))
    #expect(inverted.changes[1] == Step.Change(.appearing, .scale(Vector3(x: 0.5, y: 0.25, z: 1))))
    #expect(step.swapped.changes[0].layer == .disappearing)
  }
}
