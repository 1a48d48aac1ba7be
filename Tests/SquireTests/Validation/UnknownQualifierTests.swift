import Testing

@testable import Squire

protocol AuditLog: AnyObject, Sendable {}
final class FileAuditLog: AuditLog {}
enum AuditTag {}
enum AdutTag {}

final class Checkout: @unchecked Sendable {
  var log: AuditLog!
  var backup: AuditLog?
  init() {}
}

final class Receipt: Sendable {
  let log: AuditLog?
  init(log: AuditLog?) { self.log = log }
}

/// Issue 46, 5: a name (or tag) that nothing carries, asked for where the dependency is
/// optional (`T?`, or `T!` through `.injection(name:)`), was no problem for `validate()`: the
/// property stayed nil, and the app failed later.
@Suite("Unknown names and tags on optional dependencies")
struct UnknownQualifierTests {
  @Test func aNameTypoOnAnImplicitlyUnwrappedPropertyIsAProblemWithCloseMatches() throws {
    let container = Container()
    container.register(FileAuditLog.init).as(AuditLog.self, name: "audit")
    container.register(Checkout.init).injection(name: "adit") { $0.log = $1 }
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(
      problem.kind
        == .missingDependency(type: "AuditLog", qualifier: .name("adit"), neededBy: ["Checkout"]))
    #expect(problem.description.contains("Unknown name"), "\(problem)")
    #expect(problem.suggestions.contains { $0.contains("\"audit\"") }, "\(problem.suggestions)")
    #expect(problem.description.contains("optional"), "\(problem)")
  }

  @Test func aNameTypoOnAnOptionalPropertyIsAProblem() {
    let container = Container()
    container.register(FileAuditLog.init).as(AuditLog.self, name: "audit")
    container.register(Checkout.init).injection(name: "adit") { $0.backup = $1 }
    #expect(
      container.validate().problems.map(\.kind) == [
        .missingDependency(
          type: "AuditLog", qualifier: .name("adit"), neededBy: ["Checkout"])
      ])
  }

  @Test func aTagNothingCarriesOnAnOptionalIsAProblem() {
    let container = Container()
    container.register(FileAuditLog.init).as(AuditLog.self, tag: AuditTag.self)
    container.register { Receipt(log: by(tag: AdutTag.self, $0)) }
    #expect(
      container.validate().problems.map(\.kind) == [
        .missingDependency(
          type: "AuditLog", qualifier: .tag("AdutTag"), neededBy: ["Receipt"])
      ])
  }

  @Test func aNameSomeRegistrationCarriesMayBeAbsentForAnOptional() {
    let container = Container()
    // "audit" is carried (by another type): an optional `AuditLog` under it is absent, and
    // that is what an optional is for.
    container.register(Checkout.init).as(Checkout.self, name: "audit")
      .injection(name: "audit") { $0.backup = $1 }
    #expect(container.validate().isValid)
  }

  @Test func aNameAParentCarriesIsKnownToAChild() {
    let parent = Container()
    parent.register(FileAuditLog.init).as(AuditLog.self, name: "audit")
    let child = Container(parent: parent)
    child.register(Checkout.init).injection(name: "audit") { $0.log = $1 }
    #expect(child.validate().isValid)
  }
}
