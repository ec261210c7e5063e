import StagehandAnimation

/// A colour, 8 bits per channel.
public struct RGB: Hashable, Sendable {
  /// Red.
  public var r: UInt8
  /// Green.
  public var g: UInt8
  /// Blue.
  public var b: UInt8

  /// Creates a colour from its channels.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// This colour over `under` with opacity `alpha` in [0, 1].
  func over(_ under: RGB, alpha: Double) -> RGB {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded()) }
    return RGB(mix(r, under.r), mix(g, under.g), mix(b, under.b))
  }
}

/// How a content layer looks: a fill, a title bar along its top edge (so that turns and flips show), and a border.
public struct Panel: Hashable, Sendable {
  /// The main colour.
  public var fill: RGB
  /// The colour of the title bar and the border.
  public var accent: RGB

  /// Creates a panel look.
  public init(fill: RGB, accent: RGB) {
    self.fill = fill
    self.accent = accent
  }

  /// A blue panel.
  public static let blue = Panel(fill: RGB(40, 90, 200), accent: RGB(170, 210, 255))
  /// An orange panel.
  public static let orange = Panel(fill: RGB(225, 120, 30), accent: RGB(255, 225, 160))
  /// A green panel.
  public static let green = Panel(fill: RGB(40, 150, 80), accent: RGB(170, 235, 190))
  /// A purple panel.
  public static let purple = Panel(fill: RGB(130, 60, 190), accent: RGB(215, 180, 250))
  /// A red panel.
  public static let red = Panel(fill: RGB(200, 50, 60), accent: RGB(250, 180, 180))
  /// Looks that tell several contents apart.
  public static let palette: [Panel] = [.blue, .orange, .green, .purple, .red]

  /// The colour at unit coordinates (u, v) of the panel.
  func color(u: Double, v: Double, aspect: Double) -> RGB {
    let border = 0.03
    if u < border / aspect || u > 1 - border / aspect || v < border || v > 1 - border { return accent }
    if v < 0.15 { return accent }
    return fill
  }
}

/// An image: rows of colours, top to bottom.
public struct Raster: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The pixels, row by row.
  public var pixels: [RGB]

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> RGB { pixels[y * width + x] }
}

/// Draws the layers of a transition into a raster: the stage's perspective, each layer's transform and opacity,
/// one-sided layers (a back facing the viewer is not drawn), and the incoming content above the other one.
public struct Compositor: Sendable {
  /// The container's bounds, in points; the raster covers them.
  public var bounds: Rect
  /// The look of the content the forward animation brings in.
  public var incoming: Panel
  /// The look of the content it replaces.
  public var outgoing: Panel
  /// The colour behind both.
  public var background: RGB

  /// Creates a compositor.
  public init(bounds: Rect, incoming: Panel = .orange, outgoing: Panel = .blue, background: RGB = RGB(24, 24, 28)) {
    self.bounds = bounds
    self.incoming = incoming
    self.outgoing = outgoing
    self.background = background
  }

  /// Draws `states` into a raster of `width` x `height` pixels.
  ///
  /// In a forward animation (`inverse == false`) the appearing layer is the incoming content and is drawn on top; in
  /// an inverse, the disappearing layer is the one the forward brought in, and it is drawn on top.
  public func render(_ states: LayerStates, width: Int, height: Int, inverse: Bool) -> Raster {
    let top: LayerID = inverse ? .disappearing : .appearing
    let bottom: LayerID = inverse ? .appearing : .disappearing
    return render(
      layers: [(states[bottom], outgoing), (states[top], incoming)], stage: states.stage, width: width, height: height)
  }

  /// Draws content layers, bottom first, each with its look, under the stage `stage`.
  public func render(layers: [(state: LayerState, panel: Panel)], stage: LayerState, width: Int, height: Int) -> Raster
  {
    let visible = layers.compactMap { layer, panel in
      Projection(LayerStates(appearing: layer, stage: stage), .appearing, bounds).map {
        ($0, panel, layer.visibleOpacity)
      }
    }
    var pixels = [RGB](repeating: background, count: width * height)
    let aspect = bounds.size.width / bounds.size.height
    for y in 0..<height {
      let py = bounds.minY + (Double(y) + 0.5) / Double(height) * bounds.size.height
      for x in 0..<width {
        let px = bounds.minX + (Double(x) + 0.5) / Double(width) * bounds.size.width
        var color = background
        for (projection, panel, opacity) in visible where opacity > 0 {
          guard let (u, v) = projection.unit(px, py) else { continue }
          color = panel.color(u: u, v: v, aspect: aspect).over(color, alpha: opacity)
        }
        pixels[y * width + x] = color
      }
    }
    return Raster(width: width, height: height, pixels: pixels)
  }
}

/// The inverse of a layer's projection: from a point of the plane back to unit coordinates of the layer.
struct Projection {
  // The inverse of the homography that maps layer points (x, y, 1) to homogeneous plane points (X w, Y w, w).
  private let inverse: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
  private let bounds: Rect

  /// The projection of `layer`, or `nil` when it cannot be seen: edge-on, or with its back to the viewer.
  init?(_ states: LayerStates, _ layer: LayerID, _ bounds: Rect) {
    let m = states.transform(of: layer, in: bounds)
    let (a, b, c) = (m.m11, m.m12, m.m14)
    let (d, e, f) = (m.m21, m.m22, m.m24)
    let (g, h, i) = (m.m41, m.m42, m.m44)
    let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    // A positive determinant keeps the layer's orientation; a negative one shows its back.
    guard determinant > 1e-12 else { return nil }
    inverse = (
      (e * i - f * h) / determinant, (c * h - b * i) / determinant, (b * f - c * e) / determinant,
      (f * g - d * i) / determinant, (a * i - c * g) / determinant, (c * d - a * f) / determinant,
      (d * h - e * g) / determinant, (b * g - a * h) / determinant, (a * e - b * d) / determinant
    )
    self.bounds = bounds
  }

  /// The unit coordinates of the layer point drawn at (x, y), or `nil` when no point of the layer is drawn there.
  func unit(_ x: Double, _ y: Double) -> (Double, Double)? {
    let n = inverse
    let w = n.6 * x + n.7 * y + n.8
    guard w > 0 else { return nil }
    let lx = (n.0 * x + n.1 * y + n.2) / w
    let ly = (n.3 * x + n.4 * y + n.5) / w
    let u = (lx - bounds.minX) / bounds.size.width
    let v = (ly - bounds.minY) / bounds.size.height
    guard u >= 0, u <= 1, v >= 0, v <= 1 else { return nil }
    return (u, v)
  }
}
