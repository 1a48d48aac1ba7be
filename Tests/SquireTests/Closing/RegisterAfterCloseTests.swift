import Foundation
import Testing

@testable import Squire

@Suite("Registering in a closed container")
struct RegisterAfterCloseTests {
  @Test func registeringAfterCloseTrapsAtTheRegistration() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.close()
      container.register(Service.init)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("RegisterAfterCloseTests.swift"))
      #expect(text.contains("`Service`"))
      #expect(text.contains("has been closed"))
    }
  }

  @Test func decoratingAfterCloseTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.close()
      container.decorate(Service.self) { $0 }
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("has been closed"))
    }
  }
}
