extension Container {
  /// Runs `body` with a linker that has linked every component visible from this container:
  /// what validation and graph export read. A root's snapshot is one; a child links one for the
  /// call, since its own snapshot links only what its registrations change.
  ///
  /// `body` reads the components' options (a lifetime, the forwards): it runs with this
  /// container and its ancestors locked for reading, so that a registration or an option
  /// changed meanwhile on another thread waits for it.
  func withFullLinker<Result>(_ body: (Linker) -> Result) -> Result {
    let snapshot = self.snapshot
    if !snapshot.isIncremental && snapshot.linkerContainer === self {
      return lockingChain { snapshot.withLinker(body) }
    }
    var levels: [Level] = []
    var next: Container? = self
    return lockingChain {
      while let container = next {
        levels.append(
          Level(
            records: container.records, suppliedByChildren: container.suppliedByChildren,
            owner: container, decorators: container.decorators))
        next = container.parent
      }
      return Snapshot(linker: Linker(container: self, levels: levels)).withLinker(body)
    }
  }

  /// Runs `body` with this container and every ancestor locked for reading, child first.
  func lockingChain<Result>(_ body: () -> Result) -> Result {
    var chain: [Container] = []
    var next: Container? = self
    while let container = next {
      chain.append(container)
      next = container.parent
    }
    for container in chain { container.lock.lockShared() }
    defer { for container in chain.reversed() { container.lock.unlock() } }
    return body()
  }
}
