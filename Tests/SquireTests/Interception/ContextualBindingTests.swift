import Squire
import Testing

@Suite struct ContextualBindingTests {
  private func container() -> Container {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init)
    container.register(OrdersScreen.init)
    return container
  }

  @Test func theConsumerGetsItsOwnAndEveryoneElseTheUnconditionalOne() {
    let container = container()
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
    #expect(container.resolve(OrdersScreen.self).loader.kind == "plain")
    #expect(container.resolve(Loader.self).kind == "plain")
  }

  @Test func registrationOrderDoesNotMatter() {
    let container = Container()
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init)
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
    #expect(container.resolve(Loader.self).kind == "plain")
  }

  @Test func aContextualAndAnUnconditionalRegistrationAreNotAmbiguous() {
    let report = container().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.warnings.isEmpty, "\(report)")
  }

  @Test func injectionsAreContextualToo() {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: SettingsScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(SettingsScreen.init).injection(\.loader)
    #expect(container.resolve(SettingsScreen.self).loader?.kind == "users")
  }

  @Test func lazyProviderOptionalAndManyAreContextual() {
    final class Everything: Sendable {
      let lazy: Lazy<Loader>
      let provider: Provider<Loader>
      let optional: Loader?
      let all: [Loader]
      init(lazy: Lazy<Loader>, provider: Provider<Loader>, optional: Loader?, all: [Loader]) {
        self.lazy = lazy
        self.provider = provider
        self.optional = optional
        self.all = all
      }
    }
    let container = Container()
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: Everything.self)
    container.register { Everything(lazy: $0, provider: $1, optional: $2, all: many($3)) }
    let everything: Everything = container.resolve()
    #expect(everything.lazy.value.kind == "users")
    #expect(everything.provider.value.kind == "users")
    #expect(everything.optional?.kind == "users")
    // `many` for a consumer: the unconditional ones and its own, in registration order.
    #expect(everything.all.map(\.kind) == ["plain", "users"])
    // At the top there is no consumer: only the unconditional ones.
    let all: [Loader] = many(container.resolve())
    #expect(all.map(\.kind) == ["plain"])
  }

  @Test func aTypeProvidedOnlyToConsumersFailsAtTheTopNamingThem() throws {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    container.register(UsersScreen.init)
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
    #expect(container.validate().isValid)
    do {
      _ = try container.tryResolve(Loader.self)
      Issue.record("only UsersScreen gets a Loader")
    } catch {
      #expect(error.reason == .notRegistered(type: "Loader"))
      #expect(error.description.contains("only when injected into UsersScreen"), "\(error)")
      #expect(error.description.contains("resolve a consumer it is registered for"), "\(error)")
    }
    let optional: Loader? = container.resolve()
    #expect(optional == nil)
  }

  @Test func twoContextualRegistrationsForOneConsumerAreAmbiguous() throws {
    let container = container()
    container.register(OtherUsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    let report = container.validate()
    let problem = try #require(report.problems.first)
    guard case .ambiguousDependency(let type, _, let candidates, let neededBy) = problem.kind else {
      Issue.record("expected an ambiguity: \(report)")
      return
    }
    #expect(type == "Loader")
    #expect(candidates == ["OtherUsersLoader", "UsersLoader"])
    #expect(neededBy == ["UsersScreen"])
    #expect(problem.description.contains("`UsersLoader` and `OtherUsersLoader`"), "\(problem)")
    #expect(problem.description.contains("when injected into UsersScreen"), "\(problem)")
    #expect(throws: ResolutionError.self) { try container.tryResolve(UsersScreen.self) }
    #expect(container.resolve(OrdersScreen.self).loader.kind == "plain")
  }

  @Test func aConsumerThatIsNotRegisteredIsAWarning() throws {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    let report = container.validate()
    #expect(report.isValid)
    let warning = try #require(report.warnings.first)
    #expect(
      warning.kind == .contextWithoutConsumer(component: "UsersLoader", consumer: "UsersScreen"))
    #expect(warning.description.contains("no component is a `UsersScreen`"), "\(warning)")
  }

  @Test func aConsumerIsKnownByItsForwardsToo() {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: ListScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init).as(ListScreen.self)
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
    #expect(container.validate().warnings.isEmpty)
  }

  @Test func severalConsumers() {
    let container = Container()
    container.register(UsersLoader.init).as(Loader.self)
      .when(injectedInto: UsersScreen.self).when(injectedInto: OrdersScreen.self)
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init)
    container.register(OrdersScreen.init)
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
    #expect(container.resolve(OrdersScreen.self).loader.kind == "users")
    #expect(container.resolve(Loader.self).kind == "plain")
  }

  @Test func aChildsRegistrationStillHidesItsParents() {
    let parent = container()
    let mocked = Container(parent: parent)
    mocked.register(OtherUsersLoader.init).as(Loader.self)
    #expect(mocked.resolve(UsersScreen.self).loader.kind == "other users")
    #expect(mocked.resolve(OrdersScreen.self).loader.kind == "other users")

    let contextual = Container(parent: parent)
    contextual.register(OtherUsersLoader.init).as(Loader.self).when(
      injectedInto: OrdersScreen.self)
    #expect(contextual.resolve(OrdersScreen.self).loader.kind == "other users")
    #expect(contextual.resolve(UsersScreen.self).loader.kind == "users")
    #expect(contextual.resolve(Loader.self).kind == "plain")
    #expect(parent.resolve(OrdersScreen.self).loader.kind == "plain")
  }

  @Test func aContextualRegistrationAddedAfterResolvingTakesEffect() {
    let container = Container()
    container.register(PlainLoader.init).as(Loader.self)
    container.register(UsersScreen.init)
    #expect(container.resolve(UsersScreen.self).loader.kind == "plain")
    container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
    #expect(container.resolve(UsersScreen.self).loader.kind == "users")
  }

  @Test func theGraphShowsTheContext() {
    let container = container()
    for text in [container.graph(.dot), container.graph(.mermaid)] {
      #expect(text.contains("when injected into UsersScreen"), "\(text)")
    }
  }
}
