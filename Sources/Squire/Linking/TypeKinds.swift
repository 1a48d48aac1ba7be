import Synchronization

// What the runtime knows about a type that the language does not let generic code ask: whether
// it is an existential (`any Weapon`) and whether its values are class instances. Read from the
// type's metadata, whose layout is part of Swift's ABI.

/// The metadata kind of an existential type (`any P`, `any P & Q`, `AnyObject`, `Any`).
private let existentialKind: UInt = 0x303

/// Whether `type` is an existential: `any P`, `AnyObject`, `Any`.
@usableFromInline
func isExistential(_ type: Any.Type) -> Bool {
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == existentialKind
}

/// Whether `type` is a struct (not an enum, a class, a tuple, a function or an existential).
func isStruct(_ type: Any.Type) -> Bool {
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x200
}

/// The metadata kind of an `Optional`.
private let optionalKind: UInt = 0x202

/// `type` as an `Optional`, to ask what it wraps; `nil` for any other type. Asks the runtime
/// only for an `Optional`: a conformance lookup that fails costs thousands of instructions, and
/// `register` asks for every component.
func optionalParameter(_ type: Any.Type) -> (any OptionalParameter.Type)? {
  guard unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == optionalKind else {
    return nil
  }
  return type as? any OptionalParameter.Type
}

/// Whether values of `type` may be of different types: an existential (`any P`), a
/// constrained one (`any Collection<Int>`) or an existential metatype (`any P.Type`).
@usableFromInline
func holdsValuesOfVariousTypes(_ type: Any.Type) -> Bool {
  // Existential, existential metatype, extended existential.
  let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
  return kind == existentialKind || kind == 0x306 || kind == 0x307
}

/// Whether every value of `type` is a class instance: a class, `AnyObject`, or an existential
/// whose protocols are class-bound (`any Weapon` with `protocol Weapon: AnyObject`). Only such
/// values can be held weakly.
@usableFromInline
func holdsClassInstances(_ type: Any.Type) -> Bool {
  if type is AnyObject.Type { return true }
  guard isExistential(type) else { return false }
  // After the kind come the existential's flags, whose top bit is clear when it is class-bound.
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self)
  return flags & 0x8000_0000 == 0
}

/// Whether `.weak` (or a scope that holds weakly) can hold values of `type`: class instances
/// (see ``holdsClassInstances(_:)``), or optionals of them, whose `nil` is not held (Factory's
/// `.shared` on a `Factory<Service?>`).
func holdsClassInstancesOrNil(_ type: Any.Type) -> Bool {
  if holdsClassInstances(type) { return true }
  guard let optional = optionalParameter(type) else { return false }
  return holdsClassInstances(optional.wrappedType)
}

/// The object `.weak` holds for `instance`: the instance, or the one an optional wraps (`nil`
/// for `nil`, which is never held).
func weaklyHeldObject<T>(_ instance: T) -> AnyObject? {
  if let optional = T.self as? any OptionalParameter.Type {
    return optional.wrappedObject(instance)
  }
  return instance as AnyObject
}

/// The dynamic type a forward (`.as`) last accepted with a checked cast, read from any thread:
/// instances of that type are converted without asking the runtime again.
@usableFromInline
final class CheckedType: Sendable {
  @usableFromInline
  let value = Atomic<UInt>(0)

  /// Whether an accepted type is kept: not for an existential component, whose instances can
  /// each be of another type that `type(of:)` cannot tell apart here.
  @usableFromInline
  let recordable: Bool

  @usableFromInline
  init(recordable: Bool) {
    self.recordable = recordable
  }

  /// `made` as a `P`. `as!` from a type that statically conforms is folded into a plain
  /// conversion by the optimiser; `as?` is not (it asks the runtime for the conformance every
  /// time). So `as!` is used only for an instance of the dynamic type that `as?` already
  /// accepted: the same type every time for a struct or an enum, the class of each instance for
  /// a class, whose subclasses are checked in their turn. A factory that returns something else
  /// later gets an error, never a crash.
  @inlinable
  @inline(__always)
  func convert<Impl, P>(_ made: consuming Impl, to: P.Type) throws(ResolutionError) -> P {
    let instance = made
    if _fastPath(accepted(ObjectIdentifier(Swift.type(of: instance)))) {
      return (consume instance) as! P
    }
    return try convertChecking(instance, to: P.self)
  }

  /// ``convert(_:to:)`` for a type not accepted yet: asks the runtime.
  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  func convertChecking<Impl, P>(_ instance: Impl, to: P.Type) throws(ResolutionError) -> P {
    guard let converted = instance as? P else {
      throw ResolutionError(
        reason: .notConvertible(
          component: String(describing: Impl.self), type: String(describing: P.self)))
    }
    if recordable { accept(ObjectIdentifier(Swift.type(of: instance))) }
    return converted
  }

  @inlinable
  func accepted(_ type: ObjectIdentifier) -> Bool {
    value.load(ordering: .relaxed) == UInt(bitPattern: type)
  }

  @inlinable
  func accept(_ type: ObjectIdentifier) {
    value.store(UInt(bitPattern: type), ordering: .relaxed)
  }
}
