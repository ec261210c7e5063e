import StagehandAnimation

/// A rendering of a transition between two clips, joined as FFmpeg's xfade joins them: clip A plays alone until the
/// offset, the transition runs over its frames drawing both clips as they are at that moment, then clip B plays on
/// to its end.
///
/// Output frame `i` lies at `i / fps` seconds. The `before` frames show A alone, at its own time; transition frame
/// `k` (output frame `before + k`) draws A at that output time and B at `k / fps` (B starts with the transition);
/// after the transition, B alone at its time, until its last frame. A clip's frame for a time is the nearest one
/// by its rate (`round(time * rate)`), so clips of any rate play at their speed; a clip that ends before its part
/// does holds its last frame; a still is a clip of one frame. Frames are read as they are drawn, never a whole clip.
public struct ClipRenderJob: Sendable {
  /// The container, the frame size and the background (its pictures unused: the clips give them).
  public var bounds: Rect
  /// The frame width in pixels.
  public var width: Int
  /// The frame height in pixels.
  public var height: Int
  /// The colour behind letterboxed pictures and the layers.
  public var background: RGB
  /// How clips of other proportions are fitted to the frame.
  public var fitting: Fitting
  /// The clip the transition hides.
  public var from: VideoClip
  /// The clip the transition shows.
  public var to: VideoClip
  /// The output's frame rate.
  public var fps: Int
  /// How many frames show A alone before the transition.
  public var before: Int
  /// The states of the transition's frames.
  public var transition: [FrameStates]
  /// How many threads draw.
  public var threads: Int

  /// Creates a rendering; `offset` is in seconds (rounded to whole frames of `fps`).
  public init(
    bounds: Rect, width: Int, height: Int, background: RGB, fitting: Fitting, from: VideoClip, to: VideoClip,
    fps: Int, offset: Double, transition: [FrameStates], threads: Int
  ) {
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
    self.fitting = fitting
    self.from = from
    self.to = to
    self.fps = fps
    before = Int((offset * Double(fps)).rounded())
    self.transition = transition
    self.threads = threads
  }

  /// The frames before the end of the transition; the output has these, then the rest of B.
  public var leastCount: Int { before + transition.count }

  /// The index of `clip`'s frame at `seconds`.
  static func index(of clip: VideoClip, at seconds: Double, fps: Int) -> Int {
    guard !clip.isStill else { return 0 }
    let rate = clip.framesPerSecond ?? Double(fps)
    return max(Int((seconds * rate).rounded()), 0)
  }

  /// What drawing one output frame gave.
  enum Drawn<Product: Sendable>: Sendable {
    case frame(Product)
    case end
    case failed(RenderError)
  }

  /// Why the pipeline stopped early.
  private enum Stop: Error {
    case end
    case failed(RenderError)
  }

  /// Draws every frame and writes it with `writer`, calling `progress` with the frames written and the frames known
  /// so far; returns how many frames were written. On any error the writer abandons its output.
  public func run<Writer: FrameWriter>(
    into writer: Writer, progress: ((Int, Int) -> Void)? = nil
  ) throws(RenderError) -> Int {
    let job = self
    let prepare = writer.prepare
    let window = max(threads, 1) + 2
    var written = 0
    defer {
      from.close()
      to.close()
    }
    do throws(Stop) {
      let made = try FramePipeline.run(
        count: FrameStates.frameBudget + 1, threads: threads, width: width, height: height,
        makeDraw: {
          { index, frame -> Drawn<Writer.Product> in
            do throws(RenderError) {
              guard try job.draw(index, into: frame, window: window) else { return .end }
              return .frame(prepare(index, frame))
            } catch {
              return .failed(error)
            }
          }
        },
        deliver: { (index, frame, drawn) throws(Stop) in
          switch drawn {
          case .end: throw .end
          case .failed(let error): throw .failed(error)
          case .frame(let product):
            guard index < FrameStates.frameBudget else {
              throw .failed(.videoTooLong(file: job.to.name, budget: FrameStates.frameBudget))
            }
            do throws(RenderError) {
              try writer.write(index, frame, product)
            } catch {
              throw .failed(error)
            }
            written = index + 1
            progress?(written, max(written, job.leastCount))
          }
        })
      guard made else { throw Stop.failed(.outOfMemory(file: "the frames")) }
    } catch {
      switch error {
      case .end:
        do throws(RenderError) {
          try writer.finish()
        } catch {
          writer.abandon()
          throw error
        }
        return written
      case .failed(let failure):
        writer.abandon()
        throw failure
      }
    }
    writer.abandon()
    throw .videoTooLong(file: to.name, budget: FrameStates.frameBudget)
  }

  /// Draws output frame `index` into `frame`; `false` past the end of the output. Frames more than `window` before
  /// `index` are never asked for again (the pipeline draws at most that many frames at once).
  func draw(_ index: Int, into frame: Frame, window: Int) throws(RenderError) -> Bool {
    let seconds = Double(index) / Double(fps)
    let k = index - before
    func picture(_ clip: VideoClip, at time: Double, low: Double) throws(RenderError) -> (PixelImage, Bool) {
      let wanted = Self.index(of: clip, at: time, fps: fps)
      let lowest = Self.index(of: clip, at: max(low, 0), fps: fps)
      let (clipFrame, ended) = try clip.frame(wanted, keepingFrom: lowest)
      guard
        let picture = clipFrame.picture(width: width, height: height, fitting: fitting, background: background)
      else { throw .outOfMemory(file: clip.name) }
      return (picture, ended)
    }
    let earliest = Double(index - window) / Double(fps)
    if k < 0 {
      frame.copy(try picture(from, at: seconds, low: earliest).0)
      return true
    }
    let seconds2 = Double(k) / Double(fps)
    let earliest2 = Double(k - window) / Double(fps)
    if k >= transition.count {
      guard !to.isStill else { return false }  // a still has no frames after the transition
      let (b, ended) = try picture(to, at: seconds2, low: earliest2)
      guard !ended else { return false }
      frame.copy(b)
      return true
    }
    let a = try picture(from, at: seconds, low: earliest).0
    let b = try picture(to, at: seconds2, low: earliest2).0
    // The pictures are turned only if a layer is drawn turned (`Scene.turned`).
    let scene = Scene(bounds: bounds, width: width, height: height, background: background, from: a, to: b)
    FrameRenderer(scene: scene).draw(transition[k], into: frame)
    return true
  }
}

extension Frame {
  /// Copies `picture`, of the frame's size, into the frame.
  func copy(_ picture: PixelImage) {
    precondition(picture.width == width && picture.height == height)
    storage.copyMemory(from: picture.storage, byteCount: width * height * 4)
  }
}
