import FoundationEssentials
import FuzzSupport
import StagehandCatalog

// The manifest reader: a refusal must be an error, never a crash; an accepted manifest must write itself as JSON
// that reads back to the same manifest, and write the same bytes again (the JSON is canonical: sorted keys).

/// libFuzzer's entry: reads the input as a plugin manifest and, when it is accepted, writes and reads it again;
/// returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Data(UnsafeRawBufferPointer(start: data, count: size))
  guard let manifest = try? PluginManifest.decode(input) else { return 0 }
  let json = manifest.json()
  check(!json.isEmpty, "an accepted manifest cannot be written: \(manifest)")
  let again: PluginManifest
  do {
    again = try PluginManifest.decode(json)
  } catch {
    fail("a written manifest cannot be read: \(error)\n\(String(decoding: json, as: UTF8.self))")
  }
  check(again == manifest, "a manifest reads back different:\n\(manifest)\n\(again)")
  check(again.json() == json, "a manifest writes different bytes the second time")
  return 0
}
