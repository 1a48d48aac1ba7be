import Squire
import Testing

/// `Lazy.value` and `Provider.value` trap where the person can act (the component they were given
/// to, at its registration; the caller's line for `value(args:)`), and `Provider`'s runtime
/// arguments are checked as `resolve(args:)`'s are.
@Suite("Lazy and Provider values")
struct LaterValueTests {
  struct BrokenSpell: Error {}

  final class Spell {
    init() throws { throw BrokenSpell() }
  }

  final class Wizard {
    let spell: Lazy<Spell>
    init(spell: Lazy<Spell>) { self.spell = spell }
  }

  final class Apprentice {
    let spells: Provider<Spell>
    init(spells: Provider<Spell>) { self.spells = spells }
  }

  final class Page {
    let owner: String
    init(owner: String) { self.owner = owner }
  }

  final class Scribe {
    let pages: Provider<Page>
    init(pages: Provider<Page>) { self.pages = pages }
  }

  @Test func lazyValueTrapsAtTheRegistrationOfItsHolderAndNamesIt() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register(Spell.init)
      container.register(Wizard.init)
      _ = container.resolve(Wizard.self).spell.value
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("LaterValueTests.swift"))
      #expect(text.contains("`Lazy<Spell>` given to `Wizard`"))
      #expect(!text.contains("Lazy.swift"))
      #expect(!text.contains("Container+Resolve.swift"))
    }
  }

  @Test func providerValueTrapsAtTheRegistrationOfItsHolderAndNamesIt() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register(Spell.init)
      container.register(Apprentice.init)
      _ = container.resolve(Apprentice.self).spells.value
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("LaterValueTests.swift"))
      #expect(text.contains("`Provider<Spell>` given to `Apprentice`"))
      #expect(!text.contains("Provider.swift"))
      #expect(!text.contains("Container+Resolve.swift"))
    }
  }

  @Test func aLazyResolvedFromTheContainerTrapsAtTheLineThatResolvedIt() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register(Spell.init)
      let spell = container.resolve(Lazy<Spell>.self)
      _ = spell.value
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("`Lazy<Spell>` resolved at SquireTests/LaterValueTests.swift:"))
      #expect(text.contains("LaterValueTests.swift"))
      #expect(!text.contains("Lazy.swift"))
      #expect(!text.contains("ResolvedLater.swift"))
    }
  }

  @Test func aProviderResolvedFromTheContainerTrapsAtTheLineThatResolvedIt() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register(Spell.init)
      let spells: Provider<Spell> = await container.resolve()
      _ = spells.value
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("`Provider<Spell>` resolved at SquireTests/LaterValueTests.swift:"))
      #expect(!text.contains("Provider.swift"))
      #expect(!text.contains("ResolvedLater.swift"))
    }
  }

  @Test func providerValueWithArgumentsTrapsAtTheCallersLine() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { Page(owner: arg($0)) }
      container.register(Scribe.init)
      let scribe = container.resolve(Scribe.self)
      _ = scribe.pages.value(args: 42)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("LaterValueTests.swift"))
      #expect(!text.contains("Provider.swift"))
      #expect(!text.contains("Container+Resolve.swift"))
    }
  }

  @Test func providerArgumentsNoParameterTakesAreAnErrorNamingThem() throws {
    let container = Container()
    container.register { Page(owner: arg($0)) }
    container.register(Scribe.init)
    let pages = container.resolve(Scribe.self).pages
    #expect(try pages.get(args: "Ann").owner == "Ann")
    let error = try #require(throws: ResolutionError.self) {
      try pages.get(args: "Ann", 42)
    }
    guard case .unusedArguments(let types) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(types == ["Int"])
    #expect(error.description.contains("`Int`"))
  }

  @Test func asyncProviderArgumentsNoParameterTakesAreAnError() async throws {
    let container = Container()
    container.register { Page(owner: arg($0)) }
    container.register(Scribe.init)
    let pages = await container.resolve(Scribe.self).pages
    let error = try await #require(throws: ResolutionError.self) {
      try await pages.get(args: "Ann", 3.5)
    }
    guard case .unusedArguments(let types) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(types == ["Double"])
  }

  @Test func argumentsGivenWithAProviderThatItsValueDoesNotTakeAreAnError() throws {
    let container = Container()
    container.register { Page(owner: arg($0)) }
    let pages = try container.tryResolve(Provider<Page>.self, args: "Ann", 42)
    #expect(throws: ResolutionError.self) { try pages.get() }
    let named = try container.tryResolve(Provider<Page>.self, args: "Ann")
    #expect(try named.get().owner == "Ann")
  }
}
