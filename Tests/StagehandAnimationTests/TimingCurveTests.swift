import StagehandAnimation
import StagehandTestSupport
import Testing

@Suite("Timing curves")
struct TimingCurveTests {
  /// x(s) and y(s) of a curve, evaluated directly.
  static func point(_ c: TimingCurve, _ s: Double) -> (x: Double, y: Double) {
    let u = 1 - s
    return (
      3 * u * u * s * c.controlPoints!.x1 + 3 * u * s * s * c.controlPoints!.x2 + s * s * s,
      3 * u * u * s * c.controlPoints!.y1 + 3 * u * s * s * c.controlPoints!.y2 + s * s * s
    )
  }

  @Test("values lie on the curve: y(s) at the s where x(s) = p, to 1e-7", arguments: 0..<20)
  func valuesLieOnTheCurve(seedOffset: Int) {
    var random = SeededGenerator(seed: 0xC0FFEE &+ UInt64(seedOffset))
    for _ in 0..<50 {
      let curve = random.bezierCurve()
      for i in 0...200 {
        // Walk the curve by its parameter and check the value at each x the walk reaches.
        let s = Double(i) / 200
        let (x, y) = Self.point(curve, s)
        let slope = abs(
          3 * (1 - s) * (1 - s) * curve.controlPoints!.x1 + 6 * (1 - s) * s
            * (curve.controlPoints!.x2 - curve.controlPoints!.x1) + 3 * s * s * (1 - curve.controlPoints!.x2))
        guard slope > 1e-3 else { continue }  // where x barely moves, y at a given x is ill-conditioned
        #expect(abs(curve.value(at: x) - y) <= 1e-7, "\(curve) at x = \(x), seed offset \(seedOffset)")
      }
    }
  }

  @Test("the ends map exactly to 0 and 1, and progress outside [0, 1] is clamped")
  func endsAreExact() {
    for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, try! TimingCurve(x1: 0.1, y1: -2, x2: 0.9, y2: 3)]
    {
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      #expect(curve.value(at: -3) == 0)
      #expect(curve.value(at: 7) == 1)
    }
  }

  @Test("known values of the named curves")
  func knownValues() {
    #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
    // ease-in at its parameter s = 0.5: x = 3·¼·½·0.42 + 3·½·¼·1 + ⅛ = 0.6575 and y = 3·½·¼ + ⅛ = 0.5.
    #expect(abs(TimingCurve.easeIn.value(at: 0.6575) - 0.5) < 1e-12)
    #expect(abs(TimingCurve.easeOut.value(at: 1 - 0.6575) - 0.5) < 1e-12)
  }

  @Test("a reversed curve traces the same path backwards", arguments: 0..<10)
  func reversedCurveMirrors(seedOffset: Int) {
    var random = SeededGenerator(seed: 0xBEE5 &+ UInt64(seedOffset))
    for _ in 0..<100 {
      let curve = random.timingCurve()
      let reversed = curve.reversed()
      #expect(reversed.reversed() == curve)
      for i in 0...100 {
        let p = Double(i) / 100
        #expect(abs(reversed.value(at: 1 - p) - (1 - curve.value(at: p))) <= 1e-9, "\(curve) at \(p)")
      }
    }
  }

  @Test(
    "invalid control points are rejected with a message naming them",
    arguments: [
      (-0.1, 0.0, 0.5, 1.0, "x1 = -0.1 is outside [0, 1]"),
      (0.1, 0.0, 1.5, 1.0, "x2 = 1.5 is outside [0, 1]"),
      (Double.nan, 0.0, 0.5, 1.0, "timing curve x1 is nan"),
      (0.1, Double.infinity, 0.5, 1.0, "timing curve y1 is inf"),
    ])
  func invalidCurves(x1: Double, y1: Double, x2: Double, y2: Double, message: String) {
    #expect {
      _ = try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}
