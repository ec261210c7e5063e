import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandSystem
import StagehandTestSupport
import Synchronization
import Testing

/// stagehand_plugin.h lets a host run builders on several threads at once. Eight threads, started together, build
/// through one registry that has loaded nothing yet: they race to read the catalog, to resolve names, to load each
/// plugin on first use and to call its builders. Every animation must equal the one built on one thread. This is also
/// the test that gives ThreadSanitizer (`.ci/run`) shared state to watch: with the lock taken out of
/// `Registry.loadedPlugin`, it reported the race in 4 runs of 4 (in 1 of 2 with a single registry, hence 8).
@Suite("The registry from several threads")
struct ConcurrentRegistryTests {
  static let threadCount = 8
  /// Fresh registries, one after the other: each gives the threads a first use of every plugin to race on.
  static let registries = 8
  /// Passes of each thread over every job, per registry.
  static let rounds = 1

  /// Styles and presets of every bundled plugin (the C example too), and explicit parameters over a preset.
  static let transitions = [
    Transition("push-from-left"), Transition("cover-from-bottom-push-to-back"), Transition("flip-horizontally"),
    Transition("flip", parameters: ["camera-distance": "2.5"]), Transition("cross-dissolve"),
    Transition("fade-in-push-to-back"), Transition("zoom-from-top-left"),
    Transition("push-from-right", parameters: ["variant": "to-back"]),
  ]

  static let contexts = [
    TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480)),
    TransitionContext(bounds: Rect(x: -40, y: 12, width: 1024, height: 768), duration: .seconds(1.5)),
  ]

  /// One build: a transition in a context, forward or inverse.
  struct Job: CustomStringConvertible {
    var transition: Transition
    var context: TransitionContext
    var inverse: Bool

    var description: String { "\(inverse ? "inverse" : "forward") \(transition) in \(context.bounds)" }

    func build(_ registry: Registry) throws -> Animation {
      inverse ? try registry.inverse(transition, in: context) : try registry.forward(transition, in: context)
    }
  }

  static let jobs: [Job] = transitions.flatMap { transition in
    contexts.flatMap { context in [false, true].map { Job(transition: transition, context: context, inverse: $0) } }
  }

  @Test("8 threads at once through one registry build what one thread builds, forward and inverse")
  func eightThreads() throws {
    // The expected animations, built one at a time through a registry of their own.
    let single = Registry(searchPath: bundledRegistry.searchPath, options: testOptions)
    let expected = try Self.jobs.map { try $0.build(single) }
    let outcomes = Outcomes()
    for attempt in 0..<Self.registries {
      let shared = Registry(searchPath: bundledRegistry.searchPath, options: testOptions)
      #expect(race(through: shared, attempt: attempt, expected: expected, outcomes: outcomes), "the threads finished")
      #expect(shared.catalog().rejected.isEmpty, "\(shared.catalog().rejected)")
    }
    #expect(outcomes.failures.withLock { $0 } == [])
    #expect(
      outcomes.builds.load(ordering: .relaxed) == Self.registries * Self.threadCount * Self.rounds * Self.jobs.count)
  }

  /// Runs the threads, started together, through `registry`, recording into `outcomes` every build that fails or
  /// differs from `expected`; false if they did not all finish within 10 minutes.
  func race(through registry: Registry, attempt: Int, expected: [Animation], outcomes: Outcomes) -> Bool {
    let gate = StartingGate(count: Self.threadCount)
    let finished = DispatchGroup()
    for thread in 0..<Self.threadCount {
      finished.enter()
      let worker = Thread {
        defer { finished.leave() }
        gate.arriveAndWait()
        for round in 0..<Self.rounds {
          // Each thread starts at another job, so that different styles are loaded and built at the same moment.
          for step in Self.jobs.indices {
            let index = (step + thread * 3 + round) % Self.jobs.count
            let job = Self.jobs[index]
            let place = "registry \(attempt), thread \(thread), round \(round): \(job)"
            do {
              if try job.build(registry) != expected[index] { outcomes.record("\(place) differs") }
            } catch {
              outcomes.record("\(place) failed: \(error)")
            }
            outcomes.builds.add(1, ordering: .relaxed)
          }
        }
      }
      worker.start()
    }
    return finished.wait(timeout: .now() + 600) == .success
  }
}

/// What the threads found: the builds that failed or differed, and how many builds ran. `Locked`, not `Mutex`, so that
/// ThreadSanitizer sees the lock (Sources/StagehandAnimation/Locked.swift).
final class Outcomes: Sendable {
  let failures = Locked<[String]>([])
  let builds = Atomic<Int>(0)

  func record(_ failure: String) {
    failures.withLock { $0.append(failure) }
  }
}

/// Holds threads until `count` of them have arrived, then lets them all go at once.
final class StartingGate: Sendable {
  private let count: Int
  private let arrived = Locked(0)
  private let condition = NSCondition()

  init(count: Int) {
    self.count = count
  }

  func arriveAndWait() {
    condition.lock()
    defer { condition.unlock() }
    let now = arrived.withLock {
      $0 += 1
      return $0
    }
    if now == count {
      condition.broadcast()
    } else {
      while arrived.withLock({ $0 }) < count { condition.wait() }
    }
  }
}
