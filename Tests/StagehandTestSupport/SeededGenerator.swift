#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small, fast, reproducible random number generator (SplitMix64) for seeded tests.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// The seed this generator started from; print it in failure messages so that a run can be reproduced.
  public let seed: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) {
    self.seed = seed
    self.state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed for randomized tests: `STAGEHAND_TEST_SEED` when set (to reproduce a failure), else `fallback`.
  public static func testSeed(_ fallback: UInt64) -> UInt64 {
    if let text = getenv("STAGEHAND_TEST_SEED").map({ String(cString: $0) }), let seed = UInt64(text) {
      return seed
    }
    return fallback
  }

  /// How many operations a randomized run makes: `STAGEHAND_TEST_STEPS` when it is a positive number, else
  /// `fallback` (long runs by hand: `STAGEHAND_TEST_STEPS=1000000 swift test --filter Randomized`).
  public static func testSteps(_ fallback: Int) -> Int {
    if let text = getenv("STAGEHAND_TEST_STEPS").map({ String(cString: $0) }), let steps = Int(text), steps > 0 {
      return steps
    }
    return fallback
  }
}
