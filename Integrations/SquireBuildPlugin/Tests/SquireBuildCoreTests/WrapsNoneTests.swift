#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// `wrapsNone: true` in a generated factory: the tool says a class holds no `@Injected` or
/// `@LazyInjected` property only when it read the class and its superclasses whole; anything it
/// cannot tell leaves the container to look, as without the plugin.
@Suite struct WrapsNoneTests {
  static let types = """
    import Squire
    import Foundation
    protocol Engine: AnyObject {}
    final class Diesel: Engine {}
    final class Plain {}
    final class Injecting {
      @Injected var engine: any Engine
    }
    final class Qualified {
      @Squire.Injected var engine: any Engine
    }
    typealias Wired = Injected
    final class Aliased {
      @Wired var engine: any Engine
    }
    final class Conditional {
      #if DEBUG
      @Injected var engine: any Engine
      #endif
    }
    final class Outlet {
      @IBOutlet var engine: Diesel?
    }
    class Base {
      @LazyInjected var engine: any Engine
    }
    final class Derived: Base {}
    class CleanBase {}
    final class CleanDerived: CleanBase, Sendable {}
    final class FromFoundation: NSObject {}
    final class SendableFirst: Sendable {}
    @Wrapping final class Macroed {}
    final class MemberMacro {
      #declareMembers
    }
    struct Value {}
    final class Spelled {
      var engine: Injected<any Engine>
      init() { engine = Injected() }
    }
    final class Inferred {
      let engine = LazyInjected<any Engine>()
    }
    typealias EngineSlot = Injected<any Engine>
    typealias Slot = EngineSlot
    final class AliasTyped {
      var engine: Slot
      init() { engine = Slot() }
    }
    final class Paired {
      var (engine, spare): (Injected<any Engine>, Int) = (Injected(), 0)
      init() {}
    }
    final class Counted {
      let count: Int
      var names: [String] = []
      init() { count = 0 }
    }
    """

  /// The generated factory line of each type registered with `T.init`.
  static func factoryLines() -> [String: String] {
    let names = [
      "Diesel", "Plain", "Injecting", "Qualified", "Aliased", "Conditional", "Outlet", "Derived",
      "CleanDerived", "FromFoundation", "SendableFirst", "Macroed", "MemberMacro", "Value",
      "Spelled", "Inferred", "AliasTyped", "Counted", "Paired",
    ]
    let root =
      "import Squire\n\nfunc makeContainer() -> Container {\n  let container = Container()\n"
      + names.map { "  container.register(\($0).init)\n" }.joined()
      + "  return container\n}\n"
    let source = SquireCheck.run(
      files: [(path: "Types.swift", text: types), (path: "Root.swift", text: root)],
      module: "App", generate: true
    ).generatedSource
    var lines: [String: String] = [:]
    for line in source.split(separator: "\n") where line.contains("Squire._GeneratedFactory(") {
      for name in names where line.contains("_GeneratedFactory(\(name).self") {
        lines[name] = String(line)
      }
    }
    return lines
  }

  @Test func aClassTheToolReadWholeWithoutWrappedPropertiesSaysSo() {
    let lines = Self.factoryLines()
    // `@IBOutlet` is not a property wrapper.
    for name in ["Diesel", "Plain", "CleanDerived", "SendableFirst", "Value", "Outlet", "Counted"] {
      #expect(lines[name]?.contains("wrapsNone: true") == true, "\(name): \(lines[name] ?? "none")")
    }
  }

  @Test func anythingTheToolCannotTellLeavesTheContainerToLook() {
    let lines = Self.factoryLines()
    // Each still gets its factory: only the promise is withheld.
    // A wrapper's type written as a property's type, without the attribute, is filled too.
    for name in [
      "Injecting", "Qualified", "Aliased", "Conditional", "Derived", "MemberMacro", "Spelled",
      "Inferred", "AliasTyped", "Paired",
    ] {
      #expect(lines[name] != nil, "\(name) has no generated factory")
      #expect(lines[name]?.contains("wrapsNone") == false, "\(name): \(lines[name] ?? "none")")
    }
    // A superclass of another module, a macro on the class: no factory at all (the tool cannot
    // tell the initializers, or the isolation), and so no promise either.
    for name in ["FromFoundation", "Macroed"] {
      #expect(lines[name]?.contains("wrapsNone") != true, "\(name): \(lines[name] ?? "none")")
    }
  }
}
#endif
