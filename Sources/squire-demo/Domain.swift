import Squire
import Synchronization

// The seeds' knight, grown into a small garrison. These types do not know the container:
// each receives what it needs through its initializer or its properties.

protocol Weapon: AnyObject {
  var name: String { get }
}

final class Sword: Weapon {
  let name = "longsword"
}

final class Lance: Weapon {
  let name = "tournament lance"
}

final class Mace: Weapon {
  let name = "flanged mace"
}

final class Halberd: Weapon {
  let name = "halberd"
}

/// Carries a knight's shield and a weapon of his own: the demo's sample mistake.
final class ShieldBearer {
  let weapon: Weapon
  init(weapon: Weapon) { self.weapon = weapon }
}

/// Makes armour. One for the whole realm: it counts every piece it has ever forged.
final class Forge: Sendable {
  private let count = Mutex(0)

  /// How many pieces it has forged.
  var forged: Int { count.withLock { $0 } }

  func forge(_ piece: String) -> String {
    let number = count.withLock { forged in
      forged += 1
      return forged
    }
    return "\(piece) #\(number)"
  }
}

protocol Armor: AnyObject {
  var pieces: [String] { get }
}

final class PlateArmor: Armor, Sendable {
  let pieces: [String]

  init(forge: Forge) {
    pieces = ["helm", "cuirass", "gauntlets", "greaves"].map(forge.forge)
  }
}

/// A logging decorator around any armour: writes each suit fitted into the chronicle, and
/// hands out the armour it wraps unchanged.
final class LoggedArmor: Armor {
  let inner: Armor

  init(inner: Armor, chronicle: Chronicle) {
    self.inner = inner
    chronicle.record("fitted: \(inner.pieces.joined(separator: ", "))")
  }

  var pieces: [String] { inner.pieces }
}

/// Hands out pages' names; one per garrison.
final class Roster: Sendable {
  private let next = Mutex(0)
  private let names = ["Tom", "Wat", "Hob", "Dick", "Jack"]

  func nextPage() -> String {
    let index = next.withLock { next in
      defer { next += 1 }
      return next
    }
    return names[index % names.count]
  }
}

/// The knight's page (his squire-to-be). Serves one knight, who in turn keeps him: a cycle, broken by
/// injecting the knight into the page after both exist.
final class Page {
  let name: String
  weak var knight: Knight?

  init(roster: Roster) {
    name = roster.nextPage()
  }
}

final class Horse {
  let page: Page

  init(page: Page) {
    self.page = page
  }
}

/// A knight's name and style, configured per container (a tournament names its own champion).
struct Title {
  let name: String
}

final class Knight {
  let name: String
  let weapon: Weapon
  let page: Page
  let horse: Horse
  /// Fitted after the knight is made (property injection), as in the seeds' armour example.
  var armor: Armor!

  init(title: Title, weapon: Weapon, page: Page, horse: Horse) {
    self.name = title.name
    self.weapon = weapon
    self.page = page
    self.horse = horse
  }
}

/// A man-at-arms recruited on demand, named when he signs up.
final class Recruit {
  let name: String
  let weapon: Weapon
  let armor: Armor

  init(name: String, weapon: Weapon, armor: Armor) {
    self.name = name
    self.weapon = weapon
    self.armor = armor
  }
}

/// A chronicle of the garrison: expensive to open, so it is opened only when first written.
protocol Chronicle: AnyObject {
  func record(_ line: String)
  var lines: [String] { get }
}

final class ParchmentChronicle: Chronicle, Sendable {
  private let written = Mutex<[String]>([])

  var lines: [String] { written.withLock { $0 } }

  func record(_ line: String) {
    written.withLock { $0.append(line) }
  }
}

/// Where the knights live.
final class Garrison {
  let captain: Knight
  let armory: [Weapon]
  let forge: Forge
  let chronicle: Lazy<Chronicle>
  private let recruits: Provider<Recruit>

  init(
    captain: Knight, armory: [Weapon], forge: Forge, chronicle: Lazy<Chronicle>,
    recruits: Provider<Recruit>
  ) {
    self.captain = captain
    self.armory = armory
    self.forge = forge
    self.chronicle = chronicle
    self.recruits = recruits
  }

  /// A new recruit, made on demand by the provider with his name as a runtime argument.
  func recruit(_ name: String) -> Recruit {
    let recruit = recruits.value(args: name)
    chronicle.value.record("\(name) joined, armed with a \(recruit.weapon.name)")
    return recruit
  }
}

/// The tag under which tournament equipment is registered.
enum Tournament {}

/// A messenger another court sends: made elsewhere, not by the container, which fills his
/// wrapped properties when handed him (`inject(into:)`).
final class Herald {
  let name: String
  @Injected var forge: Forge  // filled by `inject(into:)`
  @LazyInjected var chronicle: Chronicle  // resolved when he first reads it

  init(name: String) { self.name = name }
}
