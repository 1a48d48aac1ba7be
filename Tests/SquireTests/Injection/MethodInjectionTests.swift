import Squire
import Testing

/// Method injection is the one closure-taking `injection`, so it takes `name:` and `cycle:` as a
/// single-dependency injection does.
@Suite("Method injection")
struct MethodInjectionTests {
  final class Lord {
    let herald: Herald
    init(herald: Herald) { self.herald = herald }
  }

  final class Herald {
    weak var lord: Lord?
    var motto: String?
    func serve(lord: Lord, motto: String) {
      self.lord = lord
      self.motto = motto
    }
  }

  @Test func aCyclicMethodInjectionClosesOnTheSameInstances() {
    let container = Container()
    container.register(Lord.init)
    container.register { "For the realm" }
    container.register { Herald() }
      .injection(cycle: true) { $0.serve(lord: $1, motto: $2) }
    let lord: Lord = container.resolve()
    #expect(lord.herald.lord === lord)
    #expect(lord.herald.motto == "For the realm")
  }

  final class Banner {
    var colour: String?
    var motto: String?
    func paint(colour: String, motto: String) {
      self.colour = colour
      self.motto = motto
    }
  }

  @Test func aNamedMethodInjectionResolvesEveryDependencyUnderTheName() {
    let container = Container()
    container.register { "plain" }
    container.register { "royal" }.as(String.self, name: "royal")
    container.register { Banner() }
      .injection(name: "royal") { (banner: Banner, colour: String, motto: String) in
        banner.paint(colour: colour, motto: motto)
      }
    let banner: Banner = container.resolve()
    #expect(banner.colour == "royal")
    #expect(banner.motto == "royal")
  }

  @Test func anInjectionWithNothingResolvedRuns() {
    let container = Container()
    container.register { Banner() }.injection { $0.colour = "red" }
    #expect(container.resolve(Banner.self).colour == "red")
  }
}
