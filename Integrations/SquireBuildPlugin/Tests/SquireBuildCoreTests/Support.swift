#if BuildPlugin
import SquireBuildCore

/// Checks `files` (name → text) as one module and returns the errors' first lines,
/// `name:line:column: error: message`.
func errors(_ files: [String: String]) -> [String] {
  check(files).problems.map(\.diagnostic.description)
}

/// The errors of a root that makes `container` and then runs `registrations`, beside
/// `declarations` (`armory` unless told). Its first registration is on line 4 of `Root.swift`.
func errors(registrations: String, declarations: String = armory) -> [String] {
  errors([
    "Armory.swift": declarations,
    "Root.swift": "import Squire\n\nlet container = Container()\n" + registrations,
  ])
}

func check(_ files: [String: String]) -> SquireCheck.Result {
  SquireCheck.run(
    files: files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }, module: "App")
}

/// The declarations most tests use.
let armory = """
  import Squire

  protocol Armor: AnyObject { var pieces: [String] { get } }
  protocol Weapon {}
  final class Forge: Sendable {}
  final class PlateArmor: Armor {
    let pieces: [String]
    init(forge: Forge) { pieces = [] }
  }
  final class Sword: Weapon {}
  final class Mace: Weapon {}
  final class Knight {
    let armor: Armor
    init(armor: Armor) { self.armor = armor }
  }
  final class Keep {
    init(knight: Knight) {}
  }

  """
#endif
