import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// The container the parameter checks build in.
  static let parameterContext = Rect(x: 0, y: 0, width: 320, height: 480)

  /// Every parameter should have an effect: moving it across its range, the others at their defaults, changes the
  /// forward animation; and a decimal parameter's values between two integers give animations of their own. A
  /// builder that takes `int32_t` or `float` for a declared `double` (section 13) fails one of these. Returns the
  /// forward animations it built, which the flags and the duration are checked over too.
  mutating func checkParameters(_ index: Int) -> [Animation] {
    let style = plugin.info.styles[index]
    var built: [Animation] = []
    for (p, parameter) in style.parameters.enumerated() {
      let candidates: [Double]
      switch parameter.type {
      case .enum: candidates = parameter.labels.indices.map(Double.init)
      case .bool: candidates = [0, 1]
      case .int, .double:
        let span = parameter.maximum - parameter.minimum
        let raw = [parameter.minimum, parameter.minimum + span / 2, parameter.maximum, parameter.defaultValue]
        candidates = parameter.type == .int ? raw.map { $0.rounded(.down) } : raw
      }
      var animations: [(Double, Animation)] = []
      for value in Set(candidates).sorted() {
        let shown = parameter.text(for: parameter.value(fromNumber: value))
        guard let animation = build(index, p, value, what: "with \(parameter.symbol) = \(shown)") else {
          return built
        }
        animations.append((value, animation))
        built.append(animation)
      }
      guard animations.count > 1 else { continue }
      // Compared within a millionth, not exactly: a builder that takes a float for a double reads the low half of
      // the double, a tiny number for most values and 0 for others, and changes the animation by nothing visible.
      if animations.allSatisfy({ Self.looksTheSame($0.1, animations[0].1, drawOrder: true) }) {
        // A parameter may act only with other values of the others (a corner radius only when shape = box): it is
        // tried at every preset and every other choice before it is said to have no effect.
        guard let found = hasEffectElsewhere(index, p, Set(candidates).sorted()), !found else { continue }
        let values = animations.map { parameter.text(for: parameter.value(fromNumber: $0.0)) }
        var message =
          "it has no effect: \(values.joined(separator: ", ")) give the same animation"
          + (style.parameters.count > 1 || !style.presets.isEmpty
            ? ", with the other parameters at their defaults, at every preset and at every label of the others" : "")
        if parameter.type == .double {
          message +=
            "; does the builder take this parameter as a double? (one that takes a float or an integer reads "
            + "something else: section 13)"
        }
        add(CheckFinding(.warning, section: 12, style: style.name, parameter: parameter.symbol, message))
        continue
      }
      if parameter.type == .double { checkFractions(index, p, parameter) }
    }
    return built
  }

  /// Warns when a decimal parameter gives, at every fraction tried, the animation of its integer part: the builder
  /// probably takes an integer.
  private mutating func checkFractions(_ index: Int, _ p: Int, _ parameter: ParameterInfo) {
    let span = parameter.maximum - parameter.minimum
    guard span >= 2 else { return }  // too narrow to have integers to compare with
    var fractions: [Double] = []
    for quarter in [0.3, 0.55, 0.8] {
      var value = parameter.minimum + span * quarter
      // A value that is an integer but for rounding (0.55 of 360 is 198.00000000000003) has no fraction to lose: the
      // half past it has.
      if abs(value - value.rounded()) < 1e-6 { value = value.rounded() + 0.5 }
      let whole = value.rounded(.towardZero)
      if value != whole, value <= parameter.maximum, whole >= parameter.minimum, whole <= parameter.maximum {
        fractions.append(value)
      }
    }
    guard !fractions.isEmpty else { return }
    for fraction in fractions {
      let whole = fraction.rounded(.towardZero)
      guard let a = build(index, p, fraction, what: "with \(parameter.symbol) = \(fraction)"),
        let b = build(index, p, whole, what: "with \(parameter.symbol) = \(whole)")
      else { return }
      if !Self.looksTheSame(a, b, drawOrder: true) { return }
    }
    let example = fractions[0]
    add(
      CheckFinding(
        .warning, section: 13, style: plugin.info.styles[index].name, parameter: parameter.symbol,
        "the builder seems to take an integer for this double parameter: \(example) gives the animation of "
          + "\(example.rounded(.towardZero)); declare the builder's argument as double"))
  }

  /// Whether parameter `p`'s `values` give different forward animations from another starting point than the
  /// defaults: each preset's values, and each other label (or boolean) of every other enum or bool parameter. Nil
  /// (with a finding) when a build fails.
  private mutating func hasEffectElsewhere(_ index: Int, _ p: Int, _ values: [Double]) -> Bool? {
    let style = plugin.info.styles[index]
    var bases: [(name: String, values: [ParameterValue])] = presetValues(of: style)
    for (q, other) in style.parameters.enumerated() where q != p {
      let choices: [ParameterValue] =
        switch other.type {
        case .enum: other.labels.indices.map { .label(Int32($0)) }
        case .bool: [.bool(false), .bool(true)]
        case .int, .double: []
        }
      for choice in choices where choice != other.defaultParameterValue {
        var base = defaults(of: style)
        base[q] = choice
        bases.append(("\(other.symbol) = \(other.text(for: choice))", base))
      }
    }
    for (name, base) in bases {
      var first: Animation?
      for number in values {
        guard
          let animation = build(
            index, p, number, what: "with \(style.parameters[p].symbol) = \(number) and \(name)", base: base)
        else { return nil }
        if let first, !Self.looksTheSame(first, animation, drawOrder: true) { return true }
        first = first ?? animation
      }
    }
    return false
  }

  /// The forward animation with parameter `p` set to `number` and the others at their defaults (or as in `base`);
  /// nil (with a finding) when the build fails.
  private mutating func build(
    _ index: Int, _ p: Int, _ number: Double, what: String, base: [ParameterValue]? = nil
  ) -> Animation? {
    let style = plugin.info.styles[index]
    var values = base ?? defaults(of: style)
    values[p] = style.parameters[p].value(fromNumber: number)
    progress("building the forward animation of style '\(style.name)' \(what)")
    do throws(PluginError) {
      let animation = try plugin.forward(styleIndex: index, values: values, in: Self.parameterContext)
      builds += 1
      return animation
    } catch {
      add(
        CheckFinding(
          .error, section: 8, style: style.name, parameter: style.parameters[p].symbol,
          "building the forward animation \(what): \(error)"))
      return nil
    }
  }
}
