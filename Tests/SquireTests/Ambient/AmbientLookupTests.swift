import Foundation
import Testing

@testable import Squire

/// Issue 37, 9: `Container.ambient` reads the task's binding through the concurrency runtime's
/// lookup, which relies on how `TaskLocal` keys and stores a value. The first binding checks it,
/// and a read falls back to `TaskLocal`'s own when the check fails.
@Suite struct AmbientLookupTests {
  @Test func theRuntimesLookupPassesTheCheckOnThisRuntime() {
    let container = Container()
    #expect(AmbientBinding.checkedLookupKey(binding: container) != 0)
  }

  @Test func aLookupThatFindsNothingOrSomethingElseFailsTheCheck() {
    let container = Container()
    let other = Container()
    #expect(AmbientBinding.checkedLookupKey(binding: container) { _ in nil } == 0)
    withExtendedLifetime(other) {
      var address = UInt(bitPattern: ObjectIdentifier(other))
      withUnsafeMutablePointer(to: &address) { pointer in
        let wrong = UnsafeMutableRawPointer(pointer)
        #expect(AmbientBinding.checkedLookupKey(binding: container) { _ in wrong } == 0)
      }
    }
  }

  @Test func whenTheCheckFailsReadsUseTheTaskLocalsOwnLookup() async {
    await #expect(processExitsWith: .success) {
      AmbientBinding.failsLookupCheck.store(true, ordering: .relaxed)
      let app = Container()
      let test = Container(parent: app)
      let inner = Container(parent: test)
      Container.setAmbientDefault(app)
      let seen: [Bool] = await test.withAmbient {
        var seen = [AmbientBinding.boundKey.load(ordering: .relaxed) == 0]
        seen.append(Container.ambient === test)
        seen.append(inner.withAmbient { Container.ambient === inner })
        seen.append(Container.ambient === test)
        seen.append(await Task { Container.ambient === test }.value)
        seen.append(await Task.detached { Container.ambient === app }.value)
        return seen
      }
      if seen != [true, true, true, true, true, true] { exit(1) }
      if Container.ambient !== app || Container.ambientIfSet !== app { exit(2) }
    }
  }
}
