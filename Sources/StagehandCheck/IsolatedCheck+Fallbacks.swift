import StagehandPlugins

extension IsolatedCheck {
  /// `report` with a warning (section 12) for each reduced-motion fallback into another plugin that the installed
  /// catalog (`installed`) does not provide, or that cannot be resolved because no catalog is known: the host
  /// resolves such a fallback only when it plays it, and then fails.
  func resolvingFallbacks(_ report: CheckReport) -> CheckReport {
    var report = report
    for (style, fallback) in report.fallbacksToOtherPlugins.sorted(by: { $0.key < $1.key }) {
      let plugin = FallbackReference(fallback).plugin ?? ""
      guard let installed else {
        report.findings.append(
          CheckFinding(
            .warning, section: 12, style: style,
            "its reduced-motion fallback '\(fallback)' names a style of another plugin, and no installed catalog "
              + "was given to resolve it; the host resolves it only when it plays it. Check with the plugin "
              + "'\(plugin)' installed, or name a style of this plugin"))
        continue
      }
      guard !installed.contains(fallback) else { continue }
      let pluginKnown = installed.contains { $0.hasPrefix(plugin + ":") }
      report.findings.append(
        CheckFinding(
          .warning, section: 12, style: style,
          "its reduced-motion fallback '\(fallback)' cannot be resolved: "
            + (pluginKnown
              ? "the installed plugin '\(plugin)' has no style or preset of that name"
              : "no installed plugin has the id '\(plugin)'")
            + "; the host would fail when it plays the fallback. Name an installed style or preset "
            + "(stagehand list shows them), or a style of this plugin"))
    }
    return report
  }
}
