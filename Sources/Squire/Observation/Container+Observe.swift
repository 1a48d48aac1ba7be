extension Container {
  /// Calls `observer` each time this container gains a way to resolve a component: once when
  /// it is registered (under its own type), then once per `.as`. Swinject's `Behavior` does
  /// the same: a registry of names, a detector of duplicate registrations, a log.
  ///
  /// ```swift
  /// var names: [String] = []   // guarded by your own lock if registering on several threads
  /// container.onRegistration { event in
  ///   if let name = event.key.name { names.append(name) }
  /// }
  /// container.register(SteelArmor.init).as(Armor.self, name: "steel")   // names == ["steel"]
  /// ```
  ///
  /// The observer runs on the registering thread, after the registration, with no lock held:
  /// it may read ``registrations`` or resolve (the container keeps its observers for its whole
  /// life: capture the container `[unowned container]` or `weak`, never strongly, or neither
  /// is ever freed). Only registrations made in this container after
  /// the call are observed (not its parents', nor its children's). Observers run in the order
  /// they were set. With none set, registering costs nothing more.
  ///
  /// - Parameter observer: Called with the component as it stands and the key it just gained.
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
  /// held; it should not resolve the type that failed again.
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
    observers.registered(record, key: forward, in: self)
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

/// A container gained a way to resolve a component: what ``Container/onRegistration(_:)``
/// observers are given.
public struct RegistrationEvent: Sendable, CustomStringConvertible {
  /// The component as it stands after the change.
  public let registration: Registration
  /// The key it just gained: its own type when it is registered, the type, name or tag of an
  /// `.as` after that.
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

  func registered(_ record: ComponentRecord, key forward: Forward?, in container: Container) {
    let observers = lock.withLock { registration }
    if observers.isEmpty { return }
    let current = container.withRecords { _ in Registration(record) }
    let key = Registration.Key(
      type: forward?.forwardedType ?? record.implementationType,
      qualifier: forward?.qualifier ?? .none)
    let event = RegistrationEvent(registration: current, key: key)
    for observer in observers { observer(event) }
  }

  func failed(_ error: ResolutionError) {
    for observer in lock.withLock({ failure }) { observer(error) }
  }
}
