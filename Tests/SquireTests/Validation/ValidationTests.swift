import Testing

@testable import Squire

@Suite("Validation")
struct ValidationTests {
  /// The castle with every registration it needs.
  func castle() -> Container {
    let container = Container()
    container.register(Forge.init).lifetime(.single)
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register(Knight.init(armor:))
    container.register(Keep.init(knight:))
    return container
  }

  @Test func completeGraphIsValid() throws {
    let report = castle().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.problems.isEmpty)
    #expect(report.componentCount == 4)
    #expect(report.dependencyCount == 3)
    #expect(report.description == "Squire found no problem in 4 components and 3 dependencies.")
    try report.requireValid()
  }

  @Test func emptyContainerIsValid() {
    #expect(Container().validate().isValid)
  }

  @Test func missingDependencyHasThePathFromTheTop() throws {
    let container = Container()
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register(Knight.init(armor:))
    container.register(Keep.init(knight:))
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(
      problem.kind == .missingDependency(type: "Forge", qualifier: nil, neededBy: ["PlateArmor"]))
    #expect(problem.path == ["Keep", "Knight", "PlateArmor", "Forge"])
    #expect(problem.description.contains("path: Keep → Knight → PlateArmor → Forge"))
    #expect(problem.description.contains("why:"))
    #expect(problem.description.contains("fix:"))
  }

  @Test func missingDependencyIsReportedOnceForEveryoneWhoNeedsIt() throws {
    let container = Container()
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register(Smith.init(forge:))
    let report = container.validate()
    #expect(report.problems.count == 1)
    let problem = try #require(report.problems.first)
    #expect(
      problem.kind
        == .missingDependency(type: "Forge", qualifier: nil, neededBy: ["PlateArmor", "Smith"]))
    #expect(problem.description.contains("needed by: `PlateArmor`, `Smith`"))
  }

  @Test func optionalDependencyMayBeAbsent() {
    final class Squire {
      init(horse: Horse?) {}
    }
    let container = Container()
    container.register(Squire.init(horse:))
    #expect(container.validate().isValid)
  }

  @Test func ambiguityWithoutDefaultIsReported() throws {
    final class ChainMail: Armor {}
    let container = castle()
    container.register(ChainMail.init).as(Armor.self)
    let problem = try #require(container.validate().problems.first)
    #expect(container.validate().problems.count == 1)
    #expect(
      problem.kind
        == .ambiguousDependency(
          type: "Armor", qualifier: nil, candidates: ["ChainMail", "PlateArmor"],
          neededBy: ["Knight"]))
    #expect(problem.path == ["Keep", "Knight", "Armor"])
    #expect(problem.description.contains(".default()"))
  }

  @Test func defaultSettlesAnAmbiguity() {
    final class ChainMail: Armor {}
    let container = castle()
    container.register(ChainMail.init).as(Armor.self).default()
    #expect(container.validate().isValid)
  }

  @Test func typeRegisteredTwiceWithNoDependentIsAWarning() throws {
    let container = Container()
    container.register(Forge.init)
    container.register(Forge.init)
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    let warning = try #require(report.warnings.first)
    guard case .registeredSeveralTimes(let type, let candidates) = warning.kind else {
      Issue.record("unexpected warning \(warning)")
      return
    }
    #expect(type == "Forge")
    #expect(candidates.count == 2)
    #expect(warning.description.contains("many"))
    #expect(throws: ResolutionError.self) { try container.tryResolve(Forge.self) }
  }

  @Test func pluginsRegisteredInALoopAndTakenWithManyAreValid() {
    final class Plugin: Sendable {
      let id: Int
      init(id: Int) { self.id = id }
    }
    final class Host {
      let plugins: [Plugin]
      init(plugins: [Plugin]) { self.plugins = plugins }
    }
    let container = Container()
    for id in 0..<3 { container.register { Plugin(id: id) } }
    container.register { Host(plugins: many($0)) }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(container.resolve(Host.self).plugins.map(\.id) == [0, 1, 2])
  }

  @Test func typeRegisteredTwiceAndAskedForIsStillAmbiguous() throws {
    final class Smith {
      init(forge: Forge) {}
    }
    let container = Container()
    container.register(Forge.init)
    container.register(Forge.init)
    container.register(Smith.init(forge:))
    let problem = try #require(container.validate().problems.first)
    #expect(
      problem.kind
        == .ambiguousDependency(
          type: "Forge", qualifier: nil, candidates: ["Forge", "Forge"], neededBy: ["Smith"]))
  }

  @Test func twoDefaultsWithNoDependentAreStillAProblem() throws {
    let container = Container()
    container.register(Forge.init).default()
    container.register(Forge.init).default()
    let problem = try #require(container.validate().problems.first)
    guard case .ambiguousDependency = problem.kind else {
      Issue.record("unexpected problem \(problem)")
      return
    }
  }

  @Test func initializerCycleIsReportedOnce() throws {
    let container = Container()
    container.register(Left.init(right:))
    container.register(Right.init(left:))
    let report = container.validate()
    #expect(report.problems.count == 1)
    let problem = try #require(report.problems.first)
    #expect(problem.kind == .cycle(["Left", "Right", "Left"]))
    #expect(problem.description.contains("Cycle with no break point: Left → Right → Left."))
    #expect(problem.description.contains("cycle: true"))
    #expect(problem.description.contains("Provider"))
  }

  @Test func componentThatNeedsItselfIsACycle() throws {
    final class Ouroboros {
      init(tail: Ouroboros) {}
    }
    let container = Container()
    container.register(Ouroboros.init(tail:))
    #expect(container.validate().problems.map(\.kind) == [.cycle(["Ouroboros", "Ouroboros"])])
  }

  @Test func cycleThroughSinglesIsStillACycle() {
    let container = Container()
    container.register(Left.init(right:)).lifetime(.single)
    container.register(Right.init(left:)).lifetime(.single)
    #expect(container.validate().problems.map(\.kind) == [.cycle(["Left", "Right", "Left"])])
  }

  @Test func deferredDependencyBreaksACycle() throws {
    final class Front {
      init(back: Back) {}
    }
    final class Back {
      init(front: Provider<Front>) {}
    }
    let container = Container()
    container.register(Front.init(back:))
    container.register(Back.init(front:))
    container.register(Loop.init(loop:))
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    _ = try container.tryResolve(Front.self)
    _ = try container.tryResolve(Loop.self)
  }

  /// Issue 37, 7: a `Lazy` of a component that takes a runtime argument passed validation, and
  /// `lazy.get()` failed: a `Lazy` has no way to pass one.
  @Test func aLazyOfAComponentThatTakesAnArgumentIsReported() throws {
    final class Report: Sendable {
      let title: String
      init(title: String) { self.title = title }
    }
    final class Screen: Sendable {
      let report: Lazy<Report>
      init(report: Lazy<Report>) { self.report = report }
    }
    final class Printer: Sendable {
      init(reports: Provider<Report>) {}
    }
    let container = Container()
    container.register { Report(title: arg($0)) }
    container.register(Screen.init)
    container.register(Printer.init)
    let report = container.validate()
    #expect(report.problems.count == 1, "\(report)")
    let problem = try #require(report.problems.first)
    #expect(
      problem.kind
        == .unpassableArgument(component: "Report", argumentTypes: ["String"], neededBy: ["Screen"])
    )
    #expect(problem.description.contains("`Lazy`"), "\(problem)")
    let screen: Screen = container.resolve()
    #expect(throws: ResolutionError.self) { try screen.report.get() }
  }

  @Test func aLazyKeepsWhatItResolvesSoItCanBeCaptiveAndAProviderCannot() {
    final class Clock {}
    final class Keeper: Sendable {
      init(clock: Lazy<Clock>) {}
    }
    final class Caller: Sendable {
      init(clock: Provider<Clock>) {}
    }
    let container = Container()
    container.register(Clock.init).lifetime(.objectGraph)
    container.register(Keeper.init(clock:)).lifetime(.single)
    container.register(Caller.init(clock:)).lifetime(.single)
    #expect(
      container.validate().problems.map(\.kind) == [
        .captiveDependency(
          holder: "Keeper", holderLifetime: .single, dependency: "Clock",
          dependencyLifetime: .objectGraph)
      ])
  }

  /// What `many` builds, the holder keeps: the build's check says the same (SquireBuildPlugin's
  /// `ProblemTests.captiveDependencyThroughMany`).
  @Test func aCaptiveThroughManyIsReported() {
    let container = Container()
    container.register(FleetDiesel.init).as((any FleetEngine).self).lifetime(.perContainer)
    container.register { Fleet(engines: many($0)) }.lifetime(.single)
    let problems = container.validate().problems
    #expect(
      problems.map(\.kind) == [
        .captiveDependency(
          holder: "Fleet", holderLifetime: .single, dependency: "FleetDiesel",
          dependencyLifetime: .perContainer)
      ])
    #expect(
      problems.first?.description.hasPrefix(
        "Captive dependency: `Fleet` (.single) holds `FleetDiesel` (.perContainer).") == true,
      "\(problems.first?.description ?? "")")
  }

  @Test func separateCyclesAreEachReported() {
    final class A {
      init(b: B) {}
    }
    final class B {
      init(c: C) {}
    }
    final class C {
      init(a: A) {}
    }
    let container = Container()
    container.register(Left.init(right:))
    container.register(Right.init(left:))
    container.register(A.init(b:))
    container.register(B.init(c:))
    container.register(C.init(a:))
    let cycles = container.validate().problems.map(\.kind)
    #expect(cycles == [.cycle(["A", "B", "C", "A"]), .cycle(["Left", "Right", "Left"])])
  }

  @Test func argumentTakenByADependencyCannotBePassed() throws {
    let container = Container()
    container.register { Herald(name: arg($0)) }
    container.register(Page.init(herald:))
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(
      problem.kind
        == .unpassableArgument(component: "Herald", argumentTypes: ["String"], neededBy: ["Page"]))
    #expect(problem.path == ["Page", "Herald"])
    #expect(throws: ResolutionError.self) { try container.tryResolve(Page.self, args: "Roland") }
  }

  @Test func argumentOfAComponentResolvedAtTheTopIsFine() {
    let container = Container()
    container.register { Herald(name: arg($0)) }
    #expect(container.validate().isValid)
    #expect(throws: Never.self) { try container.tryResolve(Herald.self, args: "Roland") }
  }

  @Test func argumentBehindADeferredDependencyIsNotReported() {
    final class Court {
      init(herald: Provider<Herald>) {}
    }
    let container = Container()
    container.register { Herald(name: arg($0)) }
    container.register(Court.init(herald:))
    #expect(container.validate().isValid)
  }

  @Test func unknownNameSaysSoAndSuggestsTheCaseVariant() throws {
    final class Squire {
      init(armor: Named<Armor, Lowercase>) {}
    }
    let container = Container()
    container.register { PlateArmor(forge: Forge()) }.as(Armor.self, name: "Steel")
    container.register(Squire.init(armor:))
    let problem = try #require(container.validate().problems.first)
    #expect(
      problem.kind
        == .missingDependency(type: "Armor", qualifier: .name("steel"), neededBy: ["Squire"]))
    #expect(
      problem.description.hasPrefix(
        "Unknown name: nothing provides `Armor` under the name \"steel\""))
    #expect(problem.suggestions.contains { $0.hasPrefix("a name that differs only by case") })
  }

  @Test func unknownTagSuggestsTheTagRegisteredForAnotherType() throws {
    final class Joust {
      init(horse: ByTag<Tournament, Horse>) {}
    }
    let container = Container()
    container.register { PlateArmor(forge: Forge()) }.as(Armor.self, tag: Tournament.self)
    container.register(Joust.init(horse:))
    let problem = try #require(container.validate().problems.first)
    #expect(
      problem.kind
        == .missingDependency(type: "Horse", qualifier: .tag("Tournament"), neededBy: ["Joust"]))
    #expect(problem.description.hasPrefix("Unknown tag:"))
    #expect(
      problem.suggestions.contains {
        $0.hasPrefix("the tag Tournament is registered for another type")
      })
  }

  @Test func severalProblemsAreReportedTogether() throws {
    let container = Container()
    container.register(PlateArmor.init(forge:)).as(Armor.self)  // Forge is missing
    container.register(Knight.init(armor:)).lifetime(.single)
    container.register(Left.init(right:))
    container.register(Right.init(left:))
    container.register { Herald(name: arg($0)) }.lifetime(.objectGraph)
    container.register(Page.init(herald:)).lifetime(.perContainer)
    let report = container.validate()
    let kinds = report.problems.map(\.kind)
    #expect(
      kinds == [
        .missingDependency(type: "Forge", qualifier: nil, neededBy: ["PlateArmor"]),
        .cycle(["Left", "Right", "Left"]),
        .captiveDependency(
          holder: "Page", holderLifetime: .perContainer, dependency: "Herald",
          dependencyLifetime: .objectGraph),
        .unpassableArgument(component: "Herald", argumentTypes: ["String"], neededBy: ["Page"]),
      ])
    #expect(report.description.hasPrefix("Squire found 4 problems in 6 components"))
    #expect(report.description.contains("\n\n4. Unpassable argument"))
    #expect(throws: ValidationReport.self) { try report.requireValid() }
  }

  @Test func reportIsTheSameInEveryRun() {
    func build() -> String {
      let container = Container()
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      container.register(Smith.init(forge:))
      container.register(Left.init(right:))
      container.register(Right.init(left:))
      container.register(Keep.init(knight:))
      return container.validate().description
    }
    #expect(build() == build())
  }

  @Test func validatingAgainAfterRegisteringSeesTheChange() {
    let container = Container()
    container.register(Smith.init(forge:))
    #expect(!container.validate().isValid)
    container.register(Forge.init)
    #expect(container.validate().isValid)
  }
}

private protocol FleetEngine: AnyObject {}
private final class FleetDiesel: FleetEngine {}
private final class Fleet {
  init(engines: [any FleetEngine]) {}
}
