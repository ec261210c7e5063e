import StagehandAnimation
import StagehandTestSupport
import Testing

/// Springs as timing curves (stagehand_plugin.h, section 9, "Springs"): they start at 0, end at exactly 1, follow the
/// differential equation, settle within the tolerance, stay within their bounds and reverse exactly.
@Suite("Springs")
struct SpringTests {
  static let seed = SeededGenerator.testSeed(0x5350_5249_4E47)

  /// x(s) by integrating m x'' + c x' + k (x - 1) = 0 with fourth-order Runge-Kutta: an independent solution.
  static func integrated(_ spring: Spring, until end: Double, steps: Int = 200_000) -> [Double] {
    let h = end / Double(steps)
    var x = 0.0
    var v = spring.initialVelocity
    var values = [x]
    func acceleration(_ x: Double, _ v: Double) -> Double {
      (-spring.damping * v - spring.stiffness * (x - 1)) / spring.mass
    }
    for _ in 0..<steps {
      let (k1x, k1v) = (v, acceleration(x, v))
      let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
      let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
      let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      values.append(x)
    }
    return values
  }

  @Test("the curve is the solution of the spring's equation, rescaled to end at 1", arguments: 0..<8)
  func followsTheEquation(batch: Int) {
    var random = SeededGenerator(seed: Self.seed &+ UInt64(batch))
    for _ in 0..<4 {
      let spring = random.spring()
      let curve = TimingCurve(spring)
      let steps = 20_000
      let solution = Self.integrated(spring, until: spring.settlingTime, steps: steps)
      let end = solution[steps]
      for i in stride(from: 0, through: steps, by: 500) {
        let u = Double(i) / Double(steps)
        #expect(
          abs(curve.value(at: u) - solution[i] / end) <= 1e-6,
          "\(curve) at \(u); replay with STAGEHAND_TEST_SEED=\(Self.seed)")
      }
    }
  }

  @Test("it starts at 0, ends at exactly 1, and has settled within the tolerance at its end", arguments: 0..<8)
  func endsAndSettling(batch: Int) {
    var random = SeededGenerator(seed: Self.seed &+ 100 &+ UInt64(batch))
    for _ in 0..<20 {
      let spring = random.spring()
      let curve = TimingCurve(spring)
      #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
      #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1)
      // Over the last part of the settling, the raw motion stays within the tolerance of its end (it is rescaled by
      // x(S), itself within the tolerance of 1).
      for i in 0...100 {
        let u = 1 - Double(i) / 100_000
        #expect(abs(curve.value(at: u) - 1) <= 2.5 * Spring.tolerance, "\(curve) at \(u)")
      }
      // The bounds hold everywhere.
      let (lowest, highest) = curve.range
      #expect(lowest <= 0 && highest >= 1)
      for i in 0...2000 {
        let v = curve.value(at: Double(i) / 2000)
        #expect(v >= lowest - 1e-12 && v <= highest + 1e-12, "\(curve) at \(Double(i) / 2000)")
      }
    }
  }

  @Test("an underdamped spring overshoots, a critically damped one from rest does not")
  func overshoot() throws {
    let bouncy = TimingCurve(try Spring(mass: 1, stiffness: 170, damping: 8, initialVelocity: 0))
    let samples = (0...1000).map { bouncy.value(at: Double($0) / 1000) }
    #expect(samples.max()! > 1.2)
    let critical = TimingCurve(try Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0))
    let smooth = (0...1000).map { critical.value(at: Double($0) / 1000) }
    #expect(smooth.max()! <= 1 + 1e-12)
    #expect(zip(smooth, smooth.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "rises monotonically")
  }

  @Test("the reversal is g(u) = 1 - f(1 - u), and reversing twice gives the very same curve", arguments: 0..<4)
  func reversal(batch: Int) {
    var random = SeededGenerator(seed: Self.seed &+ 200 &+ UInt64(batch))
    for _ in 0..<20 {
      let curve = TimingCurve(random.spring())
      let reversed = curve.reversed()
      #expect(reversed != curve)
      #expect(reversed.reversed() == curve)
      for i in 0...200 {
        let u = Double(i) / 200
        #expect(reversed.value(at: u) == 1 - curve.value(at: 1 - u), "\(curve) at \(u)")
      }
      #expect(reversed.range.lowest == 1 - curve.range.highest)
    }
  }

  @Test(
    "bad numbers are rejected with a message naming them",
    arguments: [
      (0.0, 100.0, 10.0, 0.0, "mass"), (1.0, -5.0, 10.0, 0.0, "stiffness"), (1.0, 100.0, 0.0, 0.0, "damping"),
      (.nan, 100.0, 10.0, 0.0, "mass"), (1.0, 100.0, 10.0, .infinity, "initial velocity"),
    ])
  func badNumbers(mass: Double, stiffness: Double, damping: Double, velocity: Double, name: String) {
    #expect {
      _ = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    } throws: { error in
      "\(error)".contains(name)
    }
  }

  @Test("a spring that cannot settle in floating point is refused, not played as NaN")
  func unsettleable() {
    #expect(throws: AnimationError.self) {
      _ = try Spring(mass: 1e300, stiffness: 1e-300, damping: 1e-300, initialVelocity: 0)
    }
  }
}

/// Change intervals (section 9, "Timing"): a change runs over part of its step, and the part reverses exactly.
@Suite("Change intervals")
struct ChangeIntervalTests {
  @Test("a change over [0.25, 0.75] has not begun at a quarter, is halfway at the middle, done at three quarters")
  func progress() throws {
    let interval = try ChangeInterval(start: 0.25, end: 0.75)
    let step = try Step(
      duration: 2, curve: .linear,
      changes: [Step.Change(.appearing, .translate(Vector3(x: 100, y: 0, z: 0)), interval: interval)])
    let animation = Animation(steps: [step])
    #expect(animation.sample(at: 0.4).appearing.translation.x == 0)
    #expect(animation.sample(at: 0.5).appearing.translation.x == 0)
    #expect(abs(animation.sample(at: 1).appearing.translation.x - 50) < 1e-12)
    #expect(animation.sample(at: 1.5).appearing.translation.x == 100)
    #expect(animation.sample(at: 1.9).appearing.translation.x == 100)
    // Reversed: the inverted change runs over [0.25, 0.75] too (1 - 0.75, 1 - 0.25), from 100 back to 0.
    let reversed = animation.reversed()
    #expect(reversed.steps[0].changes[0].interval == interval.reversed)
    #expect(reversed.sample(at: 0.4).appearing.translation.x == 100)
    #expect(abs(reversed.sample(at: 0.7).appearing.translation.x - 80) < 1e-12)
  }

  @Test("reversing an interval twice gives the very same one, for random ends")
  func reversesExactly() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x494E_5456))
    for _ in 0..<1000 {
      let interval = random.interval()
      #expect(interval.reversed.reversed == interval)
      #expect(interval.reversed.start == 1 - interval.end && interval.reversed.end == 1 - interval.start)
    }
  }

  @Test(
    "intervals outside 0 <= start < end <= 1 are refused",
    arguments: [(-0.1, 0.5), (0.5, 0.5), (0.6, 0.4), (0.2, 1.1), (Double.nan, 0.5), (0, Double.infinity)]
      as [(Double, Double)])
  func refused(start: Double, end: Double) {
    #expect(throws: AnimationError.self) { _ = try ChangeInterval(start: start, end: end) }
  }
}
