import Testing

@testable import Squire

final class Session: Sendable {
  let owner: Int
  init(owner: Int) { self.owner = owner }
}

@Suite("A scope's instances belong to the component that made them")
struct ScopeOwnershipTests {
  @Test func shortLivedContainersSharingAScopeGetTheirOwnComponentsInstances() {
    let scope = Scope("session")
    var wrong = 0
    for index in 0..<1_000 {
      let container = Container()
      container.register { Session(owner: index) }.lifetime(.scoped(scope))
      if container.resolve(Session.self).owner != index { wrong += 1 }
    }
    #expect(wrong == 0)
  }
}
