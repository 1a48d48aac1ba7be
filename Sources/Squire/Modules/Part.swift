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
public protocol Part {
  /// Registers this part's components in `container`.
  static func load(container: Container)
}
