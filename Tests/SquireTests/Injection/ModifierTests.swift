import Testing

@testable import Squire

private protocol Arm: AnyObject {}
private final class Blade: Arm {}
private final class Pike: Arm {}
private final class Hatchet: Arm {}
private enum Joust {}

private final class Arsenal {
  let weapons: [Arm]
  init(weapons: [Arm]) { self.weapons = weapons }
}

@Suite("Modifiers")
struct ModifierTests {
  private func armory() -> Container {
    let container = Container()
    container.register(Blade.init).as(Arm.self)
    container.register(Pike.init).as(Arm.self).as(Arm.self, tag: Joust.self)
    container.register(Hatchet.init).as(Arm.self, tag: Joust.self)
    return container
  }

  @Test func manyGivesEveryImplementationInRegistrationOrder() {
    let container = armory()
    container.register { Arsenal(weapons: many($0)) }
    let weapons = container.resolve(Arsenal.self).weapons
    #expect(weapons.count == 2)
    #expect(weapons[0] is Blade)
    #expect(weapons[1] is Pike)
  }

  @Test func manyIsEmptyWhenNothingIsRegistered() {
    let container = Container()
    container.register { Arsenal(weapons: many($0)) }
    #expect(container.resolve(Arsenal.self).weapons.isEmpty)
  }

  @Test func manyUnderATag() {
    let container = armory()
    container.register { Arsenal(weapons: many(by(tag: Joust.self, $0))) }
    let weapons = container.resolve(Arsenal.self).weapons
    #expect(weapons.count == 2)
    #expect(weapons[0] is Pike)
    #expect(weapons[1] is Hatchet)
  }

  @Test func byTagBothSpellings() {
    final class Duel {
      let first: Arm
      let second: Arm
      init(first: Arm, second: Arm) {
        self.first = first
        self.second = second
      }
    }
    let container = Container()
    container.register(Hatchet.init).as(Arm.self, tag: Joust.self)
    container.register {
      Duel(first: by(tag: Joust.self, $0), second: by(tag: Joust.self, $1))
    }
    let duel: Duel = container.resolve()
    #expect(duel.first is Hatchet)
    #expect(duel.second is Hatchet)
  }

  @Test func optionalParameterIsNilWhenAbsent() {
    final class Herald {
      let weapon: Arm?
      init(weapon: Arm?) { self.weapon = weapon }
    }
    let container = Container()
    container.register(Herald.init)
    #expect(container.resolve(Herald.self).weapon == nil)
    container.register(Blade.init).as(Arm.self)
    #expect(container.resolve(Herald.self).weapon is Blade)
  }

  @Test func lazyResolvesOnceOnFirstAccess() {
    let counter = Counter()
    final class Keep {
      let weapon: Lazy<Arm>
      init(weapon: Lazy<Arm>) { self.weapon = weapon }
    }
    let container = Container()
    container.register { () -> Blade in
      counter.increment()
      return Blade()
    }.as(Arm.self)
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
      let weapons: Provider<Arm>
      init(weapons: Provider<Arm>) { self.weapons = weapons }
    }
    let container = Container()
    container.register(Blade.init).as(Arm.self)
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

  @Test func argumentsGivenWhenResolvingALazyOrProviderAreForItsValues() throws {
    final class Page {
      let name: String
      init(name: String) { self.name = name }
    }
    let container = Container()
    container.register { Page(name: arg($0)) }
    let lazy = try container.tryResolve(Lazy<Page>.self, args: "Tom")
    #expect(lazy.value.name == "Tom")
    let provider = try container.tryResolve(Provider<Page>.self, args: "Wat")
    #expect(provider.value.name == "Wat")
    #expect(provider.value(args: "Hob").name == "Hob")
  }

  @Test func modifiersCompose() {
    final class Muster {
      let lazyWeapons: [Lazy<Arm>]
      let maybeShield: Lazy<Shield>?
      let maybeWeapon: Lazy<Arm>?
      let providers: [Provider<Arm>]
      init(
        lazyWeapons: [Lazy<Arm>], maybeShield: Lazy<Shield>?, maybeWeapon: Lazy<Arm>?,
        providers: [Provider<Arm>]
      ) {
        self.lazyWeapons = lazyWeapons
        self.maybeShield = maybeShield
        self.maybeWeapon = maybeWeapon
        self.providers = providers
      }
    }
    final class Shield {}
    let container = Container()
    container.register(Blade.init).as(Arm.self)
    container.register(Pike.init).as(Arm.self).default()
    container.register {
      Muster(lazyWeapons: many($0), maybeShield: $1, maybeWeapon: $2, providers: many($3))
    }
    let muster: Muster = container.resolve()
    #expect(muster.lazyWeapons.count == 2)
    #expect(muster.lazyWeapons.allSatisfy { !$0.isResolved })
    #expect(muster.lazyWeapons[1].value is Pike)
    #expect(muster.maybeShield == nil)
    #expect(muster.maybeWeapon?.value is Pike)
    #expect(muster.providers.count == 2)
  }

  @Test func injectedPropertiesTakeModifiers() {
    final class Garrison {
      var weapons: [Arm] = []
      var champion: Arm?
      var reserve: Provider<Arm>?
    }
    let container = Container()
    container.register(Blade.init).as(Arm.self)
    container.register(Pike.init).as(Arm.self)
    container.register(Hatchet.init).as(Arm.self, tag: Joust.self)
    container.register(Garrison.init)
      .injection(\.weapons) { many($0) }
      .injection(\.champion) { by(tag: Joust.self, $0) }
      .injection(\.reserve)
    let garrison: Garrison = container.resolve()
    #expect(garrison.weapons.count == 2)
    #expect(garrison.champion is Hatchet)
    // Two unnamed weapons and no default: the provider is made, and fails only when used.
    #expect(throws: ResolutionError.self) { try garrison.reserve?.get() }
  }

  @Test func aSingleHoldingAProviderDoesNotKeepItsContainerAlive() throws {
    final class Herald: Sendable {
      let arms: Provider<Arm>
      init(arms: Provider<Arm>) { self.arms = arms }
    }
    weak var released: Container?
    var herald: Herald?
    do {
      let container = Container()
      container.register(Blade.init).as(Arm.self)
      container.register(Herald.init).lifetime(.single)
      herald = container.resolve()
      released = container
      #expect(herald?.arms.value is Blade)
    }
    #expect(released == nil)
    let error = try #require(throws: ResolutionError.self) { try herald?.arms.get() }
    #expect(error.reason == .containerReleased)
  }
}
