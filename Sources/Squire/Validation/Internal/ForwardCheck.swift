#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Decides, without making an instance, whether a component can be forwarded as a type: what
/// lets `validate()` report a wrong `.as` before the first resolve fails on it.
///
/// Generic code cannot ask whether a type conforms to a protocol it only knows as `P`, so the
/// answer is read from the runtime: a class's superclasses, an existential's constraints (from
/// its metadata, whose layout is part of Swift's ABI) and the runtime's own conformance lookup.
/// Anything it cannot read is `nil`, unknown, and is left to the check at resolve time.
enum ForwardCheck {
  /// `false` when an instance of `implementation` is not a `forwarded` (for a class: unless it is
  /// of a subclass that is, which the factory's return type should then name); `true` when it
  /// is; `nil` when it depends on the instance (an existential) or cannot be read.
  static func fits(_ implementation: Any.Type, as forwarded: Any.Type) -> Bool? {
    // A factory that returns an `Optional` is forwarded by what it wraps (`as?` unwraps).
    if let optional = optionalParameter(implementation) {
      return fits(optional.wrappedType, as: forwarded)
    }
    if implementation == forwarded || holdsValuesOfVariousTypes(implementation) { return nil }
    if let target = forwarded as? AnyClass {
      guard let own = implementation as? AnyClass else { return false }
      // A factory declared to return a base class may return the subclass asked for.
      return inherits(own, from: target) || inherits(target, from: own) ? true : false
    }
    guard isExistential(forwarded) else { return nil }
    let metadata = unsafeBitCast(forwarded, to: UnsafeRawPointer.self)
    let word = MemoryLayout<UInt>.size
    let flags = metadata.load(fromByteOffset: word, as: UInt32.self)
    let protocolCount = Int(metadata.load(fromByteOffset: word + 4, as: UInt32.self))
    var offset = word + 8
    let isClassBound = flags & 0x8000_0000 == 0
    if isClassBound && !(implementation is AnyObject.Type) { return false }
    if flags & 0x4000_0000 != 0 {
      let superclass = unsafeBitCast(
        metadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self), to: Any.Type.self)
      offset += word
      if let own = implementation as? AnyClass, let required = superclass as? AnyClass,
        !inherits(own, from: required) && !inherits(required, from: own)
      {
        return false
      }
    }
    for position in 0..<protocolCount {
      let reference = metadata.load(fromByteOffset: offset + position * word, as: UInt.self)
      // The low bit marks an Objective-C protocol, which this lookup does not answer.
      guard reference & 1 == 0, let descriptor = UnsafeRawPointer(bitPattern: reference),
        let lookup = conformanceLookup
      else { return nil }
      if lookup(unsafeBitCast(implementation, to: UnsafeRawPointer.self), descriptor) == nil {
        // Said of a class too, though a subclass might conform: a factory that returns one
        // should say so in its return type.
        return false
      }
    }
    return true
  }

  private static func inherits(_ type: AnyClass, from ancestor: AnyClass) -> Bool {
    var current: AnyClass? = type
    while let candidate = current {
      if candidate == ancestor { return true }
      current = _getSuperclass(candidate)
    }
    return false
  }

  private typealias Lookup =
    @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?

  /// The runtime's `swift_conformsToProtocol`, found once.
  private static let conformanceLookup: Lookup? = {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
    #else
      let everywhere: UnsafeMutableRawPointer? = nil
    #endif
    guard let symbol = dlsym(everywhere, "swift_conformsToProtocol") else { return nil }
    return unsafeBitCast(symbol, to: Lookup.self)
  }()
}
