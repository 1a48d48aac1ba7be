import Testing

@testable import Squire

private protocol Weapon: AnyObject {}
private final class Sword: Weapon {}
private final class Spoke {}
private final class Book {}

private final class Wielder {
  let weapon: Weapon
  init(weapon: Weapon) { self.weapon = weapon }
}

private final class Wagon {
  let wheels: [Spoke]
  init(wheels: [Spoke]) { self.wheels = wheels }
}

private final class Shelf {
  let books: [Book]
  init(seed books: [Book] = []) { self.books = books }
}

private final class Announcer {
  let name: String
  init(name: String) { self.name = name }
}

private final class Vague {
  init(anything: Any) {}
}

private final class NeedsLazyWeapon {
  let weapon: Lazy<Weapon>
  init(weapon: Lazy<Weapon>) { self.weapon = weapon }
}

/// The `fix:` line of a diagnostic must be something a person can do: code that can exist, and
/// the modifier that fits.
@Suite("Fix texts")
struct FixTextTests {
  private func fix(_ error: ResolutionError) -> String {
    error.description.split(separator: "\n").first { $0.hasPrefix("  fix: ") }.map(String.init)
      ?? ""
  }

  @Test func aMissingProtocolIsFixedByForwardingAConformingType() throws {
    let container = Container()
    container.register(Wielder.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Wielder.self)
    }
    #expect(!fix(error).contains("register(Weapon.init)"), "\(fix(error))")
    #expect(fix(error).contains(".as(Weapon.self)"), "\(fix(error))")
  }

  @Test func aMissingArrayIsFixedWithMany() throws {
    let container = Container()
    container.register(Wagon.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Wagon.self) }
    #expect(!fix(error).contains("Array<Spoke>.init"), "\(fix(error))")
    #expect(fix(error).contains("many"), "\(fix(error))")
  }

  @Test func aDefaultValueIsSaidToBeUnused() throws {
    let container = Container()
    container.register(Shelf.init(seed:))
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Shelf.self) }
    #expect(fix(error).contains("default value"), "\(fix(error))")
    let problem = try #require(container.validate().problems.first)
    #expect(problem.description.contains("default value"))
  }

  @Test func aForgottenArgIsFixedWithArgNotByRegisteringTheArgument() throws {
    let container = Container()
    container.register(Announcer.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Announcer.self, args: "Ann")
    }
    #expect(!fix(error).contains("register(String.init)"), "\(fix(error))")
    #expect(fix(error).contains("arg($0)"), "\(fix(error))")
    #expect(error.description.contains("note: an argument of type `String` was passed"))
    #expect(error.suggestions.isEmpty)
  }

  @Test func voidAndAnyGetNoInitializerToRegister() throws {
    let container = Container()
    container.register(Vague.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Vague.self) }
    #expect(!fix(error).contains("Any.init"), "\(fix(error))")
    #expect(fix(error).contains("concrete type"), "\(fix(error))")
  }

  @Test func theDependentIsNotSuggestedAsItsOwnDependency() throws {
    let container = Container()
    container.register(NeedsLazyWeapon.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(NeedsLazyWeapon.self).weapon.get()
    }
    #expect(!error.suggestions.contains { $0.contains("NeedsLazyWeapon") }, "\(error)")
    let problem = try #require(container.validate().problems.first)
    #expect(!problem.suggestions.contains { $0.contains("NeedsLazyWeapon") }, "\(problem)")
  }

  /// Top-level code of a `main.swift` gets the synchronous `resolve` even when written with
  /// `await` (the compiler only warns): the fix says what to write instead, not what the user
  /// already wrote.
  @Test func needsAwaitSaysWhatToDoInTopLevelCode() throws {
    let container = Container()
    container.register { () async -> Book in Book() }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Book.self) }
    #expect(fix(error).contains("main.swift"), "\(fix(error))")
    #expect(fix(error).contains("no 'async' operations occur within 'await' expression"))
    #expect(fix(error).contains("static func main() async"), "\(fix(error))")
  }
}
