import Testing

@testable import Squire

private final class Tack {}

private final class Courser {
  let saddle: Tack
  init(saddle: Tack) { self.saddle = saddle }
}

/// `ResolutionError` keeps its fields in one shared object: each value still behaves as a value
/// of its own, and copies can be read and changed on any thread.
@Suite("Resolution error storage")
struct ResolutionErrorStorageTests {
  private func missingSaddle() throws -> ResolutionError {
    let container = Container()
    container.register(Courser.init)
    return try #require(throws: ResolutionError.self) {
      try container.tryResolve(Courser.self)
    }
  }

  @Test func anErrorIsOneReference() {
    // What every function that `throws(ResolutionError)` passes on each error edge.
    #expect(MemoryLayout<ResolutionError>.size == MemoryLayout<AnyObject>.size)
  }

  @Test func changingACopyLeavesTheOriginalAsItWas() throws {
    let original = try missingSaddle()
    let text = original.description
    var copy = original
    copy.notes.append("a note on the copy alone")
    copy.advice = "the copy's own advice"
    copy.requested = "Stable"
    #expect(original.description == text)
    #expect(original.requested == "Courser")
    #expect(original.notes.isEmpty)
    #expect(copy.description.contains("note: a note on the copy alone"))
    #expect(copy.description.contains("fix: the copy's own advice"))
    #expect(copy.description.hasPrefix("Squire could not resolve `Stable`."))
  }

  @Test func enteringAndFinishingACopyLeaveTheOriginalAsItWas() {
    let original = ResolutionError(reason: .notRegistered(type: "Tack"))
    let step = PathStep(id: ObjectIdentifier(Courser.self), type: Courser.self)
    let entered = original.entering(step)
    let finished = entered.finished(requested: "Courser")
    #expect(original.path.isEmpty)
    #expect(original.requested.isEmpty)
    #expect(entered.path == ["Courser"])
    #expect(entered.requested.isEmpty)
    #expect(finished.path == ["Courser"])
    #expect(finished.requested == "Courser")
  }

  @Test func copiesAreChangedOnManyThreadsAtOnce() async throws {
    let shared = try missingSaddle()
    let texts = await withTaskGroup(of: String.self) { group in
      for index in 0..<16 {
        group.addTask {
          var mine = shared
          mine.notes.append("task \(index)")
          return mine.entering(PathStep(id: ObjectIdentifier(Tack.self), type: Tack.self))
            .description
        }
      }
      return await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(texts.count == 16)
    for index in 0..<16 {
      #expect(texts.contains { $0.contains("note: task \(index)\n") })
    }
    #expect(shared.notes.isEmpty)
    #expect(shared.path == ["Courser"])
  }
}
