import FuzzSupport
@_spi(Fuzzing) import StagehandCatalog
import StagehandPlugins

// The registry cache reader, on every input twice: as the file it is, and resealed, with its length field and its
// checksums (the frames' and each outcome's) made right so that the records behind them are read (a mutation almost
// always breaks a checksum). A refusal must be a CacheError (the reader's typed throws guarantee it); accepted
// records must obey the rules of the plugin header and survive being written and read again unchanged.
//
// The same input is also read as the frames the scanner child sends the host (ScanAnswer), which share the coding of
// plugin descriptions and outcomes with the cache: an answer the host accepts must encode to a frame that reads back
// the same.

/// libFuzzer's entry: reads the input as a registry cache file, as it is and resealed, and as scanner answers;
/// returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegistryCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  readAndCheck(input)
  var resealed = input
  RegistryCache.reseal(&resealed)
  if resealed != input { readAndCheck(resealed) }
  readAnswers(input)
  return 0
}

/// Decodes `bytes`; when they are accepted, checks the records and that they encode to bytes that decode to them.
func readAndCheck(_ bytes: [UInt8]) {
  let records: [String: CacheRecord]
  do {
    records = try RegistryCache.decode(bytes, file: "/fuzz/registry.cache")
  } catch {
    check(!error.detail.isEmpty, "a refusal without a reason")
    return
  }
  for (path, record) in records {
    check(path == record.path && path.utf8.first == UInt8(ascii: "/"), "record keyed \(path) for \(record.path)")
    check(record.identity.size >= 0, "negative size")
    switch record.outcome {
    case .ok(let info, _): checkRules(info)
    case .refused(let error): check(!error.description.isEmpty, "a refusal without a message")
    case .quarantined(.timeout(let seconds)): check(seconds.isFinite && seconds >= 0, "timeout \(seconds)")
    case .quarantined: break
    }
  }
  let encoded = RegistryCache.encode(records.values)
  let again = try? RegistryCache.decode(encoded, file: "/fuzz/again.cache")
  check(again == records, "the records do not read back the same after being written")
}

/// Reads the scanner's answer frames in `bytes` until one is refused or incomplete, checking each one accepted.
func readAnswers(_ bytes: [UInt8]) {
  var rest = bytes[...]
  while true {
    let decoded: (ScanAnswer, Int)?
    do {
      decoded = try ScanAnswer.decode(Array(rest))
    } catch {
      check(!error.description.isEmpty, "an answer refused without a reason")
      return
    }
    guard let (answer, used) = decoded else { return }
    check(used > 4 && used <= rest.count, "an answer of \(used) bytes out of \(rest.count)")
    if case .result(_, .ok(let info, _)) = answer { checkRules(info) }
    if case .result(_, .quarantined) = answer {
      fail("the scanner's answer holds a quarantine, which only the host decides")
    }
    let frame = answer.encoded()
    let again = try? ScanAnswer.decode(frame)
    check(again?.0 == answer && again?.1 == frame.count, "the answer \(answer) does not read back the same")
    rest = rest.dropFirst(used)
  }
}
