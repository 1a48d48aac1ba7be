import Squire

// The composition root: the only place that knows how the garrison is put together.

/// The armoury: one forge for the realm, armour made fresh for each knight.
enum ArmoryPart: Part {
  static func load(container: Container) {
    container.register(Forge.init).lifetime(.single)
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register(Sword.init).as(Weapon.self).default()
    container.register(Lance.init).as(Weapon.self, tag: Tournament.self)
  }
}

/// The stables: a squire shared by a knight and his horse within one muster.
enum StablesPart: Part {
  static func load(container: Container) {
    container.register(Roster.init).lifetime(.perContainer)
    container.register(Squire.init(roster:)).lifetime(.objectGraph)
    container.register(Horse.init(squire:))
  }
}

/// The whole garrison: includes the other parts.
enum GarrisonPart: Part {
  static func load(container: Container) {
    container.append(part: ArmoryPart.self)
    container.append(part: StablesPart.self)
    container.register(Knight.init(armor:weapon:squire:horse:))
    container.register(ParchmentChronicle.init).as(Chronicle.self).lifetime(.perContainer)
    container.register(Garrison.init(captain:forge:chronicle:))
  }
}
