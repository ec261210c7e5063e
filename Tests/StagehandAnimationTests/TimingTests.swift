import StagehandAnimation
import StagehandTestSupport
import Testing

/// `Timing`: what a caller may choose for a whole transition, read from text and turned into a timing curve.
@Suite("Timing chosen for a transition")
struct TimingTests {
  @Test(
    "the forms as written read back to the same timing",
    arguments: [
      ("linear", Timing.linear), ("Ease", .ease), ("ease-in", .easeIn), (" EASE-OUT ", .easeOut),
      ("ease-in-out", .easeInOut),
      ("cubic-bezier(0.1, 0.7, 0.3, 1.2)", .cubicBezier(x1: 0.1, y1: 0.7, x2: 0.3, y2: 1.2)),
      ("cubic-bezier(.25,-.5,1.,1)", .cubicBezier(x1: 0.25, y1: -0.5, x2: 1, y2: 1)),
      ("spring(0.5, 0.8)", .spring(response: 0.5, dampingRatio: 0.8)),
    ])
  func parsing(text: String, timing: Timing) throws {
    #expect(try Timing(parsing: text) == timing)
    #expect(try Timing(parsing: timing.description) == timing, "description reads back")
  }

  @Test("the named curves are CSS's; a cubic-bezier is that curve; a spring has the designers' numbers")
  func curves() throws {
    #expect(try Timing.linear.curve() == .linear)
    #expect(try Timing.easeInOut.curve() == .easeInOut)
    let ease = try #require(try Timing.ease.curve().controlPoints)
    #expect(abs(ease.x1 - 0.25) < 1e-12 && abs(ease.y1 - 0.1) < 1e-12 && ease.x2 == 0.25 && ease.y2 == 1)
    let custom = try #require(try Timing.cubicBezier(x1: 0.1, y1: 0.7, x2: 0.3, y2: 1.2).curve().controlPoints)
    #expect(abs(custom.y2 - 1.2) < 1e-12)
    let curve = try Timing.spring(response: 0.5, dampingRatio: 0.5).curve()
    guard case .spring(let spring, reversed: false) = curve.shape else {
      Issue.record("not a spring: \(curve)")
      return
    }
    let omega = 2 * Double.pi / 0.5
    #expect(spring.mass == 1 && abs(spring.stiffness - omega * omega) < 1e-9)
    #expect(abs(spring.damping - omega) < 1e-9 && spring.initialVelocity == 0)
    #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1 && curve.range.highest > 1, "it bounces")
    let critical = try Timing.spring(response: 0.5, dampingRatio: 1).curve()
    #expect((0...100).allSatisfy { critical.value(at: Double($0) / 100) <= 1 }, "critical: no overshoot")
  }

  @Test(
    "text that is no timing, or numbers that make no curve, give a typed error that says what to write",
    arguments: [
      ("", TimingError.unknown("")), ("wobble", .unknown("wobble")), ("steps(3)", .unknown("steps(3)")),
      (
        "cubic-bezier(0, 0, 1)",
        .argumentCount(timing: "cubic-bezier(0, 0, 1)", function: "cubic-bezier", expected: 4, given: 3)
      ),
      ("spring()", .argumentCount(timing: "spring()", function: "spring", expected: 2, given: 0)),
      ("spring(0.5, x)", .notANumber(timing: "spring(0.5, x)", argument: "x")),
      ("spring(0.5, 1e2)", .notANumber(timing: "spring(0.5, 1e2)", argument: "1e2")),
      ("cubic-bezier(0, 0, 1, )", .notANumber(timing: "cubic-bezier(0, 0, 1, )", argument: "")),
      (
        "cubic-bezier(-0.1, 0, 1, 1)",
        .outOfRange(timing: "cubic-bezier(-0.1, 0, 1, 1)", what: "x1 (-0.1)", rule: "an x from 0 to 1, such as 0.25")
      ),
    ])
  func refusals(text: String, error: TimingError) {
    #expect(throws: error) { try Timing(parsing: text) }
    #expect(error.description.contains("'\(text)'"), "the message names the text: \(error)")
  }

  @Test("a spring of no response or no damping is refused when its curve is made")
  func badSprings() {
    for timing in [
      Timing.spring(response: 0, dampingRatio: 1), .spring(response: 1, dampingRatio: 0),
      .spring(response: .nan, dampingRatio: 1), .cubicBezier(x1: 2, y1: 0, x2: 1, y2: 1),
    ] {
      #expect(throws: TimingError.self) { try timing.curve() }
    }
  }

  @Test("Animation.withCurves replaces every step's curve and keeps every step boundary's states")
  func withCurves() throws {
    var random = SeededGenerator(seed: 0x71_3E)
    for _ in 0..<200 {
      let animation = random.animation()
      let curve = try Timing.cubicBezier(x1: 0.2, y1: -0.3, x2: 0.6, y2: 1.4).curve()
      let timed = animation.withCurves(curve)
      #expect(timed.steps.allSatisfy { $0.curve == curve } && timed.duration == animation.duration)
      var t = 0.0
      for step in animation.steps {
        t += step.duration
        #expect(maxDifference(timed.sample(at: t), animation.sample(at: t)) <= 1e-9)
      }
      // The inverse law: the reversed animation given the reversed curve is the timed one reversed.
      let reversed = animation.reversed().withCurves(curve.reversed())
      #expect(reversed == timed.reversed())
    }
  }
}
