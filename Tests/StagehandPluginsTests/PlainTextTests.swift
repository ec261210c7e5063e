import StagehandPlugins
import StagehandTestSupport
import Testing

/// The text the host shows for a decimal value is a plain decimal that reads back as the same value
/// (Fuzz/Corpus/FuzzCommandLine/regression-exponent: -2147483647748364860 was shown as -2.1474836477483648e+18, a form
/// the grammar refuses).
@Suite("Plain decimal text")
struct PlainTextTests {
  @Test(
    "chosen values are shown as plain decimals",
    arguments: [
      (0.5, "0.5"), (2, "2"), (-2147483647748364860, "-2147483647748364800"), (1e-7, "0.0000001"),
      (1e21, "1000000000000000000000"), (-0.0, "0"), (123.25, "123.25"), (0.1 + 0.2, "0.30000000000000004"),
    ])
  func chosen(value: Double, text: String) {
    #expect(value.plainText == text)
  }

  @Test("every finite value reads back, from seeded random bit patterns and the extremes")
  func readsBack() {
    var generator = SeededGenerator(seed: 0x5EED_0D0C)
    var values: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .ulpOfOne]
    while values.count < 20_000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value) }
    }
    for value in values {
      let text = value.plainText
      #expect(!text.contains("e") && text.utf8.count <= DecimalNumber.longest, "\(value): \(text)")
      #expect(DecimalNumber.parse(Substring(text), signed: true) == value, "\(value): \(text)")
    }
  }

  @Test("a double parameter shows each value it accepts as text it accepts again")
  func parameterReadsBack() throws {
    let parameter = ParameterInfo(
      symbol: "amount", type: .double, minimum: -1e300, maximum: 2.5, defaultValue: 0, description: "")
    for typed in ["-2147483647748364860", ".5", "2.", "-0", "-99999999999999999999999999999999"] {
      guard case .success(let value) = parameter.parse(typed) else {
        Issue.record("'\(typed)' refused")
        continue
      }
      #expect(try parameter.parse(parameter.text(for: value)).get() == value, "\(typed)")
    }
  }
}
