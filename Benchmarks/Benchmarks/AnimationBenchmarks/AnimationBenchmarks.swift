// Benchmarks of the animation model: sampling realistic animations and reversing them.
//
// Every benchmark runs `benchmark.scaledIterations` (1,000 with the `.kilo` scaling factor) operations per measured
// iteration, so the wall clock and throughput columns are per operation:
//
// - `sample/…`: one operation is one `sample(at:)` call, which computes the states of all 3 layers, so
//   ns per layer-sample = wall clock / 3.
// - `sample one layer/…`: one operation is one `sample(_:at:)` call, which is 1 layer-sample.
// - `reverse/…`: one operation is one `reversed()` call.
// - `interactive update/…`: one operation sets an interactive pop's progress and reads its 3 layers (see
//   InteractiveUpdate.swift).
//
// See README.md for the commands and the measured figures.

import Benchmark
import StagehandAnimation

/// The width of the container, in points (a phone in portrait).
let containerWidth = 390.0

/// A push: the appearing layer is placed just right of the container (an instant setup step), then both layers move
/// left by the container width over 0.4 s, ease-in-out.
func pushAnimation() throws(AnimationError) -> Animation {
  Animation(steps: [
    try Step(
      duration: 0, curve: .linear,
      changes: [
        Step.Change(.appearing, .translate(Vector3(x: containerWidth, y: 0, z: 0)))
      ]),
    try Step(
      duration: 0.4, curve: .easeInOut,
      changes: [
        Step.Change(.appearing, .translate(Vector3(x: -containerWidth, y: 0, z: 0))),
        Step.Change(.disappearing, .translate(Vector3(x: -containerWidth, y: 0, z: 0))),
      ]),
  ])
}

/// A flip about the vertical axis: the stage gets a perspective and the appearing layer starts edge-on (an instant
/// setup step); the disappearing layer turns by π/2 (ease-in) while the stage moves away, then the appearing layer
/// turns by π/2 back to face the viewer (ease-out) while the stage comes back; finally the perspective is removed.
func flipAnimation() throws(AnimationError) -> Animation {
  let perspective = 1.0 / 800
  let depth = 120.0
  return Animation(steps: [
    try Step(
      duration: 0, curve: .linear,
      changes: [
        Step.Change(.stage, .changePerspective(perspective)),
        Step.Change(.appearing, .rotate(angle: -Double.pi / 2, axis: .yAxis)),
      ]),
    try Step(
      duration: 0.3, curve: .easeIn,
      changes: [
        Step.Change(.disappearing, .rotate(angle: Double.pi / 2, axis: .yAxis)),
        Step.Change(.stage, .translate(Vector3(x: 0, y: 0, z: -depth))),
      ]),
    try Step(
      duration: 0.3, curve: .easeOut,
      changes: [
        Step.Change(.appearing, .rotate(angle: Double.pi / 2, axis: .yAxis)),
        Step.Change(.stage, .translate(Vector3(x: 0, y: 0, z: depth))),
      ]),
    try Step(
      duration: 0, curve: .linear,
      changes: [
        Step.Change(.stage, .changePerspective(-perspective))
      ]),
  ])
}

/// `count` sample times spread over `[0, duration]` in a scrambled order (the fractional parts of multiples of the
/// golden ratio), so that consecutive samples land in different steps and the step search cannot be predicted from
/// the previous call. The ends, 0 and `duration`, are included.
func sampleTimes(count: Int, duration: Double) -> [Double] {
  let goldenRatioFraction = 0.618_033_988_749_894_9
  var times = (0..<count).map { i in
    let f = (Double(i) * goldenRatioFraction).truncatingRemainder(dividingBy: 1)
    return f * duration
  }
  times[count - 1] = duration
  return times
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 100_000
  )

  let push: Animation
  let flip: Animation
  do {
    push = try pushAnimation()
    flip = try flipAnimation()
  } catch {
    fatalError("the benchmark animations are invalid: \(error)")
  }
  // One time per scaled iteration; `scaledIterations` is 0..<1000 with `.kilo`.
  let count = BenchmarkScalingFactor.kilo.rawValue
  let pushTimes = sampleTimes(count: count, duration: push.duration)
  let flipTimes = sampleTimes(count: count, duration: flip.duration)

  // 1. Every layer at once: one operation = one `sample(at:)` call = 3 layer-samples.
  Benchmark("sample/push (3 layers)") { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(push.sample(at: pushTimes[i]))
    }
  }

  Benchmark("sample/flip (3 layers)") { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(flip.sample(at: flipTimes[i]))
    }
  }

  // 2. One layer: one operation = one `sample(_:at:)` call = 1 layer-sample.
  Benchmark("sample one layer/flip") { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(flip.sample(.appearing, at: flipTimes[i]))
    }
  }

  // 3. One interactive update of a container (InteractiveUpdate.swift).
  interactiveUpdateBenchmarks(push: push, flip: flip)

  // 4. Reversal: one operation = one `reversed()` call, which builds new steps and start states.
  Benchmark("reverse/push") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(push.reversed())
    }
  }

  Benchmark("reverse/flip") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(flip.reversed())
    }
  }
}
