import Testing

@testable import Squire

@Suite("Reading a container's registrations")
struct RegistrationsTests {
  @Test func listsTypesKeysLifetimesAndWhereInRegistrationOrder() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self).lifetime(.single).default()
    container.register(OtherEngine.init).as(Engine.self, name: "spare")
    container.register(SteelWheel.init).as(Wheel.self, tag: Sport.self)
    let line = #line - 1
    let all = container.registrations
    #expect(all.count == 3)
    #expect(ObjectIdentifier(all[0].type) == ObjectIdentifier(BMWEngine.self))
    #expect(all[0].keys.map(\.description) == ["BMWEngine", "Engine"])
    #expect(all[0].lifetime == .single)
    #expect(all[0].isDefault)
    #expect(all[1].keys.last?.name == "spare")
    #expect(all[1].lifetime == .prototype)
    let tagged = try #require(all[2].keys.last)
    #expect(ObjectIdentifier(tagged.type) == ObjectIdentifier(Wheel.self))
    #expect(tagged.tags.map(ObjectIdentifier.init) == [ObjectIdentifier(Sport.self)])
    #expect(all[2].line == line)
    #expect(all[2].file == #fileID)
    #expect(all[2].description.contains("SteelWheel as Wheel tagged Sport, .prototype, at "))
  }

  @Test func aComponentForwardedAsItselfOnlyUnderANameIsNotAPlainKey() {
    let container = Container()
    container.register { Config(name: "x") }.as(Config.self, name: "main")
    #expect(container.registrations[0].keys.map(\.description) == ["Config named \"main\""])
  }

  @Test func aChildListsItsOwnAndItsParentItsOwn() {
    let parent = Container()
    parent.register(Service.init)
    let child = Container(parent: parent)
    child.register(Consumer.init(service:))
    #expect(child.registrations.map { "\($0.type)" } == ["Consumer"])
    #expect(child.parent?.registrations.map { "\($0.type)" } == ["Service"])
  }

  @Test func aComponentReadsBackItsOptions() {
    let container = Container(defaultLifetime: .objectGraph)
    let service = container.register(Service.init)
    #expect(service.registration.lifetime == .objectGraph)
    service.lifetime(.single)
    #expect(service.registration.lifetime == .single)
    let blueprint = container.register(Pair.self)
    #expect(!blueprint.registration.hasFactory)
    #expect(blueprint.registration.lifetime == .prototype)
  }
}
