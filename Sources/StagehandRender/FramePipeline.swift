#if canImport(Glibc)
  import Glibc
#endif

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
    var workers: [pthread_t] = []
    for _ in 0..<threads {
      let body = ThreadBody { shared.work(draw: makeDraw()) }
      var thread = pthread_t()
      let box = Unmanaged.passRetained(body).toOpaque()
      if pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
          return nil
        }, box) == 0
      {
        workers.append(thread)
      } else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
      }
    }
    defer {
      shared.cancel()
      for thread in workers { pthread_join(thread, nil) }
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

/// A closure to run on a new thread.
private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// The state the workers and the delivering thread share, under one mutex.
private final class PipelineState<Product: Sendable>: @unchecked Sendable {
  let count: Int
  let window: Int
  let frames: [Frame]
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The next frame number to claim.
  private var next = 0
  /// How many frames were delivered and their buffers given back.
  private var released = 0
  /// The products of drawn frames not yet taken, by buffer.
  private var ready: [Product?]
  private var cancelled = false

  init(count: Int, window: Int, frames: [Frame]) {
    self.count = count
    self.window = window
    self.frames = frames
    ready = Array(repeating: nil, count: window)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    changed.deallocate()
  }

  /// A worker's loop: claims frames whose buffer is free and draws them, until every frame is claimed or the
  /// pipeline is cancelled.
  func work(draw: (Int, Frame) -> Product) {
    pthread_mutex_lock(mutex)
    while true {
      while !cancelled && next < count && next >= released + window { pthread_cond_wait(changed, mutex) }
      guard !cancelled, next < count else { break }
      let index = next
      next += 1
      pthread_mutex_unlock(mutex)
      let product = draw(index, frames[index % window])
      pthread_mutex_lock(mutex)
      ready[index % window] = product
      pthread_cond_broadcast(changed)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Waits for frame `index` and takes its product.
  func take(_ index: Int) -> Product {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if let product = ready[index % window] {
        ready[index % window] = nil
        return product
      }
      pthread_cond_wait(changed, mutex)
    }
  }

  /// Gives frame `index`'s buffer back for the frame `window` places later.
  func release(_ index: Int) {
    pthread_mutex_lock(mutex)
    released = index + 1
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Stops the workers after the frames they are drawing.
  func cancel() {
    pthread_mutex_lock(mutex)
    cancelled = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
