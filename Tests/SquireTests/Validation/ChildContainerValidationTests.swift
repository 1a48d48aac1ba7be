import Testing

@testable import Squire

@Suite("Validation of child containers")
struct ChildContainerValidationTests {
  @Test func childIsValidatedWithItsParentsRegistrations() {
    let parent = Container()
    parent.register(PlateArmor.init(forge:)).as(Armor.self)
    parent.register(Knight.init(armor:))
    let child = Container(parent: parent)
    child.register(Forge.init)
    #expect(!parent.validate().isValid)
    #expect(child.validate().isValid, "\(child.validate())")
    #expect(child.validate().componentCount == 3)
  }

  @Test func problemInTheParentShowsInTheChild() throws {
    let parent = Container()
    parent.register(Smith.init(forge:))
    let child = Container(parent: parent)
    let problem = try #require(child.validate().problems.first)
    #expect(problem.kind == .missingDependency(type: "Forge", qualifier: nil, neededBy: ["Smith"]))
  }

  @Test func overriddenParentComponentIsNotChecked() {
    class Ledger {
      init(forge: Forge) {}
    }
    final class MockLedger: Ledger {
      init() { super.init(forge: Forge()) }
    }
    let parent = Container()
    parent.register(Ledger.init(forge:))  // needs a Forge the parent does not have
    let test = Container(parent: parent)
    test.register(MockLedger.init).as(Ledger.self)
    #expect(!parent.validate().isValid)
    #expect(test.validate().isValid, "\(test.validate())")
  }

  @Test func childOverrideSettlesAParentsAmbiguity() {
    final class ChainMail: Armor {}
    let parent = Container()
    parent.register(Forge.init)
    parent.register(PlateArmor.init(forge:)).as(Armor.self)
    parent.register(ChainMail.init).as(Armor.self)
    parent.register(Knight.init(armor:))
    let child = Container(parent: parent)
    child.register(ChainMail.init).as(Armor.self)
    #expect(!parent.validate().isValid)
    #expect(child.validate().isValid, "\(child.validate())")
  }

  @Test func mockThatIntroducesACycleIsFoundInTheChildOnly() {
    let parent = Container()
    parent.register(Forge.init)
    parent.register(PlateArmor.init(forge:)).as(Armor.self)
    parent.register(Knight.init(armor:))
    let child = Container(parent: parent)
    child.register { (knight: Knight) in PlateArmor(forge: Forge()) }.as(Armor.self)
    #expect(parent.validate().isValid)
    #expect(
      // The child's registrations come first, so the loop is read from the mock.
      child.validate().problems.map(\.kind) == [.cycle(["PlateArmor", "Knight", "PlateArmor"])])
  }
}
