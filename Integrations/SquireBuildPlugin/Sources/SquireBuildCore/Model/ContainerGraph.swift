#if BuildPlugin
/// A container made in the target, with everything the tool saw registered in it.
final class ContainerGraph: @unchecked Sendable {
  let location: Location
  let parent: ContainerGraph?
  var registrations: [Registration] = []
  var children: [ContainerGraph] = []
  /// Something the tool could not follow may register in it, or registered what it cannot read:
  /// no problem of it is certain.
  var isOpen = false
  /// Why it is open, for the one note that says so.
  var openReason: String?
  /// The code that makes it inspects its problems itself (`validate()` read, resolves expected
  /// to throw): a test of the problems, left alone.
  var isInspected = false
  /// The code that makes it requires it to be valid (`requireValid()`, `isValid`).
  var isValidated = false
  /// `decorate` is called on it: decorators ask for dependencies the tool does not always read.
  var hasDecorators = false
  /// Its decorators, each as far as the tool read its dependencies.
  var decorators: [Registration] = []
  /// `await container.resolve(T.self)` in the top-level code of a `main.swift`, which Swift
  /// binds to the synchronous `resolve` even written with `await`: the key and the call.
  var topLevelResolves: [(key: Key, location: Location)] = []
  /// Top-level `await container.initializeSingletons()` of a `main.swift`, where Swift binds the
  /// synchronous one.
  var topLevelInitializations: [Location] = []
  /// Types a parent declares `suppliedByEachChild`.
  var suppliedByChildren: Set<Key> = []
  var loadedParts: Set<String> = []
  /// The part this container stands for, read alone: what it registers is only part of what a
  /// container that appends it holds, so nothing it asks for is certainly missing.
  var part: String?
  /// Returned by a function other modules call (a library's `makeAppContainer()`), which may
  /// register more in it: read as a part is.
  var completedElsewhere = false
  /// The lifetime of a component registered without `.lifetime(_:)`:
  /// `Container(defaultLifetime:)`, or the parent's.
  var defaultLifetime: Lifetime

  init(location: Location, parent: ContainerGraph?, defaultLifetime: Lifetime? = nil) {
    self.location = location
    self.parent = parent
    self.defaultLifetime = defaultLifetime ?? parent?.defaultLifetime ?? .prototype
    parent?.children.append(self)
  }

  func open(_ reason: String) {
    if !isOpen { openReason = reason }
    isOpen = true
  }

  /// This container and its parents, nearest first.
  var chain: [ContainerGraph] {
    var result: [ContainerGraph] = []
    var next: ContainerGraph? = self
    while let graph = next {
      result.append(graph)
      next = graph.parent
    }
    return result
  }
}
#endif
