import StagehandSystem
import Synchronization

// MARK: - Builder handles
//
// The rule (stagehand_plugin.h, sections 5 and 7): a builder calls the host functions only from the thread that runs
// it, only before it returns, and only with the handle it received in that call. The host does not trust plugins to
// follow it; it enforces it, cheaply, on every host-function call:
//
// - A handle is a token, never an address: a number unique in the process (never reused), whose top byte is 0x53,
//   which no user-space address has on x86-64 or AArch64 Linux, so no pointer a plugin holds equals a token by chance
//   and a plugin that dereferences one faults at once. The host never reads through a handle; it only compares it.
// - Each thread has one slot (`BuildSlot`, reached through a pthread key) holding the token and the recorder of the
//   build running on that thread, or the token 0 and no recorder when none runs.
// - A host function accepts a call only when its handle equals the token in the calling thread's slot, and only then
//   touches a recorder. A handle kept after its builder returned (the slot was cleared, or holds a later build's
//   token), a handle used from another thread (whose slot holds another token, or none), and any other value (NULL,
//   0x1, the address of the host table, a neighbouring token) get SH_ERROR_INVALID_ARGUMENT, and nothing changes:
//   the host cannot tell which build such a call meant, so it neither records it nor counts it against any build.
// - `withBuilderHandle` fills the slot just before the builder is called and restores what the slot held before as
//   soon as it returns, whatever it returns, so a build started inside another one on the same thread would leave the
//   outer build intact.
// - Tokens come from a process-wide atomic counter in blocks of 2^16, so the usual build touches only its own
//   thread's slot (no shared cache line): a pthread_getspecific (`ThreadKey.value`), a few loads and stores.

/// The build running on one thread, and the tokens reserved for that thread. One per thread, allocated the first time
/// the thread builds, freed when it exits.
private struct BuildSlot {
  /// The token of the build running on this thread, or 0 when none runs.
  var token: UInt64 = 0
  /// The recorder of that build, unretained: `withBuilderHandle` keeps it alive while its token is in the slot.
  var recorder: Unmanaged<AnimationRecorder>?
  /// The next token this thread hands out.
  var nextToken: UInt64 = 0
  /// The end of the block of tokens reserved for this thread: when `nextToken` reaches it, another block is taken.
  var tokenLimit: UInt64 = 0
}

/// The raw value of the key of every thread's `BuildSlot`, plus one; 0 until the first build of the process creates
/// the key.
///
/// An atomic rather than a lazily initialised global, so that the host functions read it with a plain load. A thread
/// that reads 0 has never built, so there is no build it could call into.
private let buildSlotKeyPlusOne = Atomic<UInt>(0)

/// The key of every thread's `BuildSlot`, created the first time it is needed. Its destructor frees a thread's slot
/// when the thread exits.
private func buildSlotKey() -> ThreadKey {
  let known = buildSlotKeyPlusOne.load(ordering: .acquiring)
  if known != 0 { return ThreadKey(rawValue: known - 1) }
  guard let key = ThreadKey.make(destructor: { slot in slot?.deallocate() }) else {
    preconditionFailure("the process has no thread-local key left: cannot track builder handles")
  }
  let (created, existing) = buildSlotKeyPlusOne.compareExchange(
    expected: 0, desired: key.rawValue + 1, ordering: .acquiringAndReleasing)
  if created { return key }
  key.delete()  // another thread created the key first
  return ThreadKey(rawValue: existing - 1)
}

/// How many blocks of tokens all threads have taken so far.
private let takenTokenBlocks = Atomic<UInt64>(0)

/// The top byte every token has (0x53, "S"): no user-space address has it, and no token is 0.
private let tokenTag: UInt64 = 0x53 << 56

/// How many tokens a thread takes at a time.
private let tokensPerBlock: UInt64 = 1 << 16

/// The calling thread's slot, allocated the first time the thread builds.
private func currentBuildSlot() -> UnsafeMutablePointer<BuildSlot> {
  let key = buildSlotKey()
  if let slot = key.value { return slot.assumingMemoryBound(to: BuildSlot.self) }
  let slot = UnsafeMutablePointer<BuildSlot>.allocate(capacity: 1)
  slot.initialize(to: BuildSlot())
  precondition(key.set(slot), "no memory for this thread's slot: cannot track builder handles")
  return slot
}

extension AnimationRecorder {
  /// Calls `body` with a builder handle that reaches this recorder only from the calling thread, only until `body`
  /// returns; afterwards (and from any other thread) the host functions refuse it.
  func withBuilderHandle<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    let slot = currentBuildSlot()
    if slot.pointee.nextToken == slot.pointee.tokenLimit {
      // Block 0 is never handed out; 2^40 blocks of 2^16 tokens fill the 56 bits below the tag.
      let block = takenTokenBlocks.add(1, ordering: .relaxed).newValue
      precondition(block < 1 << 40, "the process has used up its 2^56 builder handles")
      slot.pointee.nextToken = tokenTag | block * tokensPerBlock
      slot.pointee.tokenLimit = slot.pointee.nextToken + tokensPerBlock
    }
    let token = slot.pointee.nextToken
    slot.pointee.nextToken += 1
    let outer = (token: slot.pointee.token, recorder: slot.pointee.recorder)
    slot.pointee.token = token
    slot.pointee.recorder = Unmanaged.passUnretained(self)
    defer {
      slot.pointee.token = outer.token
      slot.pointee.recorder = outer.recorder
    }
    return withExtendedLifetime(self) { body(UnsafeMutableRawPointer(bitPattern: UInt(token))!) }
  }
}

/// Calls `body` with the recorder of the build running on the calling thread when `handle` is that build's token;
/// otherwise returns SH_ERROR_INVALID_ARGUMENT and touches nothing. It compares the handle and never reads through it.
/// The status goes back to C as its raw value.
@inline(__always)
func withRecorder(_ handle: OpaquePointer?, _ body: (AnimationRecorder) -> PluginStatus) -> Int32 {
  let keyPlusOne = buildSlotKeyPlusOne.load(ordering: .relaxed)
  guard keyPlusOne != 0, let raw = ThreadKey(rawValue: keyPlusOne - 1).value else {
    return PluginStatus.invalidArgument.rawValue
  }
  let slot = raw.assumingMemoryBound(to: BuildSlot.self).pointee
  guard let recorder = slot.recorder, slot.token == UInt64(UInt(bitPattern: handle)) else {
    return PluginStatus.invalidArgument.rawValue
  }
  // No retain: `withBuilderHandle` keeps the recorder alive while its token is in this thread's slot.
  return recorder._withUnsafeGuaranteedRef(body).rawValue
}
