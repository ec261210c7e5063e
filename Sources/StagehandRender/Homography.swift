import StagehandAnimation

/// A projective transform of the plane: a 3x3 matrix acting on homogeneous points (x, y, 1), row by row.
struct Homography: Equatable {
  // swift-format-ignore
  var m11, m12, m13,
    m21, m22, m23,
    m31, m32, m33: Double

  /// The transform that changes nothing.
  static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

  /// The plane part of a space transform for points with z = 0: rows and columns 1, 2 and 4 (the output z is not
  /// drawn).
  init(planeOf t: Transform3D) {
    (m11, m12, m13) = (t.m11, t.m12, t.m14)
    (m21, m22, m23) = (t.m21, t.m22, t.m24)
    (m31, m32, m33) = (t.m41, t.m42, t.m44)
  }

  // swift-format-ignore
  init(m11: Double, m12: Double, m13: Double,
       m21: Double, m22: Double, m23: Double,
       m31: Double, m32: Double, m33: Double) {
    (self.m11, self.m12, self.m13) = (m11, m12, m13)
    (self.m21, self.m22, self.m23) = (m21, m22, m23)
    (self.m31, self.m32, self.m33) = (m31, m32, m33)
  }

  /// Scaling by (sx, sy), then translation by (tx, ty).
  static func affine(sx: Double, sy: Double, tx: Double, ty: Double) -> Homography {
    Homography(m11: sx, m12: 0, m13: tx, m21: 0, m22: sy, m23: ty, m31: 0, m32: 0, m33: 1)
  }

  /// The product `a * b`: applies `b`, then `a`.
  static func * (a: Homography, b: Homography) -> Homography {
    Homography(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
  }

  /// The determinant.
  var determinant: Double {
    m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
  }

  /// The inverse (the adjugate over the determinant), or `nil` when the transform is singular.
  var inverse: Homography? {
    let d = determinant
    guard d != 0, d.isFinite else { return nil }
    return Homography(
      m11: (m22 * m33 - m23 * m32) / d, m12: (m13 * m32 - m12 * m33) / d, m13: (m12 * m23 - m13 * m22) / d,
      m21: (m23 * m31 - m21 * m33) / d, m22: (m11 * m33 - m13 * m31) / d, m23: (m13 * m21 - m11 * m23) / d,
      m31: (m21 * m32 - m22 * m31) / d, m32: (m12 * m31 - m11 * m32) / d, m33: (m11 * m22 - m12 * m21) / d)
  }

  /// The image of (x, y) after the division by w.
  func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let w = m31 * x + m32 * y + m33
    return ((m11 * x + m12 * y + m13) / w, (m21 * x + m22 * y + m23) / w)
  }

  /// The nine entries, row by row.
  var entries: [Double] { [m11, m12, m13, m21, m22, m23, m31, m32, m33] }
}
