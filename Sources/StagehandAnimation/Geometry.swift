/// A point in the plane, in points, with the y axis pointing down.
public struct Point: Hashable, Sendable, Codable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate, growing downwards.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, Codable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle: an origin (its top-left corner) and a size.
public struct Rect: Hashable, Sendable, Codable {
  /// The top-left corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from the coordinates of its top-left corner and its extents.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The centre.
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

  /// The point at unit coordinates `unit` of the rectangle: (0, 0) is the top-left corner, (1, 1) the bottom-right.
  public func point(atUnit unit: Point) -> Point {
    Point(x: origin.x + unit.x * size.width, y: origin.y + unit.y * size.height)
  }

  /// Checks that the rectangle can serve as container bounds: finite coordinates and positive extents.
  public func validatedAsBounds() throws(AnimationError) -> Rect {
    for (name, value) in [("x", origin.x), ("y", origin.y), ("width", size.width), ("height", size.height)] {
      guard value.isFinite else { throw .nonFinite(value: "bounds \(name)", value) }
    }
    guard size.width > 0, size.height > 0 else { throw .emptyBounds(self) }
    return self
  }
}

/// A vector in space, in points: x to the right, y down, z away from the viewer (into the screen), a right-handed
/// system.
public struct Vector3: Hashable, Sendable {
  /// The horizontal component.
  public var x: Double
  /// The vertical component, growing downwards.
  public var y: Double
  /// The depth component, growing away from the viewer.
  public var z: Double

  /// Creates a vector from its components.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The zero vector.
  public static let zero = Vector3(x: 0, y: 0, z: 0)
  /// The vector whose components are all 1, the identity of scaling.
  public static let one = Vector3(x: 1, y: 1, z: 1)
  /// The unit vector along x.
  public static let xAxis = Vector3(x: 1, y: 0, z: 0)
  /// The unit vector along y.
  public static let yAxis = Vector3(x: 0, y: 1, z: 0)
  /// The unit vector along z.
  public static let zAxis = Vector3(x: 0, y: 0, z: 1)

  /// The Euclidean length, without overflow or underflow: the components are divided by the largest magnitude
  /// before they are squared (squared directly, a component of 1e155 made the length infinite, and one of 1e-170 made
  /// it 0).
  public var length: Double {
    let largest = Swift.max(abs(x), abs(y), abs(z))
    guard largest > 0, largest.isFinite else { return largest }
    let (a, b, c) = (x / largest, y / largest, z / largest)
    return largest * (a * a + b * b + c * c).squareRoot()
  }

  /// The vector of length 1 in the same direction, for any finite non-zero vector however long or short; computed
  /// on the vector divided by its largest magnitude, so that neither a huge nor a subnormal length rounds it away.
  public var normalized: Vector3 {
    let largest = Swift.max(abs(x), abs(y), abs(z))
    let scaled = Vector3(x: x / largest, y: y / largest, z: z / largest)
    let length = (scaled.x * scaled.x + scaled.y * scaled.y + scaled.z * scaled.z).squareRoot()
    return Vector3(x: scaled.x / length, y: scaled.y / length, z: scaled.z / length)
  }

  /// Whether every component is finite.
  public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  /// The component-wise sum.
  public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
  /// The component-wise difference.
  public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
  /// The vector scaled by `k`.
  public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(x: a.x * k, y: a.y * k, z: a.z * k) }
  /// The opposite vector.
  public static prefix func - (a: Vector3) -> Vector3 { Vector3(x: -a.x, y: -a.y, z: -a.z) }
}
