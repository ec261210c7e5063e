import StagehandAnimation

/// A rendering: the frames of one or more animations of a scene, drawn on several threads and written in order.
public struct RenderJob: Sendable {
  /// The scene drawn.
  public var scene: Scene
  /// The layer states of every frame, in order.
  public var frames: [FrameStates]
  /// How many threads draw.
  public var threads: Int

  /// Creates a rendering.
  public init(scene: Scene, frames: [FrameStates], threads: Int) {
    self.scene = scene
    self.frames = frames
    self.threads = threads
  }

  /// The frames of `animation`, sampled at `fps`: `FrameStates.frameCount(duration:fps:)` frames evenly spaced from its start to its end,
  /// both included; the last one, at the end, is drawn without the disappearing content (section 9, "The end").
  public static func frames(of animation: Animation, inverse: Bool, fps: Int) -> [FrameStates] {
    let count = FrameStates.frameCount(duration: animation.duration, fps: fps)
    guard count > 1 else { return [FrameStates(animation, at: animation.duration, inverse: inverse)] }
    return (0..<count).map { index in
      // The last time is the duration itself, exactly, so that it counts as the end.
      let time = index == count - 1 ? animation.duration : animation.duration * Double(index) / Double(count - 1)
      return FrameStates(animation, at: time, inverse: inverse)
    }
  }

  /// Draws every frame and writes it with `writer`, calling `progress` with the frames written so far after each.
  /// On any error the writer abandons its output, so nothing is left under the output's name.
  public func run<Writer: FrameWriter>(into writer: Writer, progress: ((Int, Int) -> Void)? = nil) throws(RenderError) {
    let scene = scene
    let frames = frames
    let prepare = writer.prepare
    do throws(RenderError) {
      let made = try FramePipeline.run(
        count: frames.count, threads: threads, width: scene.width, height: scene.height,
        makeDraw: {
          let renderer = FrameRenderer(scene: scene)
          return { index, frame in
            renderer.draw(frames[index], into: frame)
            return prepare(index, frame)
          }
        },
        deliver: { (index, frame, product) throws(RenderError) in
          try writer.write(index, frame, product)
          progress?(index + 1, frames.count)
        })
      guard made else { throw RenderError.outOfMemory(file: "the frames") }
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
  }

  /// Draws frame `index` alone into a new frame; `nil` when memory is short.
  public func draw(_ index: Int) -> Frame? {
    guard let frame = Frame(width: scene.width, height: scene.height) else { return nil }
    FrameRenderer(scene: scene).draw(frames[index], into: frame)
    return frame
  }
}
