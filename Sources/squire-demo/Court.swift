import Squire

// The court: a main-actor component (as a screen's view model would be) and an async one (as a
// database connection would be), registered with the same spelling as every other component.

/// The treasury's accounts, read at start-up: an async factory.
final class Treasury: Sendable {
  let gold: Int

  private init(gold: Int) {
    self.gold = gold
  }

  /// Opens the ledgers (an async read, as from a file or a database).
  static func open() async -> Treasury {
    await Task.yield()
    return Treasury(gold: 1_200)
  }
}

/// What the castle's notice board shows: main-actor state, as a SwiftUI view model is.
@MainActor
final class MusterBoard {
  private(set) var notices: [String] = []
  let treasury: Treasury

  init(garrison: Garrison, treasury: Treasury) {
    self.treasury = treasury
    notices.append("Captain: \(garrison.captain.name)")
    notices.append("Treasury: \(treasury.gold) gold")
  }
}

/// The court's components.
enum CourtPart: Part {
  static func load(container: Container) {
    container.register { () async -> Treasury in await Treasury.open() }.lifetime(.single)
    container.register(MusterBoard.init)
  }
}
