// The seeds' knight, grown into a small garrison. None of these types knows Squire exists:
// each receives what it needs through its initializer.

protocol Weapon: AnyObject {
  var name: String { get }
}

final class Sword: Weapon {
  let name = "longsword"
}

final class Lance: Weapon {
  let name = "tournament lance"
}

/// Makes armour. One for the whole realm: it counts every piece it has ever forged.
final class Forge {
  private(set) var forged = 0

  func forge(_ piece: String) -> String {
    forged += 1
    return "\(piece) #\(forged)"
  }
}

protocol Armor: AnyObject {
  var pieces: [String] { get }
}

final class PlateArmor: Armor {
  let pieces: [String]

  init(forge: Forge) {
    pieces = ["helm", "cuirass", "gauntlets", "greaves"].map(forge.forge)
  }
}

/// The knight's squire. Within one muster, the knight and his horse share the same squire.
final class Squire {
  let name: String

  init(roster: Roster) {
    name = roster.nextSquire()
  }
}

/// Hands out squires' names; one per garrison.
final class Roster {
  private var next = 0
  private let names = ["Tom", "Wat", "Hob", "Dick", "Jack"]

  func nextSquire() -> String {
    defer { next += 1 }
    return names[next % names.count]
  }
}

final class Horse {
  let squire: Squire

  init(squire: Squire) {
    self.squire = squire
  }
}

final class Knight {
  let armor: Armor
  let weapon: Weapon
  let squire: Squire
  let horse: Horse

  init(armor: Armor, weapon: Weapon, squire: Squire, horse: Horse) {
    self.armor = armor
    self.weapon = weapon
    self.squire = squire
    self.horse = horse
  }
}

/// Where the knights live. Keeps a chronicle of what happened.
final class Garrison {
  let captain: Knight
  let forge: Forge
  let chronicle: Chronicle

  init(captain: Knight, forge: Forge, chronicle: Chronicle) {
    self.captain = captain
    self.forge = forge
    self.chronicle = chronicle
  }
}

protocol Chronicle: AnyObject {
  func record(_ line: String)
  var lines: [String] { get }
}

final class ParchmentChronicle: Chronicle {
  private(set) var lines: [String] = []

  func record(_ line: String) {
    lines.append(line)
  }
}

/// The tag under which tournament equipment is registered.
enum Tournament {}
