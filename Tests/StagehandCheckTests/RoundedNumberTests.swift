import Testing

@testable import StagehandCheck

/// The numbers the spring messages show.
@Suite("stagehand check: numbers rounded for a message")
struct RoundedNumberTests {
  @Test("three significant digits, large and small, and the rest as it is")
  func threeDigits() {
    #expect(PluginChecker.rounded(13_815_510.557964277) == 13_800_000)
    #expect(PluginChecker.rounded(9.233413476451586) == 9.23)
    #expect(PluginChecker.rounded(-0.7609457710399319) == -0.761)
    #expect(PluginChecker.rounded(0) == 0)
    #expect(PluginChecker.rounded(.infinity) == .infinity)
  }
}
