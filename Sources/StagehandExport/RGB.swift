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
}
