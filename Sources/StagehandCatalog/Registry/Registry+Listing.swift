import StagehandCache

extension Registry {
  /// Calls `body` with every usable style, in the catalog's order, as `stagehand list` shows it: read from the
  /// registry cache's frames, without decoding a plugin's description.
  ///
  /// The styles are those of ``catalog()``, from the same cache; the byte views are valid only during each call.
  public func forEachListedStyle(_ body: (StyleListing) -> Void) {
    let index = catalogIndex()
    for entry in index.usableEntries {
      index.file.forEachListedStyle(of: index.file.entries[entry], body)
    }
  }
}
