import CStagehandPixman
import StagehandAnimation

#if canImport(Glibc)
  import Glibc
#endif

/// A content layer's clip (section 9 of stagehand_plugin.h, "Clips") in the pixels of its picture: the inset
/// rectangle, its corner radii across and down, and the ellipse.
///
/// The picture fills the container's bounds, so a point of the layer maps to its picture by the frame's scale; a
/// corner radius in points becomes an ellipse's quarter in pixels when the two scales differ.
struct ClipShape: Equatable {
  /// The rectangle's edges, in picture pixels.
  var left: Double, top: Double, right: Double, bottom: Double
  /// The corner radius across and down, in picture pixels; both 0 for square corners.
  var cornerX: Double, cornerY: Double
  /// The ellipse's centre and radii, in picture pixels.
  var centreX: Double, centreY: Double, radiusX: Double, radiusY: Double
  /// The wedge (ABI 1.2), in picture pixels; `nil` when it cuts nothing.
  var wedge: WedgeShape?

  /// The clip of a layer that fills `bounds`, drawn in a picture of `width` x `height` pixels; `nil` when the clip
  /// leaves nothing to draw.
  init?(_ clip: Clip, bounds: Rect, width: Int, height: Int) {
    guard !clip.isEmpty, let rectangle = clip.rectangle(in: bounds) else { return nil }
    let sx = Double(width) / bounds.size.width
    let sy = Double(height) / bounds.size.height
    left = (rectangle.minX - bounds.minX) * sx
    top = (rectangle.origin.y - bounds.origin.y) * sy
    right = left + rectangle.size.width * sx
    bottom = top + rectangle.size.height * sy
    let radius = clip.visibleCornerRadius(in: bounds)
    cornerX = radius * sx
    cornerY = radius * sy
    if !(cornerX > 0 && cornerY > 0) { (cornerX, cornerY) = (0, 0) }
    let ellipse = clip.ellipse(in: bounds)
    centreX = (ellipse.centre.x - bounds.minX) * sx
    centreY = (ellipse.centre.y - bounds.origin.y) * sy
    radiusX = ellipse.radiusX * sx
    radiusY = ellipse.radiusY * sy
    wedge = WedgeShape(clip, bounds: bounds, scaleX: sx, scaleY: sy)
    guard radiusX > 0, radiusY > 0, right > left, bottom > top else { return nil }
  }

  /// The share of the pixel column `i` (from i to i + 1) within the rectangle's left and right edges.
  @inline(__always)
  func across(_ i: Int) -> Double {
    min(max(min(Double(i + 1), right) - max(Double(i), left), 0), 1)
  }

  /// The share of the pixel row `j` within the rectangle's top and bottom edges.
  @inline(__always)
  func down(_ j: Int) -> Double {
    min(max(min(Double(j + 1), bottom) - max(Double(j), top), 0), 1)
  }

  /// The coverage, 0 to 1, of a pixel whose centre lies at the signed distance `d` (in pixels, negative inside)
  /// from an edge: a box filter across a straight edge.
  @inline(__always)
  static func coverage(distance d: Double) -> Double { min(max(0.5 - d, 0), 1) }

  /// The signed distance, in pixels, from (dx, dy) (measured from an ellipse's centre) to the ellipse of radii a and
  /// b, to first order: exact on the ellipse and close to it, which is where a coverage needs it.
  @inline(__always)
  static func distance(_ dx: Double, _ dy: Double, _ a: Double, _ b: Double) -> Double {
    let gx = dx / (a * a)
    let gy = dy / (b * b)
    let gradient = (gx * gx + gy * gy).squareRoot()
    let f = (dx * gx + dy * gy).squareRoot()  // sqrt((dx / a)^2 + (dy / b)^2)
    guard gradient > 0 else { return -Double.infinity }  // the centre
    return (f - 1) * f / gradient
  }

  /// The coverage of the pixel (i, j), whose share of the rectangle is `box`.
  @inline(__always)
  func coverage(_ i: Int, _ j: Int, box: Double) -> Double {
    guard box > 0 else { return 0 }
    let x = Double(i) + 0.5
    let y = Double(j) + 0.5
    var c = box
    if cornerX > 0 {
      // Within a corner's square, the quarter ellipse of the rounded corner bounds it.
      let qx = min(max(x, left + cornerX), right - cornerX)
      let qy = min(max(y, top + cornerY), bottom - cornerY)
      if qx != x && qy != y {
        c = min(c, Self.coverage(distance: Self.distance(x - qx, y - qy, cornerX, cornerY)))
      }
    }
    c *= Self.coverage(distance: Self.distance(x - centreX, y - centreY, radiusX, radiusY))
    if let wedge, c > 0 { c *= Self.coverage(distance: wedge.distance(x, y)) }
    return c
  }

  /// The same clip in the picture turned by 90 degrees (`Rotation90`): picture point (x, y) is turned point
  /// (y, W - x), for a picture W pixels wide.
  func turned(pictureWidth: Int) -> ClipShape {
    let w = Double(pictureWidth)
    var t = self
    (t.left, t.right, t.top, t.bottom) = (top, bottom, w - right, w - left)
    (t.cornerX, t.cornerY) = (cornerY, cornerX)
    (t.centreX, t.centreY, t.radiusX, t.radiusY) = (centreY, w - centreX, radiusY, radiusX)
    t.wedge = wedge?.turned(pictureWidth: pictureWidth)
    return t
  }

  /// For pixel row `j` of a picture `width` pixels wide: the columns that may be covered at all (`outer`) and those
  /// surely covered across their whole width (`inner`, within `outer`, possibly empty).
  func columns(row j: Int, width: Int) -> (outer: Range<Int>, inner: Range<Int>) {
    var outerLow = Int(left.rounded(.down))
    var outerHigh = Int(right.rounded(.up))
    var innerLow = Int(left.rounded(.up))
    var innerHigh = Int(right.rounded(.down))
    let (y0, y1) = (Double(j), Double(j + 1))
    // The ellipse: its widest and narrowest extent over the row's band, a pixel to spare for the soft edge.
    let near = max(max(centreY - y1, y0 - centreY, 0) - 1, 0)
    let far = max(abs(y0 - centreY), abs(y1 - centreY)) + 1
    let widest = near < radiusY ? radiusX * (1 - (near / radiusY) * (near / radiusY)).squareRoot() : 0
    let narrowest = far < radiusY ? radiusX * (1 - (far / radiusY) * (far / radiusY)).squareRoot() : 0
    outerLow = max(outerLow, Int((centreX - widest).rounded(.down)) - 1)
    outerHigh = min(outerHigh, Int((centreX + widest).rounded(.up)) + 1)
    innerLow = max(innerLow, Int((centreX - narrowest).rounded(.up)) + 1)
    innerHigh = min(innerHigh, Int((centreX + narrowest).rounded(.down)) - 1)
    // The rounded corners: inside them only where the band is clear of the corners' squares.
    if cornerX > 0, y0 - 1 < top + cornerY || y1 + 1 > bottom - cornerY {
      innerLow = max(innerLow, Int((left + cornerX).rounded(.up)))
      innerHigh = min(innerHigh, Int((right - cornerX).rounded(.down)))
    }
    outerLow = max(outerLow, 0)
    outerHigh = min(outerHigh, width)
    guard outerLow < outerHigh, near < radiusY + 1 else { return (0..<0, 0..<0) }
    // A wedge's edges may cross any row: no pixel is surely covered (each goes through `coverage`).
    if wedge != nil { return (outerLow..<outerHigh, outerLow..<outerLow) }
    innerLow = min(max(innerLow, outerLow), outerHigh)
    innerHigh = max(min(innerHigh, outerHigh), innerLow)
    return (outerLow..<outerHigh, innerLow..<innerHigh)
  }
}

/// A copy of a content's picture with the layer's clip applied: the pixels outside the clip transparent, those inside
/// unchanged, and those on its edge scaled by the share of them inside (antialiasing); and with the layer's dim
/// (ABI 1.3) laid over it (`ClippedPicture+Dim.swift`). Drawn like the picture itself, with the same transform, so the
/// clip moves, turns and scales with the layer.
///
/// A layer turned about a vertical axis is drawn from its picture turned by 90 degrees (`Rotation90`): the copy of
/// that one is made from the turned picture with the turned clip, so each frame makes only the copy it draws. Each
/// copy is kept from frame to frame: only the rows and columns written last time are cleared again.
final class ClippedPicture {
  /// The picture (its turned copy is the picture's own, made when a layer is first drawn turned).
  private let picture: PixelImage
  /// The clip of the current frame.
  private var shape: ClipShape?
  /// The share of each colour component the current frame's dim keeps, in 1/255 steps (255: no dim).
  private var colourKept: UInt8 = 255
  /// The clipped copy, upright, and whether it shows the current clip.
  private var upright: ClippedCopy?
  private var uprightIsCurrent = false
  /// The clipped copy, turned, and whether it shows the current clip.
  private var turnedCopy: ClippedCopy?
  private var turnedIsCurrent = false

  /// Copies of `picture` (and of its turned copy, when a layer is drawn turned) clipped.
  init(_ picture: PixelImage) {
    self.picture = picture
  }

  /// Sets the clip of the frame being drawn, and the share of each colour component its dim keeps (255 for none);
  /// the copies are made when asked for.
  func update(_ shape: ClipShape, colourKept: UInt8 = 255) {
    if shape != self.shape || colourKept != self.colourKept {
      uprightIsCurrent = false
      turnedIsCurrent = false
    }
    self.shape = shape
    self.colourKept = colourKept
  }

  /// A pixman image of the picture clipped, up to date; `nil` when memory is short.
  func image() -> OpaquePointer? {
    guard let shape else { return nil }
    if upright == nil { upright = ClippedCopy(width: picture.width, height: picture.height) }
    guard let upright else { return nil }
    if !uprightIsCurrent {
      upright.fill(from: picture, shape)
      Self.dim(upright.frame, colourKept: colourKept)
    }
    uprightIsCurrent = true
    return upright.frame.image
  }

  /// A pixman image of the turned picture clipped, up to date; `nil` when memory is short.
  func turned() -> OpaquePointer? {
    guard let shape, let turnedPicture = picture.turned() else { return nil }
    if turnedCopy == nil {
      turnedCopy = ClippedCopy(width: turnedPicture.width, height: turnedPicture.height)
      if let image = turnedCopy?.frame.image { pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0) }
    }
    guard let turnedCopy else { return nil }
    if !turnedIsCurrent {
      turnedCopy.fill(from: turnedPicture, shape.turned(pictureWidth: picture.width))
      Self.dim(turnedCopy.frame, colourKept: colourKept)
    }
    turnedIsCurrent = true
    return turnedCopy.frame.image
  }
}

/// One clipped copy of a picture, of its size, and the columns written in each row, so that the next copy clears only
/// those.
final class ClippedCopy {
  /// The clipped pixels.
  let frame: Frame
  /// The columns written in each row last time.
  private var written: [Range<Int>]

  /// A copy for pictures of `width` x `height` pixels, all transparent; `nil` when memory is short.
  init?(width: Int, height: Int) {
    guard let frame = Frame(width: width, height: height) else { return nil }
    self.frame = frame
    written = Array(repeating: 0..<0, count: height)
  }

  /// Writes `picture` (of the copy's size) clipped by `shape`.
  func fill(from picture: PixelImage, _ shape: ClipShape) {
    let width = frame.width
    let source = picture.storage.assumingMemoryBound(to: UInt32.self)
    let target = frame.storage.assumingMemoryBound(to: UInt32.self)
    for j in 0..<frame.height {
      let row = j * width
      let old = written[j]
      if !old.isEmpty { (target + row + old.lowerBound).update(repeating: 0, count: old.count) }
      let vertical = shape.down(j)
      guard vertical > 0 else {
        written[j] = 0..<0
        continue
      }
      let (outer, inner) = shape.columns(row: j, width: width)
      written[j] = outer
      guard !outer.isEmpty else { continue }
      for i in outer where !inner.contains(i) {
        let c = shape.coverage(i, j, box: shape.across(i) * vertical)
        target[row + i] = ClippedCopy.scaled(source[row + i], by: Int((c * 255).rounded()))
      }
      guard !inner.isEmpty else { continue }
      if vertical >= 1 {
        (target + row + inner.lowerBound).update(from: source + row + inner.lowerBound, count: inner.count)
      } else {
        let c = Int((vertical * 255).rounded())
        for i in inner { target[row + i] = ClippedCopy.scaled(source[row + i], by: c) }
      }
    }
  }

  /// A premultiplied pixel with each channel scaled by `c` / 255, rounded.
  @inline(__always)
  static func scaled(_ pixel: UInt32, by c: Int) -> UInt32 {
    if c >= 255 { return pixel }
    if c <= 0 { return 0 }
    let k = UInt32(c)
    var rb = (pixel & 0x00FF_00FF) &* k &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((pixel >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
    ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    return rb | (ag << 8)
  }
}
