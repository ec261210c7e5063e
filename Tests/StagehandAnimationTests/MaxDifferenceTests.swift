import StagehandAnimation
import StagehandTestSupport
import Testing

/// The law tests' measure of difference sees every number of a layer state: a field added to `LayerState` or `Clip`
/// and forgotten in `maxDifference` would let its inverse go untested (the wedge and the dim once were).
@Suite("maxDifference counts every field of a layer state")
struct MaxDifferenceTests {
  /// Every number of a layer state, by key path.
  static var fields: [(String, WritableKeyPath<LayerState, Double>)] {
    [
      ("translation.x", \.translation.x), ("translation.y", \.translation.y), ("translation.z", \.translation.z),
      ("rotation.w", \.rotation.w), ("rotation.x", \.rotation.x), ("rotation.y", \.rotation.y),
      ("rotation.z", \.rotation.z), ("scale.x", \.scale.x), ("scale.y", \.scale.y), ("scale.z", \.scale.z),
      ("anchor.x", \.anchor.x), ("anchor.y", \.anchor.y), ("opacity", \.opacity), ("perspective", \.perspective),
      ("clip.insets.top", \.clip.insets.top), ("clip.insets.right", \.clip.insets.right),
      ("clip.insets.bottom", \.clip.insets.bottom), ("clip.insets.left", \.clip.insets.left),
      ("clip.cornerRadius", \.clip.cornerRadius), ("clip.ellipseCentre.x", \.clip.ellipseCentre.x),
      ("clip.ellipseCentre.y", \.clip.ellipseCentre.y), ("clip.ellipseRadii.x", \.clip.ellipseRadii.x),
      ("clip.ellipseRadii.y", \.clip.ellipseRadii.y), ("clip.wedgeCentre.x", \.clip.wedgeCentre.x),
      ("clip.wedgeCentre.y", \.clip.wedgeCentre.y), ("clip.wedgeStart", \.clip.wedgeStart),
      ("clip.wedgeSweep", \.clip.wedgeSweep), ("dim", \.dim),
    ]
  }

  /// The stored leaves of `value`, found by reflection: the numbers, and the names of the types of any other leaf.
  static func leaves(of value: Any) -> (numbers: Int, others: [String]) {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty {
      return value is Double ? (1, []) : (0, ["\(type(of: value))"])
    }
    return mirror.children.reduce((0, [])) { found, child in
      let inner = leaves(of: child.value)
      return (found.0 + inner.numbers, found.1 + inner.others)
    }
  }

  @Test("the list of fields is the state's: every stored leaf is a number, and there are as many as listed")
  func listIsComplete() {
    let found = Self.leaves(of: LayerState())
    #expect(found.others == [], "a stored leaf that is not a number: decide how maxDifference measures it")
    #expect(found.numbers == Self.fields.count, "a number was added to LayerState: add it here and to maxDifference")
  }

  @Test("each field, changed by 1, makes a difference of 1; NaN in it makes the difference NaN")
  func everyFieldCounts() {
    for (name, field) in Self.fields {
      var changed = LayerState()
      changed[keyPath: field] += 1
      #expect(maxDifference(LayerState(), changed) == 1, "\(name)")
      changed[keyPath: field] = .nan
      #expect(maxDifference(LayerState(), changed).isNaN, "\(name)")
    }
  }
}
