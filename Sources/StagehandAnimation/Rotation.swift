import RealModule

/// A rotation of space, stored as a unit quaternion so that rotations about different axes compose exactly.
///
/// Angles are in radians and right-handed about their axis, in the right-handed frame x right, y down, z into the
/// screen: a positive rotation about z turns clockwise on screen, and a positive rotation about y brings the right
/// edge towards the viewer. The quaternion `q` and `-q` are the same rotation; a rotation built by turning
/// a full `2π` keeps its sign, so that interpolating through it stays continuous.
public struct Rotation: Hashable, Sendable {
  /// The scalar part of the quaternion.
  public var w: Double
  /// The x component of the vector part.
  public var x: Double
  /// The y component of the vector part.
  public var y: Double
  /// The z component of the vector part.
  public var z: Double

  /// The rotation that changes nothing.
  public static let identity = Rotation(w: 1, x: 0, y: 0, z: 0)

  /// Creates a rotation from quaternion components, which the caller keeps of unit length.
  public init(w: Double, x: Double, y: Double, z: Double) {
    self.w = w
    self.x = x
    self.y = y
    self.z = z
  }

  /// Creates the rotation by `angle` radians about `axis`, which must have a positive finite length.
  public init(angle: Double, axis: Vector3) {
    self.init(angle: angle, unitAxis: axis.normalized)
  }

  /// Creates the rotation by `angle` radians about `axis`, which has length 1.
  @inline(__always)
  init(angle: Double, unitAxis axis: Vector3) {
    let (s, c) = (Double.sin(angle / 2), Double.cos(angle / 2))
    self.init(w: c, x: axis.x * s, y: axis.y * s, z: axis.z * s)
  }

  /// The angle of the rotation, in [0, 2π] radians.
  public var angle: Double { 2 * .atan2(y: (x * x + y * y + z * z).squareRoot(), x: w) }

  /// The unit axis of the rotation; the z axis when the rotation is the identity.
  public var axis: Vector3 {
    let length = (x * x + y * y + z * z).squareRoot()
    return length > 0 ? Vector3(x: x / length, y: y / length, z: z / length) : .zAxis
  }

  /// The rotation that applies `b`, then `a` (quaternion product `a * b`).
  public static func * (a: Rotation, b: Rotation) -> Rotation {
    Rotation(
      w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
      x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
      y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
  }
}
