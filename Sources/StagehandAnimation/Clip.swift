/// The part of a content layer that is drawn: an inset rectangle with rounded corners, intersected with an ellipse
/// and, since ABI 1.2, with a wedge (see `Clip+Wedge.swift`).
///
/// A clip is in the layer's own coordinates, before its transform, so it moves, turns and scales with the layer.
/// Like opacity, its numbers are stored unclamped, so that changes add up and reverse exactly; `visibleInsets`,
/// `visibleCornerRadius(in:)` and `isEmpty` give what a renderer draws (stagehand_plugin.h, section 9, "Clips").
public struct Clip: Hashable, Sendable {
  /// How far each edge of the clip rectangle lies inside the layer's, in unit coordinates of the layer: the top and
  /// bottom insets are fractions of its height, the left and right ones of its width.
  public var insets: Insets = .zero
  /// The radius of the clip rectangle's corners, in points.
  public var cornerRadius: Double = 0
  /// The centre of the clip ellipse, in unit coordinates of the layer.
  public var ellipseCentre = Point(x: 0.5, y: 0.5)
  /// The radii of the clip ellipse, in units of the layer's half-diagonal: the ellipse reaches `x` half-diagonals
  /// across and `y` down from its centre.
  public var ellipseRadii = Point(x: 1, y: 1)
  /// The centre of the clip wedge, in unit coordinates of the layer.
  public var wedgeCentre = Point(x: 0.5, y: 0.5)
  /// The direction of the wedge's first edge, in radians: 0 points up from its centre, and angles grow clockwise on
  /// screen (towards the layer's right edge), measured in points.
  public var wedgeStart: Double = 0
  /// How far the wedge reaches clockwise from its first edge, in radians: 2 pi or more cuts nothing, 0 or less
  /// leaves nothing.
  public var wedgeSweep: Double = Clip.fullTurn

  /// A whole turn, 2 pi: the sweep of a wedge that cuts nothing.
  public static let fullTurn = 2 * Double.pi

  /// The clip that cuts nothing: no insets, square corners, the circle through the layer's four corners, and a
  /// wedge of a whole turn.
  public static let none = Clip()

  /// Creates the clip that cuts nothing.
  public init() {}

  /// The insets a renderer uses: negative ones taken as 0.
  public var visibleInsets: Insets {
    Insets(
      top: max(insets.top, 0), right: max(insets.right, 0), bottom: max(insets.bottom, 0), left: max(insets.left, 0))
  }

  /// Whether the clip leaves nothing of the layer: the insets meet, a radius of the ellipse is not positive, or the
  /// wedge's sweep is not.
  public var isEmpty: Bool {
    let v = visibleInsets
    return v.left + v.right >= 1 || v.top + v.bottom >= 1 || !(ellipseRadii.x > 0) || !(ellipseRadii.y > 0)
      || !(wedgeSweep > 0)
  }

  /// Whether the clip cuts anything off a layer that fills `bounds`: an inset above 0, a rounded corner, an
  /// ellipse that leaves out a corner of the layer, or a wedge of less than a whole turn.
  public func cutsAnything(in bounds: Rect) -> Bool {
    let v = visibleInsets
    if v.top > 0 || v.right > 0 || v.bottom > 0 || v.left > 0 || cornerRadius > 0 { return true }
    if cutsWithWedge { return true }
    let (centre, rx, ry) = ellipse(in: bounds)
    guard rx > 0, ry > 0 else { return true }
    let o = bounds.origin
    let corners = [
      o, Point(x: o.x + bounds.size.width, y: o.y), Point(x: o.x, y: o.y + bounds.size.height),
      Point(x: o.x + bounds.size.width, y: o.y + bounds.size.height),
    ]
    return !corners.allSatisfy { Clip.isInside($0, centre, rx, ry, slack: 1e-12) }
  }

  /// Whether `p` lies within the ellipse of centre `centre` and radii `rx`, `ry` (positive), give or take `slack`.
  private static func isInside(_ p: Point, _ centre: Point, _ rx: Double, _ ry: Double, slack: Double = 0) -> Bool {
    let ex = (p.x - centre.x) / rx
    let ey = (p.y - centre.y) / ry
    return ex * ex + ey * ey <= 1 + slack
  }

  /// The clip rectangle of a layer that fills `bounds`, in points, before the layer's transform; `nil` when empty.
  public func rectangle(in bounds: Rect) -> Rect? {
    let v = visibleInsets
    guard v.left + v.right < 1, v.top + v.bottom < 1 else { return nil }
    let w = bounds.size.width
    let h = bounds.size.height
    return Rect(
      origin: Point(x: bounds.origin.x + v.left * w, y: bounds.origin.y + v.top * h),
      size: Size(width: (1 - v.left - v.right) * w, height: (1 - v.top - v.bottom) * h))
  }

  /// The corner radius a renderer uses for a layer that fills `bounds`: clamped to [0, half the shorter side of the
  /// clip rectangle].
  public func visibleCornerRadius(in bounds: Rect) -> Double {
    guard let r = rectangle(in: bounds) else { return 0 }
    return min(max(cornerRadius, 0), min(r.size.width, r.size.height) / 2)
  }

  /// The clip ellipse of a layer that fills `bounds`, in points: its centre and its radii across and down.
  public func ellipse(in bounds: Rect) -> (centre: Point, radiusX: Double, radiusY: Double) {
    let w = bounds.size.width
    let h = bounds.size.height
    let halfDiagonal = (w * w + h * h).squareRoot() / 2
    return (
      Point(x: bounds.origin.x + ellipseCentre.x * w, y: bounds.origin.y + ellipseCentre.y * h),
      ellipseRadii.x * halfDiagonal, ellipseRadii.y * halfDiagonal
    )
  }

  /// Whether the point `p` (in points, before the layer's transform) of a layer that fills `bounds` is drawn.
  public func contains(_ p: Point, in bounds: Rect) -> Bool {
    guard let r = rectangle(in: bounds) else { return false }
    let (centre, rx, ry) = ellipse(in: bounds)
    guard rx > 0, ry > 0, Clip.isInside(p, centre, rx, ry), wedgeContains(p, in: bounds) else { return false }
    guard p.x >= r.origin.x, p.x <= r.origin.x + r.size.width, p.y >= r.origin.y, p.y <= r.origin.y + r.size.height
    else { return false }
    let radius = visibleCornerRadius(in: bounds)
    guard radius > 0 else { return true }
    // Within a corner square, the point must lie within the quarter circle.
    let cx = min(max(p.x, r.origin.x + radius), r.origin.x + r.size.width - radius)
    let cy = min(max(p.y, r.origin.y + radius), r.origin.y + r.size.height - radius)
    let dx = p.x - cx
    let dy = p.y - cy
    return dx * dx + dy * dy <= radius * radius
  }

  /// Whether every number is finite.
  public var isFinite: Bool {
    // A chain of comparisons rather than an array: this runs for every layer of every build.
    insets.top.isFinite && insets.right.isFinite && insets.bottom.isFinite && insets.left.isFinite
      && cornerRadius.isFinite && ellipseCentre.x.isFinite && ellipseCentre.y.isFinite && ellipseRadii.x.isFinite
      && ellipseRadii.y.isFinite && wedgeCentre.x.isFinite && wedgeCentre.y.isFinite && wedgeStart.isFinite
      && wedgeSweep.isFinite
  }
}

/// Distances of the four edges of a rectangle inwards, in the order CSS gives them: top, right, bottom, left.
public struct Insets: Hashable, Sendable {
  /// The top edge's inset.
  public var top: Double
  /// The right edge's inset.
  public var right: Double
  /// The bottom edge's inset.
  public var bottom: Double
  /// The left edge's inset.
  public var left: Double

  /// Creates insets from the four edges'.
  public init(top: Double, right: Double, bottom: Double, left: Double) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// No inset on any edge.
  public static let zero = Insets(top: 0, right: 0, bottom: 0, left: 0)

  /// The insets moved by `c` times `delta`.
  func adding(_ delta: Insets, times c: Double) -> Insets {
    Insets(
      top: top + delta.top * c, right: right + delta.right * c, bottom: bottom + delta.bottom * c,
      left: left + delta.left * c)
  }

  /// The opposite insets.
  public static prefix func - (i: Insets) -> Insets {
    Insets(top: -i.top, right: -i.right, bottom: -i.bottom, left: -i.left)
  }
}

/// A colour with an opacity, each component from 0 to 1 in sRGB, not premultiplied: the backdrop behind both
/// contents. Stored unclamped like opacity; `visible` clamps each component to [0, 1].
public struct Backdrop: Hashable, Sendable {
  /// The red component.
  public var red: Double
  /// The green component.
  public var green: Double
  /// The blue component.
  public var blue: Double
  /// The opacity: 0 shows what lies behind the container, 1 covers it.
  public var opacity: Double

  /// Creates a backdrop from its components.
  public init(red: Double, green: Double, blue: Double, opacity: Double) {
    self.red = red
    self.green = green
    self.blue = blue
    self.opacity = opacity
  }

  /// Transparent black: no backdrop.
  public static let none = Backdrop(red: 0, green: 0, blue: 0, opacity: 0)

  /// The backdrop a renderer draws: every component clamped to [0, 1].
  public var visible: Backdrop {
    func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
    return Backdrop(red: clamp(red), green: clamp(green), blue: clamp(blue), opacity: clamp(opacity))
  }

  /// Whether every component is finite.
  public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && opacity.isFinite }

  /// The backdrop moved by `c` times `delta`.
  func adding(_ delta: Backdrop, times c: Double) -> Backdrop {
    Backdrop(
      red: red + delta.red * c, green: green + delta.green * c, blue: blue + delta.blue * c,
      opacity: opacity + delta.opacity * c)
  }

  /// The opposite change.
  public static prefix func - (b: Backdrop) -> Backdrop {
    Backdrop(red: -b.red, green: -b.green, blue: -b.blue, opacity: -b.opacity)
  }
}
