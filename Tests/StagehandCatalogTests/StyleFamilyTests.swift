import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The families beyond CoconutKit's, each a bundled plugin of its own: cube, reveal and uncover, wipe, iris and barn
/// door (the C plugin), zoom-through, door and swing, fade-through, spring slides and pushes. Checked on the model the
/// registry builds, through the real libraries.
@Suite("The families beyond CoconutKit's")
struct StyleFamilyTests {
  /// Every style and preset these plugins add, by plugin id.
  static let namesByPlugin: [String: [String]] = [
    "org.stagehand.cube": ["cube"] + edges("cube-from-"),
    "org.stagehand.reveal":
      ["reveal"] + edges("reveal-to-") + corners("reveal-to-") + ["uncover"] + edges("uncover-to-"),
    "org.stagehand.clip": [
      "wipe", "iris", "iris-open", "iris-close", "iris-through-black", "barn-door", "barn-door-open-horizontal",
      "barn-door-close-horizontal", "barn-door-through-black-horizontal", "barn-door-open-vertical",
      "barn-door-close-vertical", "barn-door-through-black-vertical", "box-open", "box-close", "box-through-black",
      "clock-wipe", "clock-wipe-clockwise", "clock-wipe-counter-clockwise", "clock-wipe-from-three", "angle-wipe",
      "angle-wipe-from-top-left", "angle-wipe-from-bottom-left",
    ] + edges("wipe-from-") + corners("wipe-from-") + corners("wipe-to-"),
    "org.stagehand.zoom-through": [
      "zoom-through", "zoom-through-in", "zoom-through-out", "squeeze", "squeeze-vertically", "squeeze-horizontally",
    ],
    "org.stagehand.door": ["door"] + hinges("door-hinged-") + ["swing"] + hinges("swing-from-"),
    "org.stagehand.fade-through": ["fade-through", "fade-through-black", "fade-through-white", "fade-through-grey"],
    "org.stagehand.spring": ["spring-slide"] + edges("spring-slide-from-") + ["spring-push"]
      + edges("spring-push-from-"),
  ]

  static func edges(_ prefix: String) -> [String] {
    ["left", "right", "top", "bottom", "leading", "trailing"].map { prefix + $0 }
  }

  static func hinges(_ prefix: String) -> [String] { edges(prefix) }

  static func corners(_ prefix: String) -> [String] {
    [
      "top-left", "top-right", "bottom-left", "bottom-right", "top-leading", "top-trailing", "bottom-leading",
      "bottom-trailing",
    ].map { prefix + $0 }
  }

  static let names = namesByPlugin.values.flatMap { $0 }.sorted()

  static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
  static let ltr = TransitionContext(bounds: bounds)
  static let rtl = TransitionContext(bounds: bounds, layoutDirection: .rightToLeft)

  @Test("the families add 111 names, none of them twice")
  func namesAreNew() {
    #expect(Self.names.count == 111)
    #expect(Set(Self.names).count == Self.names.count)
  }

  @Test("every name resolves to its plugin and builds forward and inverse at its default duration", arguments: names)
  func resolvesAndBuilds(name: String) throws {
    let resolved = try bundledRegistry.resolve(name)
    #expect(Self.namesByPlugin[resolved.entry.plugin.info.id]?.contains(name) == true)
    let forward = try bundledRegistry.forward(Transition(name), in: Self.ltr)
    let inverse = try bundledRegistry.inverse(Transition(name), in: Self.rtl)
    #expect(abs(forward.duration - resolved.entry.style.defaultDuration) < 1e-12)
    #expect(abs(inverse.duration - resolved.entry.style.defaultDuration) < 1e-12)
    #expect(!resolved.entry.style.summary.isEmpty)
    #expect(resolved.preset.map { !$0.summary.isEmpty } ?? true)
  }

  @Test("the flags: the turning styles use 3D, only fade-through is its own inverse")
  func flags() throws {
    for name in ["cube", "door", "swing"] {
      #expect(try bundledRegistry.resolve(name).entry.style.uses3D, "\(name)")
    }
    for name in [
      "reveal", "uncover", "wipe", "iris", "barn-door", "clock-wipe", "angle-wipe", "zoom-through", "squeeze",
      "fade-through", "spring-slide", "spring-push",
    ] {
      #expect(try !bundledRegistry.resolve(name).entry.style.uses3D, "\(name)")
    }
    let styles = [
      "cube", "reveal", "uncover", "wipe", "iris", "barn-door", "clock-wipe", "angle-wipe", "zoom-through", "door",
      "swing", "fade-through", "spring-slide", "spring-push", "squeeze",
    ]
    #expect(Set(styles) == Set(Self.names.map { try? bundledRegistry.resolve($0).entry.style.name }))
    for style in styles {
      #expect(try bundledRegistry.resolve(style).entry.style.isSymmetric == (style == "fade-through"), "\(style)")
    }
  }

  @Test(
    "a linear wipe from an edge leaves exactly half of the new content at half time, on that side",
    arguments: [
      ("wipe-from-left", Insets(top: 0, right: 0.5, bottom: 0, left: 0)),
      ("wipe-from-right", Insets(top: 0, right: 0, bottom: 0, left: 0.5)),
      ("wipe-from-top", Insets(top: 0, right: 0, bottom: 0.5, left: 0)),
      ("wipe-from-bottom", Insets(top: 0.5, right: 0, bottom: 0, left: 0)),
      ("wipe-from-top-left", Insets(top: 0, right: 0.5, bottom: 0.5, left: 0)),
      ("wipe-from-bottom-right", Insets(top: 0.5, right: 0, bottom: 0, left: 0.5)),
    ])
  func wipeAtHalfTime(name: String, insets: Insets) throws {
    let wipe = try bundledRegistry.forward(Transition(name, parameters: ["curve": "linear"]), in: Self.ltr)
    #expect(wipe.duration == 0.5)
    let clip = wipe.sample(at: 0.25).appearing.clip
    #expect(nearly(clip.insets, insets))
    let kept = try #require(clip.rectangle(in: Self.bounds))
    let corner = insets.top + insets.bottom > 0 && insets.left + insets.right > 0
    let area = Self.bounds.size.width * Self.bounds.size.height / (corner ? 4 : 2)
    #expect(abs(kept.size.width * kept.size.height - area) < 1e-9)
    // Nothing at the start (an empty clip), everything at the end; the old content is never cut.
    #expect(wipe.sample(at: 0).appearing.clip.isEmpty)
    #expect(wipe.finalStates.appearing.clip == .none)
    #expect(wipe.sample(at: 0.25).disappearing.clip == .none)
  }

  @Test("an iris opens and closes with the radius the time gives")
  func irisRadius() throws {
    let linear = ["curve": "linear"]
    let open = try bundledRegistry.forward(Transition("iris-open", parameters: linear), in: Self.ltr)
    #expect(open.duration == 0.6)
    #expect(open.sample(at: 0).appearing.clip.ellipseRadii == Point(x: 0, y: 0))
    let quarter = open.sample(at: 0.15).appearing.clip
    #expect(abs(quarter.ellipseRadii.x - 0.25) < 1e-12 && abs(quarter.ellipseRadii.y - 0.25) < 1e-12)
    #expect(quarter.ellipseCentre == Point(x: 0.5, y: 0.5))
    // A circle: radius half a half-diagonal = 144.2... points across and down for 320 x 480.
    let circle = quarter.ellipse(in: Self.bounds)
    #expect(abs(circle.radiusX - (320.0 * 320 + 480 * 480).squareRoot() / 8) < 1e-9)
    #expect(circle.radiusX == circle.radiusY)
    #expect(open.finalStates.appearing.clip == .none)

    let close = try bundledRegistry.forward(Transition("iris-close", parameters: linear), in: Self.ltr)
    let closing = close.sample(at: 0.45)
    #expect(closing.onTop == .disappearing)
    #expect(abs(closing.disappearing.clip.ellipseRadii.x - 0.25) < 1e-12)
    #expect(closing.appearing.clip == .none)

    let black = try bundledRegistry.forward(Transition("iris-through-black", parameters: linear), in: Self.ltr)
    let middle = black.sample(at: 0.3)
    #expect(middle.disappearing.clip.isEmpty && middle.appearing.clip.isEmpty)
    #expect(middle.backdrop == Backdrop(red: 0, green: 0, blue: 0, opacity: 1))
    #expect(abs(black.sample(at: 0.15).disappearing.clip.ellipseRadii.x - 0.5) < 1e-12)
    #expect(abs(black.sample(at: 0.45).appearing.clip.ellipseRadii.x - 0.5) < 1e-12)
    #expect(black.finalStates.appearing.clip == .none)
  }

  @Test("barn doors move two opposite edges together, box doors all four")
  func barnDoors() throws {
    let linear = ["curve": "linear"]
    let open = try bundledRegistry.forward(Transition("barn-door-open-horizontal", parameters: linear), in: Self.ltr)
    #expect(nearly(open.sample(at: 0.25).appearing.clip.insets, Insets(top: 0, right: 0.25, bottom: 0, left: 0.25)))
    let close = try bundledRegistry.forward(Transition("barn-door-close-vertical", parameters: linear), in: Self.ltr)
    let closing = close.sample(at: 0.25)
    #expect(closing.onTop == .disappearing)
    #expect(nearly(closing.disappearing.clip.insets, Insets(top: 0.25, right: 0, bottom: 0.25, left: 0)))
    let box = try bundledRegistry.forward(Transition("box-open", parameters: linear), in: Self.ltr)
    #expect(box.sample(at: 0).appearing.clip.isEmpty)
    #expect(
      nearly(box.sample(at: 0.25).appearing.clip.insets, Insets(top: 0.25, right: 0.25, bottom: 0.25, left: 0.25)))
  }

  @Test("reveal and uncover draw the old content on top while it slides away", arguments: ["reveal", "uncover"])
  func oldContentOnTop(style: String) throws {
    let animation = try bundledRegistry.forward(Transition("\(style)-to-left"), in: Self.ltr)
    #expect(animation.duration == 0.4)
    #expect(animation.initialStates.onTop == .appearing)
    for time in stride(from: 0.05, through: 0.35, by: 0.05) {
      let states = animation.sample(at: time)
      #expect(states.onTop == .disappearing, "at \(time) s")
      #expect(states.disappearing.translation.x < 0 && states.disappearing.translation.x > -320, "at \(time) s")
    }
    let end = animation.finalStates
    #expect(end.disappearing.translation.x == -320)
    #expect(maxDifference(end.appearing, .identity) < 1e-12)
    // A reveal leaves the new content still; an uncover brings it from 30 % of the way back, moving the same way.
    let middle = animation.sample(at: 0.2).appearing.translation.x
    #expect(style == "reveal" ? middle == 0 : middle > 0 && middle < 96)
  }

  @Test(
    "fade-through shows the colour alone at the middle", arguments: [("black", 0.0), ("white", 1.0), ("grey", 0.5)])
  func fadeThroughMiddle(colour: String, component: Double) throws {
    let fade = try bundledRegistry.forward(Transition("fade-through-\(colour)"), in: Self.ltr)
    #expect(fade.duration == 0.8)
    let middle = fade.sample(at: 0.4)
    #expect(middle.backdrop == Backdrop(red: component, green: component, blue: component, opacity: 1))
    #expect(middle.appearing.visibleOpacity == 0)
    #expect(middle.disappearing.visibleOpacity == 0)
    // The old content fades over the first half only, the new one over the second.
    #expect(fade.sample(at: 0.2).appearing.visibleOpacity == 0)
    #expect(fade.sample(at: 0.2).disappearing.visibleOpacity > 0)
    #expect(fade.sample(at: 0.6).appearing.visibleOpacity > 0)
    #expect(fade.finalStates.appearing.opacity == 1)
  }

  @Test("a spring slide overshoots its rest position, then settles there")
  func springOvershoots() throws {
    let slide = try bundledRegistry.forward(Transition("spring-slide-from-left"), in: Self.ltr)
    #expect(slide.sample(at: 0).appearing.translation.x == -320)
    let farthest = stride(from: 0.0, through: 0.8, by: 0.01).map { slide.sample(at: $0).appearing.translation.x }.max()
    #expect(try #require(farthest) > 10)
    #expect(abs(slide.finalStates.appearing.translation.x) < 1e-9)
    // Critically damped, it glides to rest without passing it.
    let glide = try bundledRegistry.forward(
      Transition("spring-slide-from-left", parameters: ["damping-ratio": "1.2"]), in: Self.ltr)
    #expect(
      stride(from: 0.0, through: 0.8, by: 0.01).allSatisfy { glide.sample(at: $0).appearing.translation.x <= 1e-9 })
  }

  @Test("cube, door, swing and zoom-through leave the new content at rest, the stage too")
  func endAtRest() throws {
    for name in ["cube-from-left", "cube-from-bottom", "door-hinged-top", "swing-from-right", "zoom-through-out"] {
      let end = try bundledRegistry.forward(Transition(name), in: Self.ltr).finalStates
      #expect(maxDifference(end.appearing, .identity) < 1e-9, "\(name)")
      #expect(maxDifference(end.stage, .identity) < 1e-9, "\(name)")
    }
  }

  @Test("the cube turns the stage a quarter turn about the cube's centre: half-way, both faces at 45 degrees")
  func cubeHalfWay() throws {
    let cube = try bundledRegistry.forward(Transition("cube-from-right"), in: Self.ltr)
    let middle = cube.sample(at: 0.3)
    #expect(abs(middle.stage.rotation.angle - .pi / 4) < 1e-9)
    #expect(abs(middle.stage.translation.z - 160) < 1e-9)
    #expect(abs(middle.disappearing.translation.z + 160) < 1e-9)
    #expect(middle.stage.perspective > 0)
  }

  @Test("a shrinking wipe puts the old content on top and collapses its clip into the corner")
  func wipeToCorner() throws {
    let wipe = try bundledRegistry.forward(
      Transition("wipe-to-top-left", parameters: ["curve": "linear"]), in: Self.ltr)
    let half = wipe.sample(at: 0.25)
    #expect(half.onTop == .disappearing)
    #expect(nearly(half.disappearing.clip.insets, Insets(top: 0, right: 0.5, bottom: 0.5, left: 0)))
    #expect(half.appearing.clip == .none)
    #expect(wipe.finalStates.disappearing.clip.isEmpty)
  }

  @Test("a box through black closes the old content to black over the first half, opens the new one over the second")
  func boxThroughBlack() throws {
    let box = try bundledRegistry.forward(
      Transition("box-through-black", parameters: ["curve": "linear"]), in: Self.ltr)
    #expect(box.duration == 0.5)
    let quarter = box.sample(at: 0.125)
    #expect(quarter.onTop == .disappearing)
    #expect(nearly(quarter.disappearing.clip.insets, Insets(top: 0.25, right: 0.25, bottom: 0.25, left: 0.25)))
    #expect(quarter.appearing.clip.isEmpty)
    let middle = box.sample(at: 0.25)
    #expect(middle.disappearing.clip.isEmpty && middle.appearing.clip.isEmpty)
    #expect(middle.backdrop == Backdrop(red: 0, green: 0, blue: 0, opacity: 1))
    #expect(
      nearly(box.sample(at: 0.375).appearing.clip.insets, Insets(top: 0.25, right: 0.25, bottom: 0.25, left: 0.25)))
    #expect(box.finalStates.appearing.clip == .none)
  }

  @Test("a squeeze flattens the old content, on top, about the centre")
  func squeeze() throws {
    let squeeze = try bundledRegistry.forward(Transition("squeeze-vertically"), in: Self.ltr)
    let middle = squeeze.sample(at: 0.25)
    #expect(middle.onTop == .disappearing)
    #expect(middle.disappearing.scale.x == 1)
    #expect(abs(middle.disappearing.scale.y - (1 + 0.001) / 2) < 1e-9)
    #expect(abs(squeeze.finalStates.disappearing.scale.y - 0.001) < 1e-12)
    #expect(maxDifference(squeeze.finalStates.appearing, .identity) == 0)
  }

  /// Each leading or trailing preset, and the left or right one it is in a left-to-right layout.
  static let leadingTrailing: [(String, String, String)] = [
    ("wipe-from-leading", "wipe-from-left", "wipe-from-right"),
    ("wipe-from-trailing", "wipe-from-right", "wipe-from-left"),
    ("wipe-from-top-leading", "wipe-from-top-left", "wipe-from-top-right"),
    ("wipe-from-bottom-trailing", "wipe-from-bottom-right", "wipe-from-bottom-left"),
    ("wipe-to-top-leading", "wipe-to-top-left", "wipe-to-top-right"),
    ("wipe-to-bottom-trailing", "wipe-to-bottom-right", "wipe-to-bottom-left"),
    ("reveal-to-leading", "reveal-to-left", "reveal-to-right"),
    ("reveal-to-trailing", "reveal-to-right", "reveal-to-left"),
    ("reveal-to-top-trailing", "reveal-to-top-right", "reveal-to-top-left"),
    ("reveal-to-bottom-leading", "reveal-to-bottom-left", "reveal-to-bottom-right"),
    ("uncover-to-leading", "uncover-to-left", "uncover-to-right"),
    ("uncover-to-trailing", "uncover-to-right", "uncover-to-left"),
    ("cube-from-leading", "cube-from-left", "cube-from-right"),
    ("cube-from-trailing", "cube-from-right", "cube-from-left"),
    ("door-hinged-leading", "door-hinged-left", "door-hinged-right"),
    ("door-hinged-trailing", "door-hinged-right", "door-hinged-left"),
    ("swing-from-leading", "swing-from-left", "swing-from-right"),
    ("swing-from-trailing", "swing-from-right", "swing-from-left"),
    ("spring-slide-from-leading", "spring-slide-from-left", "spring-slide-from-right"),
    ("spring-slide-from-trailing", "spring-slide-from-right", "spring-slide-from-left"),
    ("spring-push-from-leading", "spring-push-from-left", "spring-push-from-right"),
    ("spring-push-from-trailing", "spring-push-from-right", "spring-push-from-left"),
  ]

  @Test("leading and trailing follow the layout direction, forward and inverse", arguments: leadingTrailing)
  func leadingAndTrailing(name: String, inLeftToRight: String, inRightToLeft: String) throws {
    #expect(
      try bundledRegistry.forward(Transition(name), in: Self.ltr)
        == bundledRegistry.forward(Transition(inLeftToRight), in: Self.ltr))
    #expect(
      try bundledRegistry.forward(Transition(name), in: Self.rtl)
        == bundledRegistry.forward(Transition(inRightToLeft), in: Self.ltr))
    #expect(
      try bundledRegistry.inverse(Transition(name), in: Self.rtl)
        == bundledRegistry.inverse(Transition(inRightToLeft), in: Self.ltr))
    #expect(
      try bundledRegistry.forward(Transition(name), in: Self.ltr)
        != bundledRegistry.forward(Transition(name), in: Self.rtl))
  }

  /// The bundled catalog's size after these families: the 39 names of push, cover, flip, the fades and the example's
  /// zoom, and these 104.
  @Test("the bundled catalog has at least 147 names")
  func catalogSize() {
    #expect(bundledNames.count >= 147)
    #expect(Set(bundledNames).count == bundledNames.count, "a name is bundled twice")
    #expect(bundledRegistry.catalog().rejected.isEmpty)
  }
}

/// Whether two insets agree within a billionth.
private func nearly(_ a: Insets, _ b: Insets) -> Bool {
  [a.top - b.top, a.right - b.right, a.bottom - b.bottom, a.left - b.left].allSatisfy { abs($0) < 1e-9 }
}
