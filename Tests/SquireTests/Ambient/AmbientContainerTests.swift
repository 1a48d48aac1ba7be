import Squire
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct AmbientContainerTests {
  @Test func withAmbientBindsTheContainerForItsBodyOnly() {
    let container = Container()
    let before = Container.ambientIfSet
    container.withAmbient {
      #expect(Container.ambient === container)
    }
    #expect(Container.ambientIfSet === before)
  }

  @Test func theInnermostBindingWinsAndTheOuterOneComesBack() {
    let outer = Container()
    let inner = Container(parent: outer)
    outer.withAmbient {
      inner.withAmbient {
        #expect(Container.ambient === inner)
      }
      #expect(Container.ambient === outer)
    }
  }

  @Test func withAmbientReturnsWhatItsBodyReturnsAndRethrows() throws {
    struct Failure: Error {}
    let container = Container()
    #expect(container.withAmbient { 42 } == 42)
    #expect(throws: Failure.self) {
      try container.withAmbient { throw Failure() }
    }
  }

  @Test func anAsyncBodyKeepsTheBindingAcrossAwaitsAndInChildTasks() async {
    let container = Container()
    await container.withAmbient {
      await Task.yield()
      try? await Task.sleep(for: .milliseconds(1))
      #expect(Container.ambient === container)
      async let fromAsyncLet = Container.ambientIfSet
      let fromTask = await Task { Container.ambientIfSet }.value
      let fromGroup = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<8 { group.addTask { Container.ambientIfSet === container } }
        return await group.reduce(true) { $0 && $1 }
      }
      #expect(await fromAsyncLet === container)
      #expect(fromTask === container)
      #expect(fromGroup)
    }
  }

  @Test func otherTaskLocalsBoundInsideDoNotHideTheContainer() async {
    let container = Container()
    await container.withAmbient {
      await OtherTaskLocal.$value.withValue(1) {
        #expect(Container.ambient === container)
        OtherTaskLocal.$value.withValue(2) {
          #expect(Container.ambient === container)
        }
        async let inChild = Container.ambientIfSet
        #expect(await inChild === container)
      }
    }
  }

  @Test func aBindingEndedInAChildTaskLeavesTheParentsBinding() async {
    let outer = Container()
    let inner = Container(parent: outer)
    await outer.withAmbient {
      async let fromChild: Bool = inner.withAmbient { Container.ambient === inner }
      #expect(await fromChild)
      #expect(Container.ambient === outer)
    }
  }

  @Test func aDetachedTaskDoesNotInheritTheBinding() async {
    let container = Container()
    await container.withAmbient {
      let seen = await Task.detached { Container.ambientIfSet }.value
      #expect(seen !== container)
    }
  }

  @Test func readingWithNothingAmbientTrapsWithAMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Container.ambient
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("`Container.ambient` was read, but no container is ambient here"))
    #expect(message.contains("withAmbient"))
    #expect(message.contains("Container.setAmbientDefault(app)"))
  }

  @Test func theProcessDefaultIsWhatAnUnboundTaskSees() async throws {
    await #expect(processExitsWith: .success) {
      let app = Container()
      #expect(Container.ambientIfSet == nil)
      Container.setAmbientDefault(app)
      Container.setAmbientDefault(app)  // the same container again: nothing happens
      guard Container.ambient === app else { exit(1) }
      let test = Container(parent: app)
      let bound = test.withAmbient { Container.ambient }
      let detached = await Task.detached { Container.ambientIfSet }.value
      exit(bound === test && detached === app && Container.ambient === app ? 0 : 1)
    }
  }

  @Test func settingAnotherProcessDefaultTraps() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Container.setAmbientDefault(Container())
        Container.setAmbientDefault(Container())
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("called again with another container"))
  }
}

private enum OtherTaskLocal {
  @TaskLocal static var value = 0
}
