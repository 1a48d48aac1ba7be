import Testing

@testable import Squire

private protocol Weapon: AnyObject {}
private final class Sword: Weapon {}
private final class Lance: Weapon {}
private final class Axe: Weapon {}
private enum Tournament {}

private final class Armory {
  let weapons: [Weapon]
  init(weapons: [Weapon]) { self.weapons = weapons }
}

@Suite("Modifiers")
struct ModifierTests {
  private func armory() -> Container {
    let container = Container()
    container.register(Sword.init).as(Weapon.self)
    container.register(Lance.init).as(Weapon.self).as(Weapon.self, tag: Tournament.self)
    container.register(Axe.init).as(Weapon.self, tag: Tournament.self)
    return container
  }

  @Test func manyGivesEveryImplementationInRegistrationOrder() {
    let container = armory()
    container.register { Armory(weapons: many($0)) }
    let weapons = container.resolve(Armory.self).weapons
    #expect(weapons.count == 2)
    #expect(weapons[0] is Sword)
    #expect(weapons[1] is Lance)
  }

  @Test func manyIsEmptyWhenNothingIsRegistered() {
    let container = Container()
    container.register { Armory(weapons: many($0)) }
    #expect(container.resolve(Armory.self).weapons.isEmpty)
  }

  @Test func manyUnderATag() {
    let container = armory()
    container.register { Armory(weapons: many(by(tag: Tournament.self, on: $0))) }
    let weapons = container.resolve(Armory.self).weapons
    #expect(weapons.count == 2)
    #expect(weapons[0] is Lance)
    #expect(weapons[1] is Axe)
  }

  @Test func byTagBothSpellings() {
    final class Duel {
      let first: Weapon
      let second: Weapon
      init(first: Weapon, second: Weapon) {
        self.first = first
        self.second = second
      }
    }
    let container = Container()
    container.register(Axe.init).as(Weapon.self, tag: Tournament.self)
    container.register {
      Duel(first: by(tag: Tournament.self, on: $0), second: by(tag: Tournament.self, $1))
    }
    let duel: Duel = container.resolve()
    #expect(duel.first is Axe)
    #expect(duel.second is Axe)
  }

  @Test func optionalParameterIsNilWhenAbsent() {
    final class Herald {
      let weapon: Weapon?
      init(weapon: Weapon?) { self.weapon = weapon }
    }
    let container = Container()
    container.register(Herald.init)
    #expect(container.resolve(Herald.self).weapon == nil)
    container.register(Sword.init).as(Weapon.self)
    #expect(container.resolve(Herald.self).weapon is Sword)
  }

  @Test func lazyResolvesOnceOnFirstAccess() {
    let counter = Counter()
    final class Keep {
      let weapon: Lazy<Weapon>
      init(weapon: Lazy<Weapon>) { self.weapon = weapon }
    }
    let container = Container()
    container.register { () -> Sword in
      counter.increment()
      return Sword()
    }.as(Weapon.self)
    container.register(Keep.init)
    let keep: Keep = container.resolve()
    #expect(counter.count == 0)
    let first = keep.weapon.value
    #expect(counter.count == 1)
    #expect(keep.weapon.value === first)
    #expect(counter.count == 1)
  }

  @Test func lazySeesTheObjectGraphItWasMadeIn() {
    final class Banner {}
    final class Camp {
      let banner: Banner
      let later: Lazy<Banner>
      init(banner: Banner, later: Lazy<Banner>) {
        self.banner = banner
        self.later = later
      }
    }
    let container = Container()
    container.register(Banner.init).lifetime(.objectGraph)
    container.register(Camp.init)
    let camp: Camp = container.resolve()
    #expect(camp.later.value === camp.banner)
  }

  @Test func providerResolvesAnewEachCall() {
    final class Smithy {
      let weapons: Provider<Weapon>
      init(weapons: Provider<Weapon>) { self.weapons = weapons }
    }
    let container = Container()
    container.register(Sword.init).as(Weapon.self)
    container.register(Smithy.init)
    let smithy: Smithy = container.resolve()
    #expect(smithy.weapons.value !== smithy.weapons.value)
  }

  @Test func providerWithRuntimeArguments() throws {
    final class Knight {
      let name: String
      init(name: String) { self.name = name }
    }
    final class Herald {
      let knights: Provider<Knight>
      init(knights: Provider<Knight>) { self.knights = knights }
    }
    let container = Container()
    container.register { Knight(name: arg($0)) }
    container.register(Herald.init)
    let herald: Herald = container.resolve()
    #expect(herald.knights.value(args: "Gawain").name == "Gawain")
    #expect(herald.knights.value(args: "Percival").name == "Percival")
    let error = try #require(throws: ResolutionError.self) { try herald.knights.get() }
    #expect(error.reason == .missingArgument(type: "String", component: "Knight"))
  }

  @Test func modifiersCompose() {
    final class Muster {
      let lazyWeapons: [Lazy<Weapon>]
      let maybeShield: Lazy<Shield>?
      let maybeWeapon: Lazy<Weapon>?
      let providers: [Provider<Weapon>]
      init(
        lazyWeapons: [Lazy<Weapon>], maybeShield: Lazy<Shield>?, maybeWeapon: Lazy<Weapon>?,
        providers: [Provider<Weapon>]
      ) {
        self.lazyWeapons = lazyWeapons
        self.maybeShield = maybeShield
        self.maybeWeapon = maybeWeapon
        self.providers = providers
      }
    }
    final class Shield {}
    let container = Container()
    container.register(Sword.init).as(Weapon.self)
    container.register(Lance.init).as(Weapon.self).default()
    container.register {
      Muster(lazyWeapons: many($0), maybeShield: $1, maybeWeapon: $2, providers: many($3))
    }
    let muster: Muster = container.resolve()
    #expect(muster.lazyWeapons.count == 2)
    #expect(muster.lazyWeapons.allSatisfy { !$0.isResolved })
    #expect(muster.lazyWeapons[1].value is Lance)
    #expect(muster.maybeShield == nil)
    #expect(muster.maybeWeapon?.value is Lance)
    #expect(muster.providers.count == 2)
  }

  @Test func injectedPropertiesTakeModifiers() {
    final class Garrison {
      var weapons: [Weapon] = []
      var champion: Weapon?
      var reserve: Provider<Weapon>?
    }
    let container = Container()
    container.register(Sword.init).as(Weapon.self)
    container.register(Lance.init).as(Weapon.self)
    container.register(Axe.init).as(Weapon.self, tag: Tournament.self)
    container.register(Garrison.init)
      .injection(\.weapons) { many($0) }
      .injection(\.champion) { by(tag: Tournament.self, on: $0) }
      .injection(\.reserve)
    let garrison: Garrison = container.resolve()
    #expect(garrison.weapons.count == 2)
    #expect(garrison.champion is Axe)
    // Two unnamed weapons and no default: the provider is made, and fails only when used.
    #expect(throws: ResolutionError.self) { try garrison.reserve?.get() }
  }
}
