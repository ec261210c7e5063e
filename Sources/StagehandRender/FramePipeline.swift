import StagehandSystem

/// Draws numbered frames on several threads at once and hands them over in order, on the calling thread.
///
/// Each worker thread makes its own `draw` function once (its own renderer) and claims frame numbers one by one; it
/// draws frame `i` into the `i % window`-th frame buffer, where `window` is the number of threads plus one, so that
/// no more frames are in memory than that. The caller's `deliver` gets the frames in order, each with what `draw`
/// returned for it; when `deliver` throws, the workers stop after the frame they are drawing and the error is
/// rethrown.
public enum FramePipeline {
  /// Draws frames `0..<count` with `threads` threads and delivers them in order.
  public static func run<Product: Sendable, Failure: Error>(
    count: Int, threads: Int, width: Int, height: Int,
    makeDraw: @escaping @Sendable () -> (Int, Frame) -> Product,
    deliver: (Int, Frame, Product) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    let threads = max(1, min(threads, count))
    let window = threads == 1 ? 1 : threads + 1
    var frames: [Frame] = []
    for _ in 0..<window {
      guard let frame = Frame(width: width, height: height) else { return false }
      frames.append(frame)
    }
    if threads == 1 {
      let draw = makeDraw()
      for index in 0..<count {
        let product = draw(index, frames[0])
        try deliver(index, frames[0], product)
      }
      return true
    }
    let shared = PipelineState<Product>(count: count, window: window, frames: frames)
    var workers: [SystemThread] = []
    for _ in 0..<threads {
      if let worker = SystemThread.start({ shared.work(draw: makeDraw()) }) { workers.append(worker) }
    }
    defer {
      shared.cancel()
      for worker in workers { worker.join() }
    }
    if workers.isEmpty {
      // No thread could be started: draw here.
      let draw = makeDraw()
      for index in 0..<count { try deliver(index, frames[index % window], draw(index, frames[index % window])) }
      return true
    }
    for index in 0..<count {
      let product = shared.take(index)
      try deliver(index, frames[index % window], product)
      shared.release(index)
    }
    return true
  }
}

/// Where the pipeline stands: which frames are claimed, delivered and drawn.
private struct PipelineProgress<Product: Sendable>: Sendable {
  /// The next frame number to claim.
  var next = 0
  /// How many frames were delivered and their buffers given back.
  var released = 0
  /// The products of drawn frames not yet taken, by buffer.
  var ready: [Product?]
  var cancelled = false
}

/// The state the workers and the delivering thread share, in one monitor.
private final class PipelineState<Product: Sendable>: Sendable {
  let count: Int
  let window: Int
  let frames: [Frame]
  private let progress: Monitor<PipelineProgress<Product>>

  init(count: Int, window: Int, frames: [Frame]) {
    self.count = count
    self.window = window
    self.frames = frames
    progress = Monitor(PipelineProgress(ready: Array(repeating: nil, count: window)))
  }

  /// A worker's loop: claims frames whose buffer is free and draws them, until every frame is claimed or the
  /// pipeline is cancelled.
  func work(draw: (Int, Frame) -> Product) {
    let count = count
    let window = window
    while true {
      let claimed: Int? = progress.wait(
        until: { $0.cancelled || $0.next >= count || $0.next < $0.released + window },
        then: { state in
          guard !state.cancelled, state.next < count else { return (nil, changed: false) }
          state.next += 1
          return (state.next - 1, changed: false)
        })
      guard let index = claimed else { return }
      let product = draw(index, frames[index % window])
      progress.update { $0.ready[index % window] = product }
    }
  }

  /// Waits for frame `index` and takes its product.
  func take(_ index: Int) -> Product {
    let slot = index % window
    return progress.wait(
      until: { $0.ready[slot] != nil },
      then: { state in
        defer { state.ready[slot] = nil }
        return (state.ready[slot]!, changed: false)
      })
  }

  /// Gives frame `index`'s buffer back for the frame `window` places later.
  func release(_ index: Int) {
    progress.update { $0.released = index + 1 }
  }

  /// Stops the workers after the frames they are drawing.
  func cancel() {
    progress.update { $0.cancelled = true }
  }
}
