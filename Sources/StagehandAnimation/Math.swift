// Elementary functions in plain Swift, so that the animation model needs nothing but the standard library.
//
// Arguments are reduced modulo π/2 with a three-part constant, then evaluated with Taylor polynomials that are
// accurate to well below one ulp on the reduced interval. Accuracy is a few ulps for |x| < 1e6, which covers every
// angle an animation describes. Larger arguments are first reduced modulo 2π (as a double), exactly: the result is
// no longer the precise sine, but it stays a point of the unit circle.

/// π/2 split in three parts whose products with a small integer are exact.
private let halfPi1 = 1.5707963267341256e+00
private let halfPi2 = 6.077100506303966e-11
private let halfPi3 = 2.0222662487959506e-21
private let twoOverPi = 0.6366197723675814

/// sin(r) for |r| <= π/4.
@inline(__always)
private func sinKernel(_ r: Double) -> Double {
  let r2 = r * r
  var p = 1.0 / 355_687_428_096_000  // 1/17!
  p = p * r2 - 1.0 / 1_307_674_368_000  // 1/15!
  p = p * r2 + 1.0 / 6_227_020_800  // 1/13!
  p = p * r2 - 1.0 / 39_916_800  // 1/11!
  p = p * r2 + 1.0 / 362_880  // 1/9!
  p = p * r2 - 1.0 / 5_040  // 1/7!
  p = p * r2 + 1.0 / 120  // 1/5!
  p = p * r2 - 1.0 / 6  // 1/3!
  return r + r * r2 * p
}

/// cos(r) for |r| <= π/4.
@inline(__always)
private func cosKernel(_ r: Double) -> Double {
  let r2 = r * r
  var p = -1.0 / 6_402_373_705_728_000  // 1/18!
  p = p * r2 + 1.0 / 20_922_789_888_000  // 1/16!
  p = p * r2 - 1.0 / 87_178_291_200  // 1/14!
  p = p * r2 + 1.0 / 479_001_600  // 1/12!
  p = p * r2 - 1.0 / 3_628_800  // 1/10!
  p = p * r2 + 1.0 / 40_320  // 1/8!
  p = p * r2 - 1.0 / 720  // 1/6!
  p = p * r2 + 1.0 / 24  // 1/4!
  return 1 - r2 / 2 + r2 * r2 * p
}

/// The sine and cosine of `x` radians; NaN for a non-finite argument.
func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
  guard x.isFinite else { return (.nan, .nan) }
  if abs(x) <= .pi / 4 { return (sinKernel(x), cosKernel(x)) }
  // Past 1e6 the three-part reduction is not exact, and far past it its remainder leaves [-π/4, π/4], where the
  // polynomials diverge: an angle of 1e33 had a sine of 1e270, and its rotation a quaternion of that length.
  if abs(x) > 1e6 { return sinCos(x.truncatingRemainder(dividingBy: 2 * .pi)) }
  let k = (x * twoOverPi).rounded()
  let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
  let s = sinKernel(r)
  let c = cosKernel(r)
  switch Int(k.truncatingRemainder(dividingBy: 4)) & 3 {
  case 0: return (s, c)
  case 1: return (c, -s)
  case 2: return (-s, -c)
  default: return (-c, s)
  }
}

/// The arc tangent of `z`, in [-π/2, π/2].
func atan(_ z: Double) -> Double {
  if z.isNaN { return .nan }
  if abs(z) > 1 { return (z > 0 ? Double.pi / 2 : -Double.pi / 2) - atan(1 / z) }
  // Three halvings, atan(z) = 2 atan(z / (1 + sqrt(1 + z²))), bring |z| below 0.1.
  var t = z
  for _ in 0..<3 { t = t / (1 + (1 + t * t).squareRoot()) }
  let t2 = t * t
  var p = -1.0 / 19
  for n in stride(from: 17, through: 3, by: -2) { p = p * t2 + (n % 4 == 1 ? 1.0 : -1.0) / Double(n) }
  return 8 * (t + t * t2 * p)
}

/// The angle of the point (x, y) from the positive x axis, in [-π, π].
func atan2(_ y: Double, _ x: Double) -> Double {
  if x > 0 { return atan(y / x) }
  if x < 0 { return y >= 0 ? atan(y / x) + .pi : atan(y / x) - .pi }
  if y > 0 { return .pi / 2 }
  if y < 0 { return -.pi / 2 }
  return 0
}
