import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// Descriptive texts SHOULD NOT be empty (section 6); the license should look like an SPDX expression.
  mutating func checkStrings() {
    let info = plugin.info
    for (field, text) in [("name", info.name), ("author", info.author), ("description", info.description)]
    where text.isEmpty {
      add(
        CheckFinding(.warning, section: 6, "the plugin's \(field) is empty; it is what users read in 'stagehand info'"))
    }
    if !Self.looksLikeSPDX(info.license) {
      add(
        CheckFinding(
          .warning, section: 12,
          "the license '\(info.license)' does not look like an SPDX expression (for example MIT, Apache-2.0, "
            + "GPL-3.0-or-later, MIT OR Apache-2.0)"))
    }
    var texts = [("the plugin's name", info.name), ("the author", info.author), ("the description", info.description)]
    texts.append(("the license", info.license))
    for style in info.styles {
      texts.append(("the summary of style '\(style.name)'", style.summary))
      for parameter in style.parameters {
        texts.append(("the description of parameter '\(parameter.symbol)'", parameter.description))
        if let unit = parameter.unit { texts.append(("the unit of parameter '\(parameter.symbol)'", unit)) }
      }
      for preset in style.presets { texts.append(("the summary of preset '\(preset.name)'", preset.summary)) }
    }
    for (what, text) in texts where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      add(
        CheckFinding(
          .warning, section: 6,
          "\(what) holds control characters (\(text.escapingControlCharacters)); they are escaped when printed, "
            + "so say it in plain text"))
    }
    for style in info.styles {
      if style.summary.isEmpty {
        add(CheckFinding(.warning, section: 6, style: style.name, "the summary is empty; say what the style does"))
      }
      for parameter in style.parameters where parameter.description.isEmpty {
        add(
          CheckFinding(
            .warning, section: 6, style: style.name, parameter: parameter.symbol,
            "the description is empty; say what the parameter changes"))
      }
      for preset in style.presets where preset.summary.isEmpty {
        add(CheckFinding(.warning, section: 6, style: preset.name, "the preset's summary is empty"))
      }
    }
  }

  /// Whether `text` looks like an SPDX license expression: identifiers (letters, digits, `.`, `-`, `+`) joined by
  /// AND, OR and WITH, with parentheses.
  static func looksLikeSPDX(_ text: String) -> Bool {
    let tokens = text.replacing("(", with: " ( ").replacing(")", with: " ) ").split(separator: " ")
    guard !tokens.isEmpty else { return false }
    var expectIdentifier = true
    var depth = 0
    for token in tokens {
      switch token {
      case "(":
        guard expectIdentifier else { return false }
        depth += 1
      case ")":
        guard !expectIdentifier, depth > 0 else { return false }
        depth -= 1
      case "AND", "OR", "WITH":
        guard !expectIdentifier else { return false }
        expectIdentifier = true
      default:
        guard expectIdentifier, token.first!.isLetter || token.first!.isNumber,
          token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-+:".contains($0)) })
        else { return false }
        expectIdentifier = false
      }
    }
    return !expectIdentifier && depth == 0
  }

  /// SH_STYLE_USES_3D MUST be set when a build uses the third dimension (an error if it is missing, a warning if it
  /// is set for nothing); SH_STYLE_SYMMETRIC must hold when set, and is suggested when every inverse looks like its
  /// forward animation, draw order included where it shows (`inverseLooksLikeForward(_:_:in:)`, section 10).
  mutating func checkFlags(
    _ style: StyleInfo, _ pairs: [Built], sweeps: [Animation]
  ) {
    let uses3D =
      pairs.contains { $0.forward.usesThirdDimension || $0.inverse.usesThirdDimension }
      || sweeps.contains(where: \.usesThirdDimension)
    if uses3D && !style.uses3D {
      add(
        CheckFinding(
          .error, section: 10, style: style.name,
          "it uses the third dimension (a z translation or scale, a rotation about an axis other than z, or a "
            + "perspective) but does not set SH_STYLE_USES_3D; set it"))
    } else if !uses3D && style.uses3D {
      add(
        CheckFinding(
          .warning, section: 10, style: style.name,
          "it sets SH_STYLE_USES_3D, but none of its builds uses the third dimension; clear it"))
    }
    // An animation that changes nothing looks like its inverse too; it is reported for what it is, and SYMMETRIC
    // is not suggested for it.
    // A style with no parameters may change nothing on purpose (a cut); one with parameters that changes nothing
    // in any build most likely reads them wrong.
    let still = !pairs.isEmpty && pairs.allSatisfy { Self.changesNothing($0.forward) }
    let reportedStill = still && !style.parameters.isEmpty
    if reportedStill {
      add(
        CheckFinding(
          .warning, section: 9, style: style.name,
          "its forward animation changes nothing visible in any build (every layer keeps its state from start to "
            + "end); a transition shows a change. Does the builder take each parameter as its declared type? (one "
            + "that takes a float or an integer for a double reads something else: section 13)"))
    }
    let symmetric = pairs.allSatisfy { Self.inverseLooksLikeForward($0.forward, $0.inverse, in: $0.bounds) }
    if style.isSymmetric && !symmetric {
      let statesAlike = pairs.allSatisfy { Self.looksTheSame($0.forward, $0.inverse) }
      add(
        CheckFinding(
          .error, section: 10, style: style.name,
          statesAlike
            ? "it sets SH_STYLE_SYMMETRIC, but its inverse does not look like its forward animation: each layer "
              + "moves and fades alike, but the inverse draws the leaving content on top (the pop's order) while "
              + "both contents show, overlapping, so the frames differ (as when both layers fade); clear it"
            : "it sets SH_STYLE_SYMMETRIC, but its inverse does not look like its forward animation; clear it"))
    } else if symmetric && !style.isSymmetric && !still {
      add(
        CheckFinding(
          .warning, section: 10, style: style.name,
          "its inverse looks like its forward animation in every build; set SH_STYLE_SYMMETRIC so catalogs can say so"))
    }
  }

  /// Whether two animations have the same duration and the same layer states (transform, visible opacity and clip),
  /// and the same visible backdrop, at the start, at each quarter and at the end, within a millionth of a point or
  /// of a unit (`statesLookTheSame`). The draw order is compared only when `drawOrder`: a forward animation shows
  /// its appearing content on top, its inverse the leaving one.
  static func looksTheSame(_ a: Animation, _ b: Animation, drawOrder: Bool = false) -> Bool {
    guard abs(a.duration - b.duration) <= 1e-9 * max(1, a.duration) else { return false }
    return [0, 0.25, 0.5, 0.75, 1.0].allSatisfy { fraction in
      let (x, y) = (a.sample(at: a.duration * fraction), b.sample(at: b.duration * fraction))
      return (!drawOrder || x.onTop == y.onTop) && statesLookTheSame(x, y)
    }
  }

  /// Whether an animation shows no change: at each quarter and at the end, every layer and the backdrop look as at
  /// the start (`statesLookTheSame`), in the same draw order.
  static func changesNothing(_ animation: Animation) -> Bool {
    let start = animation.sample(at: 0)
    return [0.25, 0.5, 0.75, 1.0].allSatisfy { fraction in
      let states = animation.sample(at: animation.duration * fraction)
      return states.onTop == start.onTop && statesLookTheSame(states, start)
    }
  }

  /// Whether two sets of layer states look the same: each layer's transform, perspective, visible opacity, visible dim
  /// and clip, and the visible backdrop, within a millionth of a point or of a unit (relative to the numbers when they are larger than
  /// 1). The draw order is not compared.
  static func statesLookTheSame(_ x: LayerStates, _ y: LayerStates) -> Bool {
    func near(_ x: [Double], _ y: [Double]) -> Bool {
      zip(x, y).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }
    }
    func numbers(_ c: Clip) -> [Double] {
      [
        c.visibleInsets.top, c.visibleInsets.right, c.visibleInsets.bottom, c.visibleInsets.left,
        max(c.cornerRadius, 0),
        c.ellipseCentre.x, c.ellipseCentre.y, c.ellipseRadii.x, c.ellipseRadii.y,
      ] + wedgeNumbers(c)
    }
    func numbers(_ b: Backdrop) -> [Double] {
      let v = b.visible
      return [v.red * v.opacity, v.green * v.opacity, v.blue * v.opacity, v.opacity]
    }
    // A perspective is 1 / the camera distance in points, far below 1: compared relative to itself.
    func samePerspective(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(abs(a), abs(b)) }
    guard near(numbers(x.backdrop), numbers(y.backdrop)) else { return false }
    return LayerID.allCases.allSatisfy { layer in
      Self.close(x[layer].transform(in: unit), y[layer].transform(in: unit))
        && abs(x[layer].visibleOpacity - y[layer].visibleOpacity) <= 1e-6
        && abs(x[layer].visibleDim - y[layer].visibleDim) <= 1e-6
        && samePerspective(x[layer].perspective, y[layer].perspective)
        && near(numbers(x[layer].clip), numbers(y[layer].clip))
    }
  }

  private static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

  private static func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
    let left = [
      a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44,
    ]
    let right = [
      b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44,
    ]
    return zip(left, right).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }
  }

  /// The steps' durations SHOULD add up to the style's default duration, whatever the parameters and the container
  /// (sections 9 and 12): the host plays default_duration when no duration is asked for, so a build of another length
  /// is played faster or slower than it was described.
  mutating func checkDuration(_ style: StyleInfo, _ builds: [Animation]) {
    guard let other = builds.first(where: { abs($0.duration - style.defaultDuration) > 1e-9 }) else { return }
    add(
      CheckFinding(
        .warning, section: 12, style: style.name,
        "its default_duration is \(style.defaultDuration) s, but a build's steps add up to \(other.duration) s; the "
          + "host plays default_duration when no duration is asked for, so make them agree"))
  }
}

extension Animation {
  /// Whether any step uses the third dimension: a translation or scale along z, a rotation about an axis other than
  /// z, or a perspective (the definition of SH_STYLE_USES_3D).
  var usesThirdDimension: Bool {
    steps.contains { step in
      step.changes.contains { change in
        switch change.change {
        case .translate(let v): v.z != 0
        case .rotate(let angle, let axis): angle != 0 && (axis.x != 0 || axis.y != 0)
        case .scale(let s): s.z != 1
        case .changePerspective(let d): d != 0
        case .fade, .moveAnchor, .inset, .cornerRadius, .ellipse, .wedge, .dim, .backdrop, .swapDrawOrder: false
        }
      }
    }
  }
}

extension PluginChecker {
  /// The numbers of a clip's wedge that decide what it draws: none of them when it cuts nothing (a sweep of a whole
  /// turn or more) or leaves nothing (a sweep of 0 or less), else its centre, its first edge's direction (so that
  /// angles a whole turn apart compare equal) and its sweep.
  static func wedgeNumbers(_ c: Clip) -> [Double] {
    guard c.cutsWithWedge else { return [0, 0, 0, 0, 1] }
    guard c.wedgeSweep > 0 else { return [0, 0, 0, 0, 0] }
    let first = c.wedgeEdges.first
    return [c.wedgeCentre.x, c.wedgeCentre.y, first.x, first.y, c.wedgeSweep / Clip.fullTurn]
  }
}
