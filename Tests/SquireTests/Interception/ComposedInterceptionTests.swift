import Squire
import Testing

/// Decorators and contextual binding together, and with child containers and modifiers.
@Suite struct ComposedInterceptionTests {
  @Test func aDecoratedContextualBinding() {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init)
    container.register(OrdersScreen.init)
    container.decorate(Loader.self) { LoggedLoader(inner: $0) }
    #expect(container.resolve(UsersScreen.self).loader.kind == "logged users")
    #expect(container.resolve(OrdersScreen.self).loader.kind == "logged plain")
    #expect(container.resolve(Loader.self).kind == "logged plain")
    #expect(container.validate().isValid)
  }

  @Test func aDecoratedSingleThroughAChildIsTheParentsDecoratedInstance() {
    let runs = Counter()
    let parent = Container()
    parent.register(RemoteCatalog.init).as(Catalog.self).lifetime(.single)
    parent.register { TestClock(name: "parent") }
    parent.decorate(Catalog.self) { (inner: Catalog, clock: TestClock) -> Catalog in
      runs.increment()
      return TimedCatalog(inner: inner, clock: clock)
    }
    let child = Container(parent: parent)
    child.register { TestClock(name: "child") }
    // Through the child first: the `.single` and its decorator are built in the parent, with
    // the parent's clock.
    let throughChild = child.resolve(Catalog.self)
    #expect((throughChild as? TimedCatalog)?.clock.name == "parent")
    #expect(parent.resolve(Catalog.self) === throughChild)
    #expect(Container(parent: parent).resolve(Catalog.self) === throughChild)
    #expect(runs.count == 1)
  }

  @Test func aChildsDecoratorOfAParentsSingleWrapsItOncePerChild() {
    let parent = Container()
    parent.register(RemoteCatalog.init).as(Catalog.self).lifetime(.single)
    parent.decorate(Catalog.self) { Layer("parent", $0) }
    let child = Container(parent: parent)
    child.decorate(Catalog.self) { Layer("child", $0) }
    let first = child.resolve(Catalog.self)
    #expect(first.layers == ["child", "parent", "Remote"])
    #expect(child.resolve(Catalog.self) === first)
    #expect((first as? Layer)?.inner === parent.resolve(Catalog.self))
    let other = Container(parent: parent)
    other.decorate(Catalog.self) { Layer("other", $0) }
    #expect(other.resolve(Catalog.self) !== first)
    #expect((other.resolve(Catalog.self) as? Layer)?.inner === parent.resolve(Catalog.self))
  }

  @Test func aContextualBindingThroughLazyAndProvider() {
    final class Deferred: Sendable {
      let lazy: Lazy<Loader>
      let provider: Provider<Loader>
      init(lazy: Lazy<Loader>, provider: Provider<Loader>) {
        self.lazy = lazy
        self.provider = provider
      }
    }
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: Deferred.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(Deferred.init)
    container.decorate(Loader.self) { LoggedLoader(inner: $0) }
    let deferred: Deferred = container.resolve()
    #expect(deferred.lazy.value.kind == "logged users")
    #expect(deferred.provider.value.kind == "logged users")
    #expect(container.resolve(Provider<Loader>.self).value.kind == "logged plain")
  }

  @Test func aDecoratedContextualBindingInAChild() {
    let parent = Container()
    parent.register(PlainLoader.init).as(Loader.self)
    parent.register(UsersScreen.init)
    let child = Container(parent: parent)
    child.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    child.decorate(Loader.self) { LoggedLoader(inner: $0) }
    #expect(child.resolve(UsersScreen.self).loader.kind == "logged users")
    #expect(parent.resolve(UsersScreen.self).loader.kind == "plain")
  }

  @Test func aChildsDecoratorWrapsItsParentsContextualBinding() {
    let parent = Container()
    parent.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    parent.register(PlainLoader.init).as(Loader.self)
    parent.register(UsersScreen.init)
    let child = Container(parent: parent)
    child.decorate(Loader.self) { LoggedLoader(inner: $0) }
    #expect(child.resolve(UsersScreen.self).loader.kind == "logged users")
    #expect(child.resolve(Loader.self).kind == "logged plain")
    #expect(parent.resolve(UsersScreen.self).loader.kind == "users")
  }
}
