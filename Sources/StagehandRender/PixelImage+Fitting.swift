import CStagehandImages
import CStagehandPixman

#if canImport(Glibc)
  import Glibc
#endif

/// How a picture is fitted to the container when their proportions differ.
public enum Fitting: String, CaseIterable, Sendable {
  /// Scaled to cover the whole container, centred, its overflow cut off.
  case fill
  /// Scaled to fit inside the container, centred, the rest in the background colour.
  case fit
}

extension PixelImage {
  /// A new copy of this picture turned by 90 degrees as `Rotation90` says: pixel (x, y) moves to (y, W - 1 - x); `nil`
  /// when memory is short. `turned()` makes it once and keeps it.
  func makeTurned() -> PixelImage? {
    PixelImage.make(width: height, height: width, isOpaque: isOpaque) { turn(into: $0) }
  }

  /// Writes this picture turned by 90 degrees (`makeTurned()`) over every pixel of `turned`, a picture of this one's
  /// height by its width that nothing else draws, and gives it this picture's opacity.
  func turn(into turned: PixelImage) {
    precondition(turned.width == height && turned.height == width)
    turn(into: turned.storage)
    turned.isOpaque = isOpaque
  }

  /// Writes this picture turned by 90 degrees over the `height * width` pixels at `storage`: Rotation90's turn is
  /// counterclockwise (the right edge goes to the top), a copy of every pixel to its new place.
  private func turn(into storage: UnsafeMutableRawPointer) {
    sh_turn_counterclockwise(
      self.storage.assumingMemoryBound(to: UInt32.self), width, UInt32(width), UInt32(height),
      storage.assumingMemoryBound(to: UInt32.self), height)
  }

  /// This picture scaled to `width` x `height` pixels (`fitting` says how), over `background`, so that the result is
  /// opaque; `nil` when memory is short. Enlarging is bilinear; reducing averages each output pixel's area (pixman's
  /// separable convolution), so that fine detail does not alias.
  public func fitted(width: Int, height: Int, fitting: Fitting, background: RGB) -> PixelImage? {
    let sx = Double(width) / Double(self.width)
    let sy = Double(height) / Double(self.height)
    let scale = fitting == .fill ? max(sx, sy) : min(sx, sy)
    let offsetX = (Double(width) - Double(self.width) * scale) / 2
    let offsetY = (Double(height) - Double(self.height) * scale) / 2
    guard let frame = Frame(width: width, height: height) else { return nil }
    frame.fill(background)
    let source = makeSource()
    defer { pixman_image_unref(source) }
    // From output pixels to picture pixels.
    let inverse = 1 / scale
    func fixed(_ value: Double) -> pixman_fixed_t {
      pixman_fixed_t(min(max((value * 65_536).rounded(), -2_147_483_648), 2_147_483_647))
    }
    var transform = pixman_transform_t()
    transform.matrix = (
      (fixed(inverse), 0, fixed(-offsetX * inverse)),
      (0, fixed(inverse), fixed(-offsetY * inverse)),
      (0, 0, 65_536)
    )
    pixman_image_set_transform(source, &transform)
    // Filling, the edge pixels extend outwards so that the frame's edges are not blended with nothing.
    pixman_image_set_repeat(source, fitting == .fill ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
    if scale < 1 {
      var count: Int32 = 0
      let parameters = pixman_filter_create_separable_convolution(
        &count, fixed(inverse), fixed(inverse), PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_BOX,
        PIXMAN_KERNEL_BOX, 4, 4)
      if let parameters {
        pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
        free(parameters)
      } else {
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
      }
    } else {
      pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
    }
    pixman_image_composite32(
      PIXMAN_OP_OVER, source, nil, frame.image, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
    return PixelImage.make(width: width, height: height, isOpaque: true) {
      $0.copyMemory(from: frame.storage, byteCount: width * height * 4)
    }
  }
}
