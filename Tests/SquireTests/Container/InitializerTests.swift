import Testing

@testable import Squire

/// The one initializer's options combine: a default lifetime and `closedByParent: false` on one
/// child, and the same with the composing initializer.
@Suite("One initializer, options that combine")
struct InitializerTests {
  @Test func aChildTakesADefaultLifetimeAndClosesItself() {
    let parent = Container(defaultLifetime: .objectGraph)
    let request = Container(parent: parent, defaultLifetime: .perContainer, closedByParent: false)
    #expect(request.defaultLifetime == .perContainer)
    let cleanups = CallCounter()
    request.register(Service.init).onClose { _ in cleanups.next() }
    #expect(request.resolve(Service.self) === request.resolve(Service.self))
    // Not among the parent's children: closing the parent runs none of its cleanups.
    #expect(parent.owned.childCount == 0)
    parent.close()
    #expect(cleanups.value == 0)
    #expect(!request.owned.isClosed)
    request.close()
    #expect(cleanups.value == 1)
  }

  @Test func withoutADefaultLifetimeAChildTakesItsParents() {
    let parent = Container(defaultLifetime: .objectGraph)
    #expect(Container(parent: parent, defaultLifetime: nil).defaultLifetime == .objectGraph)
    #expect(Container(parent: parent, closedByParent: false).defaultLifetime == .objectGraph)
    #expect(Container(closedByParent: false).defaultLifetime == .prototype)
  }

  @Test func theComposingInitializerTakesEveryOption() {
    let parent = Container()
    let cleanups = CallCounter()
    let child = Container(parent: parent, defaultLifetime: .perContainer, closedByParent: false) {
      $0.register(Service.init).onClose { _ in cleanups.next() }
    }
    #expect(child.defaultLifetime == .perContainer)
    #expect(child.resolve(Service.self) === child.resolve(Service.self))
    #expect(parent.owned.childCount == 0)
    parent.close()
    #expect(cleanups.value == 0)
    #expect(!child.owned.isClosed)
  }
}
