/// An immutable open-addressing map from a type's identity to its producer.
///
/// The top-level lookup of every resolve goes through here. `Dictionary` hashes an
/// `ObjectIdentifier` with SipHash (about 90 instructions); a metadata pointer needs no such
/// protection, so this table mixes it with one multiplication and probes linearly.
///
/// A table made after a registration holds only the keys it changed and falls back to the
/// table before it for the others: registering costs the change, not the graph. A key the
/// change made unanswerable (now missing or ambiguous) is held with no producer, so that the
/// lookup stops there and the resolve takes the slow path, which explains why.
@usableFromInline
final class TypeTable: @unchecked Sendable {
  @usableFromInline let keys: UnsafeMutablePointer<UInt>
  /// Unowned: `entries` keeps them alive. Reading one costs no reference counting.
  @usableFromInline let values: UnsafeMutablePointer<Unmanaged<AnyProducer>?>
  /// Every key held, with its producer or none: what a later table is merged from.
  let entries: [ObjectIdentifier: AnyProducer?]
  /// Looked up for a key this table does not hold.
  @usableFromInline let fallback: TypeTable?
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt
  let capacity: Int

  init(_ entries: [ObjectIdentifier: AnyProducer?], fallback: TypeTable? = nil) {
    var capacity = 8
    while capacity < entries.count * 2 { capacity <<= 1 }
    self.capacity = capacity
    self.fallback = fallback
    mask = capacity - 1
    shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
    keys = .allocate(capacity: capacity)
    keys.initialize(repeating: 0, count: capacity)
    values = .allocate(capacity: capacity)
    values.initialize(repeating: nil, count: capacity)
    self.entries = entries
    for (key, value) in entries {
      let raw = UInt(bitPattern: key)
      var slot = Self.slot(of: raw, shift: shift)
      while keys[slot] != 0 { slot = (slot &+ 1) & mask }
      keys[slot] = raw
      values[slot] = value.map { Unmanaged.passUnretained($0) }
    }
  }

  deinit {
    keys.deinitialize(count: capacity)
    keys.deallocate()
    values.deinitialize(count: capacity)
    values.deallocate()
  }

  /// How many tables a lookup may go through: this one and its fallbacks.
  var depth: Int { 1 + (fallback?.depth ?? 0) }

  @inlinable
  @inline(__always)
  static func slot(of raw: UInt, shift: UInt) -> Int {
    // Fibonacci hashing: the high bits of the product are well mixed.
    Int(truncatingIfNeeded: (raw &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Out of line: a table with no fallback (every table of a container that registered
  /// everything before resolving) never pays for it.
  @usableFromInline
  func notHeld(_ type: ObjectIdentifier) -> Unmanaged<AnyProducer>? {
    fallback?.producer(for: type)
  }

  @inlinable
  @inline(__always)
  func producer(for type: ObjectIdentifier) -> Unmanaged<AnyProducer>? {
    let raw = UInt(bitPattern: type)
    var slot = Self.slot(of: raw, shift: shift)
    while true {
      let key = keys[slot]
      if key == raw { return values[slot] }
      if key == 0 { return notHeld(type) }
      slot = (slot &+ 1) & mask
    }
  }
}
