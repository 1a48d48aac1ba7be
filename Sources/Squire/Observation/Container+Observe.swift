import _SquireShims

extension Container {
  /// Calls `observer` once for each key a component registered in this container is
  /// resolvable by, once its keys are settled: when the chain of options after `register` ends.
  /// Swinject's `Behavior` does the same: a registry of names, a detector of duplicate
  /// registrations, a log.
  ///
  /// ```swift
  /// container.onRegistration { event in print(event.key) }
  /// container.register(SteelArmor.init).as(Armor.self, name: "steel")
  /// // Armor named "steel"           (not SteelArmor: a name on its own type takes it away)
  /// container.register(PlateArmor.init).as(Armor.self)
  /// // PlateArmor
  /// // Armor
  /// ```
  ///
  /// An observer is never told of a key the component does not end up with: until the chain
  /// ends, an `.as` of its own type under a name or tag may still take the plain type away, so
  /// the events of a registration are told together when the ``Component`` that `register`
  /// returned is no longer used (at the end of `container.register(…).as(…)…`, or after the
  /// last use of a component kept in a variable), one per key of
  /// ``Registration/keys``, in that order. An `.as` on a component registered before the first
  /// observer was set is told at once.
  ///
  /// The observer runs on the thread where the chain ends, with no lock held: it may read
  /// ``registrations`` or resolve (the container keeps its observers for its whole life:
  /// capture the container `[unowned container]` or `weak`, never strongly, or neither is ever
  /// freed). Only registrations made in this container after the call are observed (not its
  /// parents', nor its children's). Observers run in the order they were set. With none set,
  /// registering costs nothing more.
  ///
  /// - Parameter observer: Called with the component as it stands and one key it is
  ///   resolvable by.
  public func onRegistration(_ observer: @escaping @Sendable (RegistrationEvent) -> Void) {
    observing.add(registration: observer)
  }

  /// Calls `observer` with the error of each resolve from this container or its children that
  /// fails, before it is thrown (or traps): for logging and metrics.
  ///
  /// ```swift
  /// container.onResolveFailure { error in
  ///   logger.error("\(error)")   // what was asked, the path, why
  /// }
  /// ```
  ///
  /// A resolve that succeeds never reads the observers: setting none costs nothing, and
  /// setting some costs only failures. A failure inside a nested resolve (a factory that
  /// resolves through the container, a `Lazy` or `Provider` used later) is observed each time
  /// it is thrown from a resolve. The observer runs on the resolving thread, with no lock
  /// held, and may resolve (a logger, say): a resolve made by an observer that fails throws
  /// to the observer as usual and is not observed, so an observer that resolves something the
  /// container lacks does not call itself again.
  ///
  /// - Parameter observer: Called with the error the failed resolve throws.
  public func onResolveFailure(_ observer: @escaping @Sendable (ResolutionError) -> Void) {
    observing.add(failure: observer)
  }

  /// This container's observers, made on first use.
  private var observing: Observers {
    observers.load() ?? observers.storeIfNil(Observers())
  }

  /// Tells the observers of this container that `record` gained `forward`.
  @usableFromInline
  func forwarded(_ record: ComponentRecord, as forward: Forward) {
    guard let observers = observers.load() else { return }
    observers.registered(record, in: self) { _ in
      [Registration.Key(type: forward.forwardedType, qualifier: forward.qualifier)]
    }
  }

  /// Tells the observers of this container about each key `record` has, its registration's
  /// options being settled.
  func settled(_ record: ComponentRecord) {
    guard let observers = observers.load() else { return }
    observers.registered(record, in: self) { $0.keys }
  }

  /// Tells the failure observers of this container and its parents about `error`; returns it,
  /// to be thrown. Called only when a resolve fails.
  @usableFromInline
  func failed(_ error: ResolutionError) -> ResolutionError {
    var container: Container? = self
    while let next = container {
      next.observers.load()?.failed(error)
      container = next.parent
    }
    return error
  }
}

/// A component registered in a container is resolvable by a key: what
/// ``Container/onRegistration(_:)`` observers are given, one per key.
public struct RegistrationEvent: Sendable, CustomStringConvertible {
  /// The component as it stands after the change.
  public let registration: Registration
  /// One key it is resolvable by: its own type (unless every `.as` of its own type is under a
  /// name or tag), or the type, name or tag of an `.as`.
  public let key: Registration.Key

  /// `Armor named "steel" ← SteelArmor, .prototype, at Castle/App.swift:12`.
  public var description: String { "\(key) ← \(registration)" }
}

/// A container's observers, guarded by their own lock: called with none held.
final class Observers: @unchecked Sendable {
  private let lock = Lock()
  private var registration: [@Sendable (RegistrationEvent) -> Void] = []
  private var failure: [@Sendable (ResolutionError) -> Void] = []

  func add(registration observer: @escaping @Sendable (RegistrationEvent) -> Void) {
    lock.withLock { registration.append(observer) }
  }

  func add(failure observer: @escaping @Sendable (ResolutionError) -> Void) {
    lock.withLock { failure.append(observer) }
  }

  /// Calls each observer with one event per key of `keys` (read from `record` as it stands).
  func registered(
    _ record: ComponentRecord, in container: Container, keys: (Registration) -> [Registration.Key]
  ) {
    let observers = lock.withLock { registration }
    if observers.isEmpty { return }
    let current = container.withRecords { _ in Registration(record) }
    for key in keys(current) {
      let event = RegistrationEvent(registration: current, key: key)
      for observer in observers { observer(event) }
    }
  }

  /// Runs the failure observers, unless they already run on this thread: what one of them
  /// resolves and fails to get (a logger the container lacks) is thrown to it, not observed
  /// again, so that it cannot call itself without end.
  func failed(_ error: ResolutionError) {
    let observers = lock.withLock { failure }
    if observers.isEmpty || _squire_swap_observing_failure(1) != 0 { return }
    defer { _ = _squire_swap_observing_failure(0) }
    for observer in observers { observer(error) }
  }
}
