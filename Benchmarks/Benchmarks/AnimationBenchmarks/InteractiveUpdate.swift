// One interactive update of a container: set the progress of an interactive pop, then read every layer's state, as a
// display loop does once per frame while a finger drags. One operation = one `update(progress:)` plus one read of the
// 2 content layers (`presentedLayers`, `forEachPresentedLayer` or `forEachBorrowedLayer`) and the stage: 3
// layer-samples, so ns per layer = wall clock / 3.

import Benchmark
import StagehandAnimation
import StagehandContainers

/// A content that draws nothing and ignores its events.
final class BenchmarkContent: Content {
  let name: String

  init(_ name: String) { self.name = name }

  func receive(_ event: LifecycleEvent) {}
}

/// Builds the benchmark's fixed animations: the style name picks one, the inverse is its exact reverse.
struct FixedTransitions: TransitionBuilding {
  let animations: [String: Animation]

  func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    animations[transition.style]!
  }

  func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    animations[transition.style]!.swappedAndReversed()
  }

  func played(_ transition: Transition, in context: TransitionContext) throws -> Transition { transition }
}

/// A shown stack of two contents pushed with `style`, and the interactive pop of its top, begun.
func interactivePop(_ style: String, builder: FixedTransitions) throws -> (Stack, InteractiveTransition) {
  let stack = try Stack(
    builder: builder, clock: ManualClock(), bounds: Rect(x: 0, y: 0, width: containerWidth, height: 844))
  try stack.push(BenchmarkContent("below"), with: Transition(style), animated: false)
  stack.appear()
  try stack.push(BenchmarkContent("above"), with: Transition(style), animated: false)
  return (stack, try stack.popInteractively())
}

/// Registers `interactive update/push` and `interactive update/flip`.
func interactiveUpdateBenchmarks(push: Animation, flip: Animation) {
  let builder = FixedTransitions(animations: ["push": push, "flip": flip])
  let progresses = sampleTimes(count: BenchmarkScalingFactor.kilo.rawValue, duration: 1)
  for style in ["push", "flip"] {
    Benchmark("interactive update/\(style) (3 layers)") { benchmark in
      let (stack, pop) = try interactivePop(style, builder: builder)
      benchmark.startMeasurement()
      for i in benchmark.scaledIterations {
        pop.update(progress: progresses[i])
        blackHole(stack.presentedLayers)
        blackHole(stack.stage)
      }
      benchmark.stopMeasurement()
      pop.cancel()
    }
    // The same, reading the layers with `forEachPresentedLayer`, which makes no array.
    Benchmark("interactive update/\(style) (3 layers, forEachPresentedLayer)") { benchmark in
      let (stack, pop) = try interactivePop(style, builder: builder)
      benchmark.startMeasurement()
      for i in benchmark.scaledIterations {
        pop.update(progress: progresses[i])
        stack.forEachPresentedLayer { blackHole($0) }
        blackHole(stack.stage)
      }
      benchmark.stopMeasurement()
      pop.cancel()
    }
    // The same, reading the layers where the stack keeps them (`forEachBorrowedLayer`): no array and no copy of a
    // state made by the stack; each layer's state and the stage are passed on to `blackHole` as read in place.
    Benchmark("interactive update/\(style) (3 layers, forEachBorrowedLayer)") { benchmark in
      let (stack, pop) = try interactivePop(style, builder: builder)
      benchmark.startMeasurement()
      for i in benchmark.scaledIterations {
        pop.update(progress: progresses[i])
        stack.forEachBorrowedLayer { layer in
          blackHole(layer.state)
          blackHole(layer.stage)
        }
      }
      benchmark.stopMeasurement()
      pop.cancel()
    }
    // The same update without reading the layers: what setting the progress costs by itself (the states are written
    // into the stack), to tell it apart from `presentedLayers`, which returns a new array.
    Benchmark("interactive update/\(style), progress only") { benchmark in
      let (stack, pop) = try interactivePop(style, builder: builder)
      benchmark.startMeasurement()
      for i in benchmark.scaledIterations {
        pop.update(progress: progresses[i])
      }
      benchmark.stopMeasurement()
      blackHole(stack.stage)
      pop.cancel()
    }
  }
}
