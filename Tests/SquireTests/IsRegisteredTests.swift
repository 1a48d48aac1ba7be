import Testing

@testable import Squire

private protocol Lantern: AnyObject {}
private final class OilLantern: Lantern {}
private enum Night {}

@Suite("Asking whether something is registered")
struct IsRegisteredTests {
  @Test func answersForOwnTypesForwardsNamesAndTagsWithoutBuilding() {
    let counter = Counter()
    let parent = Container()
    parent.register { () -> OilLantern in
      counter.increment()
      return OilLantern()
    }.as(Lantern.self).as(Lantern.self, name: "oil").as(Lantern.self, tag: Night.self)
    let child = Container(parent: parent)
    #expect(child.isRegistered(OilLantern.self))
    #expect(child.isRegistered(Lantern.self))
    #expect(child.isRegistered(Lantern.self, name: "oil"))
    #expect(!child.isRegistered(Lantern.self, name: "gas"))
    #expect(child.isRegistered(Lantern.self, tag: Night.self))
    #expect(!child.isRegistered(Service.self))
    #expect(counter.count == 0)
  }

  @Test func aComponentOnlyUnderANameIsNotRegisteredPlainly() {
    let container = Container()
    container.register(OilLantern.init).as(OilLantern.self, name: "oil")
    #expect(!container.isRegistered(OilLantern.self))
    #expect(container.isRegistered(OilLantern.self, name: "oil"))
  }
}
