import Squire

// The composition root: the only place that knows how the garrison is put together.

/// The armoury: one forge for the realm, armour made fresh for each knight, weapons.
enum ArmoryPart: Part {
  static func load(container: Container) {
    container.register(Forge.init).lifetime(.single)
      .onClose { print("  The forge is banked, after \($0.forged) pieces.") }
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register(Sword.init).as(Weapon.self).default()
    container.register(Mace.init).as(Weapon.self)
    container.register(Lance.init).as(Weapon.self, tag: Tournament.self)
  }
}

/// The stables: a page shared by a knight and his horse within one muster.
enum StablesPart: Part {
  static func load(container: Container) {
    container.register(Roster.init).lifetime(.perContainer)
      .onClose { _ in print("  A roster is put away.") }
    container.register(Page.init(roster:))
      .injection(cycle: true, \.knight)
      .lifetime(.objectGraph)
    container.register(Horse.init(page:))
  }
}

/// The whole garrison: includes the other parts.
enum GarrisonPart: Part {
  static func load(container: Container) {
    container.append(part: ArmoryPart.self)
    container.append(part: StablesPart.self)
    container.register { Title(name: "Sir Roland") }
    container.register(Knight.init(title:weapon:page:horse:))
      .injection(\.armor)
    // Recruits are named when they sign up: the name is a runtime argument.
    container.register(Recruit.init) { arg($0) }
    // Recruits train with the mace; everyone else gets the default weapon (contextual binding).
    container.register(Mace.init).as(Weapon.self).when(injectedInto: Recruit.self)
    container.register(ParchmentChronicle.init).as(Chronicle.self).lifetime(.perContainer)
    container.register {
      Garrison(captain: $0, armory: many($1), forge: $2, chronicle: $3, recruits: $4)
    }
  }
}
