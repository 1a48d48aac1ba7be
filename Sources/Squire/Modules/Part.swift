/// A group of registrations that belong together: a feature, a layer, a library's services.
///
/// A part is a type with one static method; ``Container/append(part:)`` calls it once per
/// container, however many times the part is appended. Parts can append other parts.
///
/// ```swift
/// enum ArmoryPart: Part {
///   static func load(container: Container) {
///     container.register(Forge.init).lifetime(.single)
///     container.register(Armor.init(forge:))
///   }
/// }
///
/// enum AppPart: Part {
///   static func load(container: Container) {
///     container.append(part: ArmoryPart.self)
///     container.register(Knight.init)
///   }
/// }
///
/// let container = Container()
/// container.append(part: AppPart.self)
/// ```
///
/// A part that needs the whole composition (to resolve a component at start-up, to check
/// something) implements ``loaded(container:)``, which runs once every part appended with it
/// has loaded: Swinject's `LoadAwareAssembly`.
///
/// ```swift
/// enum TelemetryPart: Part {
///   static func load(container: Container) {
///     container.register(Telemetry.init).lifetime(.single)
///   }
///   static func loaded(container: Container) {
///     container.resolve(Telemetry.self).start()
///   }
/// }
/// ```
public protocol Part {
  /// Registers this part's components in `container`.
  static func load(container: Container)

  /// Runs after this part and every part appended with it have loaded (once the outermost
  /// ``Container/append(part:)`` has loaded them all); does nothing unless implemented.
  static func loaded(container: Container)
}

extension Part {
  /// Does nothing: a part need not know when the composition is loaded.
  public static func loaded(container: Container) {}
}
