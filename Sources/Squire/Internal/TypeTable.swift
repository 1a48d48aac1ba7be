/// An immutable open-addressing map from a type's identity to its producer.
///
/// The top-level lookup of every resolve goes through here. `Dictionary` hashes an
/// `ObjectIdentifier` with SipHash (about 90 instructions); a metadata pointer needs no such
/// protection, so this table mixes it with one multiplication and probes linearly.
@usableFromInline
final class TypeTable: @unchecked Sendable {
  @usableFromInline let keys: UnsafeMutablePointer<UInt>
  /// Unowned: `owned` keeps them alive. Reading one costs no reference counting.
  @usableFromInline let values: UnsafeMutablePointer<Unmanaged<AnyProducer>?>
  private let owned: [AnyProducer]
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt
  let capacity: Int

  init(_ entries: [ObjectIdentifier: AnyProducer]) {
    var capacity = 8
    while capacity < entries.count * 2 { capacity <<= 1 }
    self.capacity = capacity
    mask = capacity - 1
    shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
    keys = .allocate(capacity: capacity)
    keys.initialize(repeating: 0, count: capacity)
    values = .allocate(capacity: capacity)
    values.initialize(repeating: nil, count: capacity)
    owned = Array(entries.values)
    for (key, value) in entries {
      let raw = UInt(bitPattern: key)
      var slot = Self.slot(of: raw, shift: shift)
      while keys[slot] != 0 { slot = (slot &+ 1) & mask }
      keys[slot] = raw
      values[slot] = Unmanaged.passUnretained(value)
    }
  }

  deinit {
    keys.deinitialize(count: capacity)
    keys.deallocate()
    values.deinitialize(count: capacity)
    values.deallocate()
  }

  @inlinable
  @inline(__always)
  static func slot(of raw: UInt, shift: UInt) -> Int {
    // Fibonacci hashing: the high bits of the product are well mixed.
    Int(truncatingIfNeeded: (raw &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inlinable
  @inline(__always)
  func producer(for type: ObjectIdentifier) -> Unmanaged<AnyProducer>? {
    let raw = UInt(bitPattern: type)
    var slot = Self.slot(of: raw, shift: shift)
    while true {
      let key = keys[slot]
      if key == raw { return values[slot] }
      if key == 0 { return nil }
      slot = (slot &+ 1) & mask
    }
  }
}
