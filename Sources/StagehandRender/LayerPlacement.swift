import CStagehandPixman
import StagehandAnimation

/// Where one content layer is drawn in a frame, in pixels, by section 9 of stagehand_plugin.h: its projected quad,
/// the pixel box that holds it, its opacity, and the transform pixman samples its picture with.
///
/// A layer is not drawn (`init` gives `nil`) when it is fully transparent, when a corner is at or behind the camera,
/// when it is seen edge-on or from the back (layers are one-sided), or when it falls outside the frame.
struct LayerPlacement {
  /// The layer's corners in frame pixels: top-left, top-right, bottom-right, bottom-left.
  let corners: [(x: Double, y: Double)]
  /// The smallest box of whole pixels that holds the quad and lies in the frame: x, y, width, height.
  let box: (x: Int, y: Int, width: Int, height: Int)
  /// The opacity in 1/255 steps, 1 to 255.
  let alpha: UInt8
  /// From frame pixels, measured from `origin`, to picture pixels: what pixman samples with.
  let toPicture: Homography
  /// The frame pixel the transform's coordinates are measured from (the frame's centre, for precision).
  let origin: (x: Int, y: Int)
  /// Whether the layer's picture lands on the frame's pixel grid unchanged: an identity transform, pixel for pixel.
  let isPixelAligned: Bool

  /// The placement of `layer` of `states` in a frame of `width` x `height` pixels that shows `bounds`, for a picture
  /// of the same pixel size as the frame.
  init?(_ states: LayerStates, _ layer: LayerID, bounds: Rect, width: Int, height: Int) {
    self.init(
      transform: states.transform(of: layer, in: bounds), quad: states.projectedCorners(of: layer, in: bounds),
      opacity: states[layer].visibleOpacity, bounds: bounds, width: width, height: height)
  }

  /// The placement of a layer ready to draw (a container's layer, with its stage), as `init(_:_:bounds:width:height:)`
  /// places the same layer of a transition's states.
  init?(_ layer: DrawnLayer, bounds: Rect, width: Int, height: Int) {
    self.init(
      transform: layer.transform, quad: layer.quad, opacity: layer.opacity, bounds: bounds, width: width,
      height: height)
  }

  /// The placement of a layer of `bounds` that `transform` takes to the plane before the perspective division, whose
  /// corners land on `quad` (`nil` when one lies at or behind the camera), drawn at `opacity`.
  private init?(transform: Transform3D, quad: Quad?, opacity: Double, bounds: Rect, width: Int, height: Int) {
    let alpha = (opacity * 255).rounded()
    guard alpha >= 1, let quad else { return nil }
    let sx = Double(width) / bounds.size.width
    let sy = Double(height) / bounds.size.height
    let corners = quad.corners.map { ((($0.x - bounds.minX) * sx), ($0.y - bounds.minY) * sy) }
    // One-sided: the quad keeps its turning direction (clockwise on screen, y down) when the front faces the viewer.
    var twiceArea = 0.0
    for i in 0..<4 {
      let (a, b) = (corners[i], corners[(i + 1) % 4])
      twiceArea += a.0 * b.1 - b.0 * a.1
    }
    guard twiceArea > 1e-9 * Double(width * height) else { return nil }
    let minX = max(corners.map(\.0).min()!.rounded(.down) - 1, 0)
    let minY = max(corners.map(\.1).min()!.rounded(.down) - 1, 0)
    let maxX = min(corners.map(\.0).max()!.rounded(.up) + 1, Double(width))
    let maxY = min(corners.map(\.1).max()!.rounded(.up) + 1, Double(height))
    guard minX < maxX, minY < maxY else { return nil }
    // Frame pixels from picture pixels: picture to layer points, the layer's projection, points to frame pixels.
    let pictureToLayer = Homography.affine(sx: 1 / sx, sy: 1 / sy, tx: bounds.minX, ty: bounds.minY)
    let pointsToFrame = Homography.affine(sx: sx, sy: sy, tx: -bounds.minX * sx, ty: -bounds.minY * sy)
    let origin = (x: width / 2, y: height / 2)
    let fromOrigin = Homography.affine(sx: 1, sy: 1, tx: Double(origin.x), ty: Double(origin.y))
    let toFrame = pointsToFrame * Homography(planeOf: transform) * pictureToLayer
    guard let toPicture = toFrame.inverse.map({ $0 * fromOrigin }), toPicture.entries.allSatisfy(\.isFinite) else {
      return nil
    }
    self.corners = corners
    self.box = (Int(minX), Int(minY), Int(maxX - minX), Int(maxY - minY))
    self.alpha = UInt8(alpha)
    self.toPicture = toPicture
    self.origin = origin
    self.isPixelAligned = zip(toFrame.entries, Homography.identity.entries).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  /// The transform of an affine (not projective) layer in pixman's 16.16 fixed point, scaled so that its last row is
  /// exactly (0, 0, 1), which pixman's fast paths need. Projective layers are drawn in affine pieces instead
  /// (`affinePieces`).
  var pixmanTransform: pixman_transform_t {
    var m = toPicture
    let scale = 1 / m.m33
    (m.m31, m.m32, m.m33) = (0, 0, 1 / scale)
    func fixed(_ value: Double) -> pixman_fixed_t {
      let units = (value * scale * 65_536).rounded()
      return pixman_fixed_t(min(max(units, -2_147_483_648), 2_147_483_647))
    }
    var transform = pixman_transform_t()
    transform.matrix = (
      (fixed(m.m11), fixed(m.m12), fixed(m.m13)),
      (fixed(m.m21), fixed(m.m22), fixed(m.m23)),
      (fixed(m.m31), fixed(m.m32), fixed(m.m33))
    )
    return transform
  }
}
