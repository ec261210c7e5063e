import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Seeded random sequences of placeholder operations, interactive ones included (set and clear started
/// interactively, driven, grabbed, finished, cancelled), geometry changes, moves, swaps and setContents, checked after
/// every operation against a reference model.
@Suite("Randomized placeholder operations")
struct RandomizedPlaceholderTests {
  static let seed = SeededGenerator.testSeed(0x9_1ACE)
  /// 10,000 by default, `STAGEHAND_TEST_STEPS` when set.
  static let operationsPerRun = SeededGenerator.testSteps(10_000)

  @Test("random operations (10,000, or STAGEHAND_TEST_STEPS) keep the contract; every cancel gives the slot back")
  func randomOperations() {
    var random = SeededGenerator(seed: Self.seed)
    let run = PlaceholderRun()
    for step in 0..<Self.operationsPerRun {
      if let failure = run.step(&random) {
        let operations = run.log.joined(separator: "; ")
        Issue.record(
          Comment(
            rawValue:
              "operation \(step), replay with STAGEHAND_TEST_SEED=\(Self.seed): \(failure)\n  last operations: \(operations)"
          ))
        return
      }
    }
    let scale = Self.operationsPerRun / 10_000
    #expect(run.starts > 60 * scale, "\(run.starts) interactive changes started")
    #expect(run.grabs > 100 * scale, "\(run.grabs) grabs")
    #expect(run.finishes > 70 * scale && run.cancels > 70 * scale, "\(run.finishes) finished, \(run.cancels) cancelled")
    #expect(run.idleChecks > 2_000 * scale, "the slots were idle \(run.idleChecks) times")
    #expect(run.rearrangements > 1_000 * scale, "\(run.rearrangements) geometry changes, moves, swaps, setContents")
    #expect(run.rearrangementCancels > 2 * scale, "\(run.rearrangementCancels) moves, swaps, setContents cancelled")
  }
}

/// One randomized run: a shown placeholder of two slots, a model of what each slot will hold, and the change each
/// slot's handle drives.
final class PlaceholderRun {
  let clock = ManualClock()
  let board: Placeholder
  let pool = (0..<10).map { RecordingContent("p\($0)") }
  /// What each slot holds once its queued requests have run.
  var model: [ObjectIdentifier?] = [nil, nil]
  var held: [InteractiveTransition?] = [nil, nil]
  /// Per slot, the change started on the idle slot until it ends: the slot before it, and the requests made since.
  var tracked: [(before: SlotState, model: ObjectIdentifier?, requests: [ObjectIdentifier?])?] = [nil, nil]
  var failure: String?
  var log: [String] = []
  var starts = 0
  var grabs = 0
  var finishes = 0
  var cancels = 0
  var idleChecks = 0
  var refusedWhileQueued = 0
  var rearrangements = 0
  /// How many tracked moves, swaps and setContents were cancelled (each checked against the slots before it).
  var rearrangementCancels = 0
  /// The bounds each slot will have once its queued requests have run.
  var bounds = [Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 0, y: 0, width: 480, height: 320)]
  static let geometries = [
    Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 0, y: 0, width: 480, height: 320),
    Rect(x: 10, y: 20, width: 400, height: 640),
  ]

  init() {
    board = Placeholder(name: "board", builder: TestTransitions(), clock: clock, slots: bounds)
    board.appear()
  }

  func transition(_ random: inout SeededGenerator) -> Transition {
    [Styles.slideLeft, Styles.slideTop, Styles.fade, Styles.turn45].randomElement(using: &random)!
  }

  /// The contents shown now by any slot (arriving or leaving).
  func shown() -> [ObjectIdentifier] {
    (0..<2).flatMap { board.presentedLayers(inSlot: $0).map { ObjectIdentifier($0.content) } }
  }

  /// The completion of a tracked change in `slot`: a cancel gives the slot back, and the model replays the requests
  /// made since (a set of the content that stays, a clear of an empty slot, no longer apply).
  func ended(_ outcome: TransitionOutcome, slot: Int) {
    guard let change = tracked[slot] else { return }
    tracked[slot] = nil
    guard outcome == .cancelled else {
      finishes += 1
      return
    }
    cancels += 1
    let now = SlotState(board, slot: slot)
    if !now.matches(change.before) {
      failure = "the cancelled change in slot \(slot) left \(now.order) \(now.layers), not \(change.before.layers)"
    }
    var projection = change.model
    for request in change.requests where request != projection {
      projection = request
    }
    model[slot] = projection
  }

  func step(_ random: inout SeededGenerator) -> String? {
    let slot = Int.random(in: 0..<2, using: &random)
    let idle = !board.isAnimating(slot: slot) && tracked[slot] == nil
    if held[slot]?.outcome != nil { held[slot] = nil }
    var description = ""
    do {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<22:
        let free = pool.filter { content in
          !model.contains(ObjectIdentifier(content)) && !shown().contains(ObjectIdentifier(content))
        }
        guard let content = free.randomElement(using: &random) else { break }
        description = "set \(content) in \(slot)"
        do {
          try board.set(
            content, inSlot: slot, with: transition(&random), animated: Int.random(in: 0..<5, using: &random) > 0)
          model[slot] = ObjectIdentifier(content)
          tracked[slot]?.requests.append(model[slot])
        } catch ContainerError.alreadyInContainer {
          // Its set may still wait in a queue, cleared after it: it is in the placeholder until it has left.
          refusedWhileQueued += 1
        }
      case 22..<30:
        description = "clear \(slot)"
        do {
          try board.clear(slot: slot, animated: Int.random(in: 0..<5, using: &random) > 0)
          if model[slot] == nil { return "clear of an empty slot was accepted" }
          model[slot] = nil
          tracked[slot]?.requests.append(nil)
        } catch ContainerError.empty {
          if model[slot] != nil { return "clear of slot \(slot) refused, the model holds a content" }
        }
      case 30..<33:
        let taken = pool.filter { model.contains(ObjectIdentifier($0)) }
        guard let content = taken.randomElement(using: &random) else { break }
        description = "set \(content), which a slot holds"
        do {
          try board.set(content, inSlot: slot, with: Styles.fade)
          return "\(description) was accepted"
        } catch ContainerError.alreadyInContainer {}
      case 33..<45 where idle:
        // Started interactively, or played and grabbed part-way.
        let before = SlotState(board, slot: slot)
        let free = pool.filter { !model.contains(ObjectIdentifier($0)) && !shown().contains(ObjectIdentifier($0)) }
        let clearing = model[slot] != nil && (free.isEmpty || Bool.random(using: &random))
        guard clearing || !free.isEmpty else { break }
        let content = clearing ? nil : free.randomElement(using: &random)
        tracked[slot] = (before, model[slot], [])
        let end: (TransitionOutcome) -> Void = { [weak self] in self?.ended($0, slot: slot) }
        let interactive = Bool.random(using: &random)
        if let content {
          description = "set \(content) in \(slot) \(interactive ? "interactively" : "and grab")"
          do {
            if interactive {
              held[slot] = try board.setInteractively(
                content, inSlot: slot, with: transition(&random), completion: end)
            } else {
              try board.set(content, inSlot: slot, with: transition(&random), completion: end)
            }
          } catch ContainerError.alreadyInContainer {
            // Its set still waits in the other slot's queue.
            tracked[slot] = nil
            refusedWhileQueued += 1
            break
          }
          model[slot] = ObjectIdentifier(content)
        } else {
          description = "clear \(slot) \(interactive ? "interactively" : "and grab")"
          if interactive {
            held[slot] = try board.clearInteractively(slot: slot, completion: end)
          } else {
            try board.clear(slot: slot, completion: end)
          }
          model[slot] = nil
        }
        if interactive {
          starts += 1
        } else {
          clock.advance(by: .random(in: 0.01...0.3, using: &random))
          let states = layerStates(board, slot: slot)
          held[slot] = try board.grab(slot: slot)
          if held[slot] != nil {
            grabs += 1
            if stateDifference(states, layerStates(board, slot: slot)) > 1e-9 { return "\(description): a jump" }
          }
        }
      case 45..<62:
        guard let handle = held[slot] else { break }
        switch handle.phase {
        case .interactive:
          let choice = Int.random(in: 0..<4, using: &random)
          let velocity = Double.random(in: -6...6, using: &random)
          if choice < 2 {
            let progress = Double.random(in: 0...1, using: &random)
            description = "progress \(progress) in \(slot)"
            handle.update(progress: progress)
          } else if choice == 2 {
            description = "finish \(slot), velocity \(velocity)"
            handle.finish(velocity: velocity)
          } else {
            description = "cancel \(slot), velocity \(velocity)"
            handle.cancel(velocity: velocity)
          }
        case .settling:
          description = "grab \(slot) while it settles"
          let states = layerStates(board, slot: slot)
          guard try board.grab(slot: slot) === handle else { return "\(description): another handle" }
          grabs += 1
          if stateDifference(states, layerStates(board, slot: slot)) > 1e-9 { return "\(description): a jump" }
        case .waiting, .ended: break
        }
      case 62..<78:
        if let failure = rearrange(&random, slot: slot, description: &description) { return failure }
      default:
        let seconds = Double.random(in: 0...1.5, using: &random)
        description = "advance \(seconds)"
        clock.advance(by: seconds)
      }
    } catch {
      return "\(description) was refused: \(error)"
    }
    if !description.isEmpty { log = Array((log + [description]).suffix(12)) }
    return failure.take() ?? check(after: description)
  }

  /// A geometry change, a move, a swap or a setContents; returns a failure when the placeholder accepted or
  /// refused it against the model.
  func rearrange(_ random: inout SeededGenerator, slot: Int, description: inout String) -> String? {
    let other = Int.random(in: 0..<2, using: &random)
    switch Int.random(in: 0..<16, using: &random) {
    case 0..<4:
      let rect = Self.geometries.randomElement(using: &random)!
      description = "bounds of \(slot) \(Int(rect.size.width))x\(Int(rect.size.height))"
      do {
        try board.setBounds(rect, ofSlot: slot)
      } catch {
        return "\(description) was refused: \(error)"
      }
      bounds[slot] = rect
    case 4..<9:
      description = "move \(slot) to \(other)"
      let change = tracking([slot, other], &random)
      do {
        if change.interactive {
          let handle = try board.moveInteractively(
            fromSlot: slot, toSlot: other, with: transition(&random), completion: change.completion)
          hold(handle, in: [slot, other])
        } else {
          try board.move(
            fromSlot: slot, toSlot: other, with: transition(&random), animated: Bool.random(using: &random),
            completion: change.completion)
        }
        if slot == other || model[slot] == nil { return "\(description) was accepted" }
        (model[other], model[slot]) = (model[slot], nil)
        if let failure = started(change, [slot, other], &random, description: &description) { return failure }
      } catch ContainerError.sameSlot {
        untrack([slot, other])
        if slot != other { return "\(description) refused as the same slot" }
      } catch ContainerError.empty {
        untrack([slot, other])
        if model[slot] != nil { return "\(description) refused, the model holds a content" }
      } catch {
        return "\(description) was refused: \(error)"
      }
    case 9..<13:
      description = "swap \(slot) and \(other)"
      let change = tracking([slot, other], &random)
      do {
        if change.interactive {
          let handle = try board.swapInteractively(
            slot: slot, with: other, transition: transition(&random), completion: change.completion)
          hold(handle, in: [slot, other])
        } else {
          try board.swap(
            slot: slot, with: other, transition: transition(&random), animated: Bool.random(using: &random),
            completion: change.completion)
        }
        if slot == other || (model[slot] == nil && model[other] == nil) { return "\(description) was accepted" }
        model.swapAt(slot, other)
        if let failure = started(change, [slot, other], &random, description: &description) { return failure }
      } catch ContainerError.sameSlot {
        untrack([slot, other])
        if slot != other { return "\(description) refused as the same slot" }
      } catch ContainerError.empty {
        untrack([slot, other])
        if model[slot] != nil || model[other] != nil { return "\(description) refused, the model holds a content" }
      } catch {
        return "\(description) was refused: \(error)"
      }
    default:
      let free = pool.filter { !model.contains(ObjectIdentifier($0)) && !shown().contains(ObjectIdentifier($0)) }
      let inPlaceholder = pool.filter { model.contains(ObjectIdentifier($0)) }
      let contents: [RecordingContent?] = (0..<2).map { _ in
        switch Int.random(in: 0..<3, using: &random) {
        case 0: nil
        case 1: inPlaceholder.randomElement(using: &random)
        default: free.randomElement(using: &random)
        }
      }
      description = "setContents \(contents.map { $0?.name ?? "nil" })"
      let ids = contents.map { $0.map(ObjectIdentifier.init) }
      let changed = (0..<2).filter { ids[$0] != model[$0] }
      let change = tracking(changed, &random)
      do {
        if change.interactive {
          let handle = try board.setContentsInteractively(
            contents.map { $0 }, with: transition(&random), completion: change.completion)
          hold(handle, in: changed)
        } else {
          try board.setContents(
            contents.map { $0 }, with: transition(&random), animated: Bool.random(using: &random),
            completion: change.completion)
        }
        if let first = ids[0], ids[1] == first { return "\(description) was accepted" }
        model = ids
        if let failure = started(change, changed, &random, description: &description) { return failure }
      } catch ContainerError.duplicateContent {
        untrack(changed)
        if contents[0] == nil || contents[0] !== contents[1] { return "\(description) refused as a duplicate" }
      } catch ContainerError.alreadyInContainer {
        untrack(changed)
        // A free content whose set still waits in a queue, cleared after it: it is in the placeholder until it left.
        refusedWhileQueued += 1
      } catch {
        return "\(description) was refused: \(error)"
      }
    }
    rearrangements += 1
    return nil
  }

  /// Notes, for the slots whose projection a change of several slots changed, what they will hold: a cancel of the
  /// tracked change before it leaves them so.
  func note(_ changed: [Int]) {
    for slot in changed { tracked[slot]?.requests.append(model[slot]) }
  }

  /// A change of several slots about to be requested: tracked (its cancel checked against the slots before it) when
  /// every slot it changes is idle, and then started interactively one time in two.
  struct Tracking {
    var slots: [Int] = []
    var interactive = false
    var completion: ((TransitionOutcome) -> Void)?
  }

  func tracking(_ involved: [Int], _ random: inout SeededGenerator) -> Tracking {
    let involved = Array(Set(involved)).sorted()
    guard !involved.isEmpty, involved.allSatisfy({ !board.isAnimating(slot: $0) && tracked[$0] == nil }) else {
      return Tracking()
    }
    for slot in involved { tracked[slot] = (SlotState(board, slot: slot), model[slot], []) }
    let completion: (TransitionOutcome) -> Void = { [weak self] outcome in
      if outcome == .cancelled { self?.rearrangementCancels += 1 }
      for slot in involved { self?.ended(outcome, slot: slot) }
    }
    return Tracking(slots: involved, interactive: Bool.random(using: &random), completion: completion)
  }

  /// Forgets the tracking of a change that was refused.
  func untrack(_ involved: [Int]) {
    for slot in Set(involved) where tracked[slot]?.requests.isEmpty == true && !board.isAnimating(slot: slot) {
      tracked[slot] = nil
    }
  }

  func hold(_ handle: InteractiveTransition, in involved: [Int]) {
    for slot in Set(involved) { held[slot] = handle }
    starts += 1
  }

  /// After a change of several slots was accepted: notes what its slots will hold when it is not the tracked change
  /// (the tracked one is what a cancel undoes); a tracked change that plays by itself is grabbed part-way, with no
  /// jump in any of its slots.
  func started(
    _ change: Tracking, _ changed: [Int], _ random: inout SeededGenerator, description: inout String
  ) -> String? {
    guard !change.slots.isEmpty else {
      note(changed)
      return nil
    }
    guard !change.interactive, change.slots.allSatisfy({ board.isAnimating(slot: $0) }) else { return nil }
    clock.advance(by: .random(in: 0.01...0.3, using: &random))
    let states = change.slots.map { layerStates(board, slot: $0) }
    guard let handle = try? board.grab(slot: change.slots.randomElement(using: &random)!) else { return nil }
    description += " and grab"
    grabs += 1
    for slot in change.slots {
      held[slot] = handle
      if (try? board.grab(slot: slot)) !== handle { return "\(description): slot \(slot) has another handle" }
    }
    if zip(states, change.slots).contains(where: { stateDifference($0, layerStates(board, slot: $1)) > 1e-9 }) {
      return "\(description): a jump"
    }
    return nil
  }

  func check(after description: String) -> String? {
    for content in pool where !content.violations.isEmpty {
      return "after \(description): \(content.violations); its events: \(content.eventLog.suffix(8))"
    }
    let shown = shown()
    if Set(shown).count != shown.count { return "after \(description): a content is shown twice" }
    for content in pool where !shown.contains(ObjectIdentifier(content)) && content.hasLayer {
      return "after \(description): \(content) is shown nowhere but kept its layer"
    }
    for slot in 0..<2 where !board.isAnimating(slot: slot) {
      idleChecks += 1
      if board.content(inSlot: slot).map(ObjectIdentifier.init) != model[slot] {
        return "after \(description): slot \(slot) holds \(String(describing: board.content(inSlot: slot)))"
      }
      if board.bounds(ofSlot: slot) != bounds[slot] {
        return "after \(description): slot \(slot) has bounds \(String(describing: board.bounds(ofSlot: slot)))"
      }
      if board.presentedLayers(inSlot: slot).contains(where: { $0.bounds != bounds[slot] }) {
        return "after \(description): a layer of slot \(slot) is laid out in other bounds"
      }
      if let content = board.content(inSlot: slot) as? RecordingContent, content.phase != .appeared {
        return "after \(description): \(content) in slot \(slot) is \(content.phase.rawValue)"
      }
    }
    return nil
  }
}
