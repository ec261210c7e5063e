import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

extension RandomizedStackTests {
  @Test(
    "random operations with interactive changes (started, driven, grabbed, finished, cancelled) keep the contract; every cancel gives the stack back as it was",
    arguments: [Stack.Behavior.default, .removing, .fixedRoot])
  func randomInteractiveOperations(behavior: Stack.Behavior) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash("interactive " + behavior.rawValue))
    let run = try Run(random: &random, behavior: behavior)
    run.interactive = true
    guard Self.operate(run, &random, behavior: behavior) else { return }
    let scale = Self.operationsPerRun / 10_000
    #expect(run.interactiveStarts > 30 * scale, "the sequence started \(run.interactiveStarts) interactive changes")
    #expect(run.grabs > 60 * scale, "the sequence grabbed \(run.grabs) times")
    #expect(run.progressUpdates > 80 * scale, "the sequence set the progress \(run.progressUpdates) times")
    #expect(run.finishes > 30 * scale, "\(run.finishes) tracked changes finished")
    #expect(run.cancels > 30 * scale, "\(run.cancels) tracked changes were cancelled")
    #expect(run.pops > 100 * scale, "the sequence popped \(run.pops) times")
    #expect(run.idleChecks > 200 * scale, "the stack was idle \(run.idleChecks) times")
  }
}

/// A request of the sequence, by identity, as the stack checks it again after a cancel (the reference model's own
/// rules, from CONTAINERS.md 20 and 28).
enum ModelOperation {
  case push(ObjectIdentifier)
  case pop
  case popTo(ObjectIdentifier)
  case popAll
  case insert(ObjectIdentifier, below: ObjectIdentifier)
  case remove(ObjectIdentifier)
}

/// A change the run started while the stack was idle: what the stack held and showed then, and the requests made
/// since, which a cancel checks again.
struct Tracked {
  var model: [ObjectIdentifier]
  var layers: [(ObjectIdentifier, LayerState)]
  var stage: LayerState
  var transitions: [Transition]
  var operations: [ModelOperation] = []
}

extension Run {
  /// Notes a request of the sequence made while a tracked change plays.
  func note(_ operation: ModelOperation) {
    tracked?.operations.append(operation)
  }

  /// The model after a cancel: what the stack held before the change, with the requests made since that still apply.
  func replay(_ operations: [ModelOperation], on start: [ObjectIdentifier]) -> [ObjectIdentifier] {
    var model = start
    let fixed = stack.behavior == .fixedRoot
    func trim() {
      if stack.behavior == .removing && model.count > stack.capacity {
        model.removeFirst(model.count - stack.capacity)
      }
    }
    for operation in operations {
      switch operation {
      case .push(let id) where !model.contains(id):
        model.append(id)
        trim()
      case .pop where !model.isEmpty && !(fixed && model.count == 1): model.removeLast()
      case .popTo(let target):
        if let index = model.firstIndex(of: target), index < model.count - 1 { model.removeSubrange((index + 1)...) }
      case .popAll: model.removeAll()
      case .insert(let id, let below) where !model.contains(id):
        guard let index = model.firstIndex(of: below) else { break }  // what it was to go below has gone
        model.insert(id, at: index)
        trim()
      case .remove(let id):
        if let index = model.firstIndex(of: id), !(fixed && index == 0) { model.remove(at: index) }
      default: break
      }
    }
    return model
  }

  /// Starts tracking a change about to be requested on the idle stack.
  private func track() {
    tracked = Tracked(
      model: model, layers: stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) },
      stage: stack.stage, transitions: stack.entries.map(\.transition))
  }

  /// The completion of a tracked change: a cancel must leave the stack exactly as it was before the change.
  private func trackedEnded(_ outcome: TransitionOutcome) {
    guard let tracked else { return }
    self.tracked = nil
    guard outcome == .cancelled else {
      finishes += 1
      return
    }
    cancels += 1
    let ids = stack.contents.map(ObjectIdentifier.init)
    let layers = stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) }
    if ids != tracked.model {
      pendingFailure = "the cancelled change left \(stack.contents.map(\.name)), not the contents before it"
    } else if stack.entries.map(\.transition) != tracked.transitions {
      pendingFailure = "the cancelled change left other transitions in the entries"
    } else if layers.map(\.0) != tracked.layers.map(\.0) {
      pendingFailure = "the cancelled change left other layers attached: \(stack.presentedLayers.map(\.content.name))"
    } else if let worst = zip(layers, tracked.layers).map({ maxDifference($0.1, $1.1) }).max(), worst > 1e-9 {
      pendingFailure = "a layer differs by \(worst) from its state before the cancelled change"
    } else if maxDifference(stack.stage, tracked.stage) > 1e-9 {
      pendingFailure = "the stage differs from its state before the cancelled change"
    }
    model = replay(tracked.operations, on: tracked.model)
  }

  /// One interactive operation, when one applies now: its description and what went wrong, if anything; `nil` when
  /// none applies (the step then makes an ordinary one).
  func interactiveStep(_ random: inout SeededGenerator) -> (String, String?)? {
    if held?.outcome != nil { held = nil }
    if let held {
      switch held.phase {
      case .interactive:
        let choice = Int.random(in: 0..<4, using: &random)
        if choice < 2 {
          let progress = Double.random(in: -0.1...1.1, using: &random)
          held.update(progress: progress)
          progressUpdates += 1
          return ("progress \(progress)", nil)
        }
        let velocity = Double.random(in: -6...6, using: &random)
        let spring: ReleaseSpring = Int.random(in: 0..<5, using: &random) == 0 ? .bouncy : .default
        if choice == 2 {
          held.finish(velocity: velocity, spring: spring)
        } else {
          held.cancel(velocity: velocity, spring: spring)
        }
        return ("\(choice == 2 ? "finish" : "cancel") at \(held.progress), velocity \(velocity)", nil)
      case .settling:
        guard Bool.random(using: &random) else { return nil }
        let before = layerStates()
        let again = stack.grab()
        grabs += 1
        guard again === held else { return ("grab while settling", "the grab gave another handle") }
        return ("grab while settling", jump(from: before))
      case .waiting, .ended: return nil
      }
    }
    guard tracked == nil, !stack.isAnimating else { return nil }
    let fixed = stack.behavior == .fixedRoot
    let canPop = !model.isEmpty && !(fixed && model.count == 1)
    let free = pool.filter { !model.contains(ObjectIdentifier($0)) }
    let pushing = !free.isEmpty && (!canPop || Bool.random(using: &random))
    guard pushing || canPop else { return nil }
    let content = pushing ? free.randomElement(using: &random)! : nil
    let transition = randomTransition(&random)
    let duration = randomDuration(&random)
    let ended: (TransitionOutcome) -> Void = { [weak self] in self?.trackedEnded($0) }
    track()
    do {
      if Bool.random(using: &random) {
        // Started interactively.
        let linearly = Int.random(in: 0..<4, using: &random) > 0
        let description: String
        if let content {
          description = "push \(content) interactively"
          held = try stack.pushInteractively(
            content, with: transition, duration: duration, scrubsLinearly: linearly, completion: ended)
          pushModel(ObjectIdentifier(content))
        } else if model.count > 2 && Bool.random(using: &random) {
          let index = Int.random(in: 0..<(model.count - 1), using: &random)
          description = "pop to \(index) interactively"
          held = try stack.popInteractively(to: index, scrubsLinearly: linearly, completion: ended)
          model.removeSubrange((index + 1)...)
        } else {
          description = "pop interactively"
          held = try stack.popInteractively(scrubsLinearly: linearly, completion: ended)
          model.removeLast()
        }
        interactiveStarts += 1
        return (description, held?.phase == .interactive ? nil : "the change did not start interactive")
      }
      // Played, then grabbed part-way.
      let description: String
      if let content {
        description = "push \(content), grab it"
        try stack.push(content, with: transition, duration: duration, completion: ended)
        pushModel(ObjectIdentifier(content))
      } else {
        description = "pop, grab it"
        try stack.pop(completion: ended)
        model.removeLast()
      }
      clock.advance(by: .random(in: 0.01...0.3, using: &random))
      let before = layerStates()
      held = stack.grab()
      guard held != nil else { return (description + " (it had ended)", nil) }
      grabs += 1
      return (description, jump(from: before))
    } catch {
      tracked = nil
      return ("interactive request", "refused: \(error)")
    }
  }

  private func pushModel(_ id: ObjectIdentifier) {
    model.append(id)
    if stack.behavior == .removing && model.count > stack.capacity { model.removeFirst(model.count - stack.capacity) }
  }

  private func layerStates() -> [ObjectIdentifier: LayerState] {
    Dictionary(
      stack.presentedLayers.map { (ObjectIdentifier($0.content), $0.state) }, uniquingKeysWith: { first, _ in first })
  }

  /// What jumped since `before`, if anything did: a grab moves no layer.
  private func jump(from before: [ObjectIdentifier: LayerState]) -> String? {
    let after = layerStates()
    guard Set(after.keys) == Set(before.keys) else { return "the grab attached or detached a layer" }
    let worst = before.map { maxDifference($0.value, after[$0.key]!) }.max() ?? 0
    return worst > 1e-9 ? "a layer jumped by \(worst) at the grab" : nil
  }
}
