import StagehandAnimation
import Testing

@testable import StagehandCheck

/// When the validator finds a content unseen in the last frame.
@Suite("stagehand check: a content seen or not in the last frame")
struct EndVisibilityTests {
  static let bounds = Rect(x: 20, y: 40, width: 320, height: 480)

  @Test("at rest, or turned a whole turn, or moved half out: seen")
  func seen() {
    var states = LayerStates.identity
    #expect(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds) == nil)
    states.appearing.rotation = Rotation(angle: 2 * Double.pi, axis: Vector3(x: 0, y: 1, z: 0))
    states.appearing.translation = Vector3(x: 160, y: 0, z: 0)
    #expect(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds) == nil)
  }

  @Test("half transparent, or the stage transparent: not seen, and the message says to fade it to 1")
  func transparent() throws {
    var states = LayerStates.identity
    states.appearing.opacity = 0.5
    #expect(try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds)).contains("fade it"))
    states.appearing.opacity = 1
    states.stage.opacity = 0
    #expect(try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds)).contains("fade it"))
  }

  @Test("dimmed (ABI 1.3) to black or in part: not seen, the message says to bring the dim to 0; below 0: seen")
  func dimmed() throws {
    var states = LayerStates.identity
    for dim in [1.0, 0.3, 2.0] {
      states.appearing.dim = dim
      let why = try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds), "\(dim)")
      #expect(why.contains("dimmed by \(min(dim, 1))") && why.contains("bring its dim back to 0"))
    }
    states.appearing.dim = -0.5
    #expect(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds) == nil)
  }

  @Test("insets that meet, or an ellipse of no radius: clipped away")
  func clipped() throws {
    var states = LayerStates.identity
    states.appearing.clip.insets = Insets(top: 0.5, right: 0, bottom: 0.5, left: 0)
    #expect(
      try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds)).contains("leaves nothing"))
    states.appearing.clip = .none
    states.appearing.clip.ellipseRadii = Point(x: 0, y: 1)
    #expect(
      try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds)).contains("leaves nothing"))
  }

  @Test("turned half a turn about y, edge-on, or scaled to nothing: not facing the viewer")
  func facingAway() throws {
    for (angle, scale) in [(Double.pi, 1.0), (Double.pi / 2, 1.0), (0, 0.0)] {
      var states = LayerStates.identity
      states.appearing.rotation = Rotation(angle: angle, axis: Vector3(x: 0, y: 1, z: 0))
      states.appearing.scale = Vector3(x: scale, y: 1, z: 1)
      let why = try #require(PluginChecker.whyNotSeen(.appearing, in: states, bounds: Self.bounds), "\(angle) \(scale)")
      #expect(why.contains("faces away"))
    }
  }

  @Test("moved a whole width away: outside the container")
  func outside() throws {
    var states = LayerStates.identity
    states.disappearing.translation = Vector3(x: -320, y: 0, z: 0)
    let why = try #require(PluginChecker.whyNotSeen(.disappearing, in: states, bounds: Self.bounds))
    #expect(why.contains("outside the container"))
  }
}
