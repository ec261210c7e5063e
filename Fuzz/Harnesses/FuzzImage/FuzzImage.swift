import FuzzSupport
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

// Image decoding (PNG and JPEG, through the C shim that keeps libpng's and libjpeg's longjmp inside C): a file that
// is not a readable image must be refused with a typed error, never a crash; an accepted one must be of at most the
// pixel budget, have every pixel present, and decode to the same pixels twice.

/// The pixel budget of the harness: small, so that the fuzzer meets the refusal of large images often and decodes
/// small ones quickly.
let budget = 1 << 18

/// The file the input is written to and read from, through /proc/self/fd: made in /dev/shm (memory) and unlinked at
/// once, so that nothing is left behind.
let file: Int32 = {
  var template = Array("/dev/shm/stagehand-fuzz-image-XXXXXX".utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  guard descriptor >= 0 else { fail("mkstemp in /dev/shm failed: errno \(errno)") }
  _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
  return descriptor
}()

/// libFuzzer's entry: reads the input as an image file; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  check(ftruncate(file, 0) == 0, "ftruncate failed")
  var written = 0
  while written < size, let data {
    let count = pwrite(file, data + written, size - written, off_t(written))
    check(count > 0, "pwrite failed: errno \(errno)")
    written += count
  }
  let path = "/proc/self/fd/\(file)"
  let image: PixelImage
  do {
    image = try PixelImage.read(path: path, budget: budget)
  } catch {
    check(!"\(error)".isEmpty, "a refusal without a message")
    return 0
  }
  check(image.width > 0 && image.height > 0, "an image of \(image.width) x \(image.height)")
  check(image.width * image.height <= budget, "an image of \(image.width) x \(image.height) past the budget")
  _ = image[image.width - 1, image.height - 1]  // the last pixel is there (AddressSanitizer watches)
  guard let again = try? PixelImage.read(path: path, budget: budget) else { fail("an image read once, not twice") }
  check(again.width == image.width && again.height == image.height, "an image decodes to another size the second time")
  for y in 0..<image.height {
    for x in 0..<image.width where again[x, y] != image[x, y] {
      fail("an image decodes to another pixel at (\(x), \(y)) the second time")
    }
  }
  return 0
}
