import Testing

@testable import Squire

/// The linker lookup that property wrappers use: a dependency asked for on behalf of the type
/// that encloses the property.
@Suite struct ConsumerLookupTests {
  @Test func aLookupForAConsumerTypeSeesItsContextualRegistrations() throws {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: ListScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init).as(ListScreen.self)
    let producers = container.withFullLinker { linker in
      // By the consumer's own type (its `.as` is looked up) and by a type nobody registered.
      let forScreen = linker.producer(
        for: Loader.self, qualifier: .none, consumer: UsersScreen.self)
      let forOther = linker.producer(for: Loader.self, qualifier: .none, consumer: String.self)
      return (forScreen, forOther)
    }
    var context = ResolutionContext(container: container)
    let kinds = [try producers.0.body(&context).kind, try producers.1.body(&context).kind]
    #expect(kinds == ["users", "plain"])
  }
}
