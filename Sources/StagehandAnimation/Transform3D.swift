/// A 4x4 homogeneous transform of space.
///
/// Convention: points are column vectors and a transform maps `p` to `M * p`; the element `mRC` sits at row `R`,
/// column `C`, so a translation lives in `m14`, `m24`, `m34`. The product `a * b` applies `b` first, then `a`.
/// Perspective lives in the fourth row: a camera at distance `d` in front of the plane z = 0 (at z = -d, looking
/// towards positive z, into the screen) gives `m43 = 1 / d`, so a point at depth `z` is divided by `w = 1 + z / d`:
/// farther points look smaller, nearer ones larger.
public struct Transform3D: Hashable, Sendable {
  // swift-format-ignore
  /// The elements, row by row.
  public var m11, m12, m13, m14,
    m21, m22, m23, m24,
    m31, m32, m33, m34,
    m41, m42, m43, m44: Double

  /// Creates a transform from its sixteen elements, row by row.
  // swift-format-ignore
  public init(
    _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
    _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
    _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
    _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// The transform that changes nothing.
  public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

  /// A translation by `v`.
  public static func translation(_ v: Vector3) -> Transform3D {
    Transform3D(1, 0, 0, v.x, 0, 1, 0, v.y, 0, 0, 1, v.z, 0, 0, 0, 1)
  }

  /// A scaling by the factors of `s` along each axis, about the origin.
  public static func scale(_ s: Vector3) -> Transform3D {
    Transform3D(s.x, 0, 0, 0, 0, s.y, 0, 0, 0, 0, s.z, 0, 0, 0, 0, 1)
  }

  /// The rotation `r`, about the origin.
  public static func rotation(_ r: Rotation) -> Transform3D {
    let (w, x, y, z) = (r.w, r.x, r.y, r.z)
    return Transform3D(
      1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 0,
      2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 0,
      2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), 0,
      0, 0, 0, 1)
  }

  /// The perspective of a camera at `cameraDistance` points in front of the plane z = 0, looking at the origin.
  ///
  /// An infinite distance gives the identity (no perspective).
  public static func perspective(cameraDistance: Double) -> Transform3D {
    perspective(strength: 1 / cameraDistance)
  }

  /// The perspective whose strength is `1 / camera distance`; a strength of 0 is the identity.
  public static func perspective(strength: Double) -> Transform3D {
    var t = identity
    t.m43 = strength
    return t
  }

  /// The product `a * b`: the transform that applies `b`, then `a`.
  public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
    Transform3D(
      a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// The homogeneous image `(x, y, z, w)` of the point `p` (with `w = 1` on input).
  public func homogeneous(_ p: Vector3) -> (x: Double, y: Double, z: Double, w: Double) {
    (
      m11 * p.x + m12 * p.y + m13 * p.z + m14,
      m21 * p.x + m22 * p.y + m23 * p.z + m24,
      m31 * p.x + m32 * p.y + m33 * p.z + m34,
      m41 * p.x + m42 * p.y + m43 * p.z + m44
    )
  }

  /// The image of the point `p` after the perspective division, or `nil` when it lies at or behind the camera.
  public func project(_ p: Vector3) -> Vector3? {
    let h = homogeneous(p)
    guard h.w > 0, h.w.isFinite else { return nil }
    return Vector3(x: h.x / h.w, y: h.y / h.w, z: h.z / h.w)
  }
}
