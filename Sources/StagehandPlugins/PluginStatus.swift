import CStagehandPlugin

/// A status code of stagehand_plugin.h (section 8): what a host function returns to a builder, and what a builder
/// returns to the host.
///
/// The C value travels as `int32_t`; this type wraps it where Swift reads it from C or returns it to C, so the code
/// names `.invalidArgument` instead of casting `SH_ERROR_INVALID_ARGUMENT` each time. Any `int32_t` can be wrapped,
/// since a builder may return a value the header does not define; `name` tells the two apart.
package struct PluginStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C value.
  package let rawValue: Int32

  /// Wraps a C status value, defined by the header or not.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// `SH_OK`: the call succeeded.
  package static let ok = PluginStatus(rawValue: SH_OK)
  /// `SH_ERROR_INVALID_ARGUMENT`: an argument is out of its documented range, not finite, or NULL.
  package static let invalidArgument = PluginStatus(rawValue: SH_ERROR_INVALID_ARGUMENT)
  /// `SH_ERROR_NO_STEP`: a change or `set_bezier` before the first `begin_step`.
  package static let noStep = PluginStatus(rawValue: SH_ERROR_NO_STEP)
  /// `SH_ERROR_LIMIT`: more than `SH_MAX_STEPS` steps or `SH_MAX_CHANGES` changes.
  package static let limit = PluginStatus(rawValue: SH_ERROR_LIMIT)
  /// `SH_ERROR_FAILED`: the builder failed for a reason of its own.
  package static let failed = PluginStatus(rawValue: SH_ERROR_FAILED)

  /// Every status the header defines, with its name in the header, in the header's order.
  package static let named: [(status: PluginStatus, name: String)] = [
    (.ok, "SH_OK"), (.invalidArgument, "SH_ERROR_INVALID_ARGUMENT"), (.noStep, "SH_ERROR_NO_STEP"),
    (.limit, "SH_ERROR_LIMIT"), (.failed, "SH_ERROR_FAILED"),
  ]

  /// The status's name in the header, or nil for a value the header does not define.
  package var name: String? {
    Self.named.first { $0.status == self }?.name
  }

  /// The name in the header, or the number when the header does not define it.
  package var description: String { name ?? "\(rawValue)" }
}
