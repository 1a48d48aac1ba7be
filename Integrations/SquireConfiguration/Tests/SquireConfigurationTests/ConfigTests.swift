#if Configuration
import Configuration
import Squire
import SquireConfiguration
import Testing

enum HTTPPort: Setting {
  static let key = "http.port"
  static let fallback = 8080
}

enum HTTPHost: RequiredSetting {
  typealias Value = String
  static let key = "http.host"
}

enum APIToken: RequiredSetting {
  typealias Value = Int
  static let key = "api.token"
  static let isSecret = true
}

enum LogLevel: String, ConfigurationValue {
  case debug, info
}

enum Verbosity: Setting {
  static let key = "log.level"
  static let fallback = LogLevel.info
}

enum Origins: Setting {
  static let key = "http.origins"
  static let fallback: [String] = []
}

final class HTTPServer: Sendable {
  let port: Int
  let host: String
  init(port: Int, host: String) {
    self.port = port
    self.host = host
  }
}

final class Gateway {
  let server: HTTPServer
  var level = LogLevel.debug
  var origins: [String] = []
  init(server: HTTPServer) { self.server = server }
}

final class StatusPage {
  @Injected var port: Config<HTTPPort>
  @LazyInjected var host: Config<HTTPHost>
}

final class Vault {
  let token: Int
  init(token: Int) { self.token = token }
}

struct Port: LosslessStringConvertible, Equatable, ConfigurationValue, ConfigurationArrayElement {
  let number: UInt16
  init(_ number: UInt16) { self.number = number }
  init?(_ description: String) {
    guard let number = UInt16(description) else { return nil }
    self.number = number
  }
  var description: String { "\(number)" }
}

private func configuration(_ values: [AbsoluteConfigKey: ConfigValue]) -> ConfigReader {
  ConfigReader(provider: InMemoryProvider(values: values))
}

@Suite("Configuration values")
struct ConfigTests {
  private func container(_ values: [AbsoluteConfigKey: ConfigValue]) -> Container {
    let container = Container()
    container.register(configuration: configuration(values))
    container.register {
      HTTPServer(port: config(HTTPPort.self, $0), host: config(HTTPHost.self, $1))
    }
    container.register(Gateway.init)
      .injection(\.level) { config(Verbosity.self, $0) }
      .injection(\.origins) { config(Origins.self, $0) }
    return container
  }

  @Test func valuesAreInjectedTypedIntoParametersAndProperties() {
    let container = container([
      "http.port": 9000, "http.host": "example.org", "log.level": "debug",
      "http.origins": .init(.stringArray(["a", "b"]), isSecret: false),
    ])
    #expect(container.validate().isValid)
    let gateway: Gateway = container.resolve()
    #expect(gateway.server.port == 9000)
    #expect(gateway.server.host == "example.org")
    #expect(gateway.level == .debug)
    #expect(gateway.origins == ["a", "b"])
  }

  @Test func arraysOfEveryElementTypeAreRead() {
    let reader = configuration([
      "ints": .init(.intArray([1, 2]), isSecret: false),
      "doubles": .init(.doubleArray([0.5]), isSecret: false),
      "bools": .init(.boolArray([true, false]), isSecret: false),
      "strings": .init(.stringArray(["a"]), isSecret: false),
      "ports": .init(.stringArray(["80", "443"]), isSecret: false),
      "bad-ports": .init(.stringArray(["80", "http"]), isSecret: false),
    ])
    #expect([Int].read(from: reader, key: "ints", isSecret: false) == [1, 2])
    #expect([Double].read(from: reader, key: "doubles", isSecret: false) == [0.5])
    #expect([Bool].read(from: reader, key: "bools", isSecret: false) == [true, false])
    #expect([String].read(from: reader, key: "strings", isSecret: false) == ["a"])
    #expect([Int].read(from: reader, key: "strings", isSecret: false) == nil)
    #expect([Int].read(from: reader, key: "missing", isSecret: false) == nil)
    // Any other `LosslessStringConvertible` element: its strings, each converted.
    #expect([Port].read(from: reader, key: "ports", isSecret: false) == [Port(80), Port(443)])
    #expect([Port].read(from: reader, key: "bad-ports", isSecret: false) == nil)
  }

  @Test func scalarsOfEveryTypeAreRead() {
    let reader = configuration([
      "int": 7, "double": 0.5, "bool": true, "string": "a", "port": "8080", "bad-port": "http",
    ])
    #expect(Int.read(from: reader, key: "int", isSecret: false) == 7)
    #expect(Double.read(from: reader, key: "double", isSecret: false) == 0.5)
    #expect(Bool.read(from: reader, key: "bool", isSecret: false) == true)
    #expect(String.read(from: reader, key: "string", isSecret: false) == "a")
    #expect(Int.read(from: reader, key: "string", isSecret: false) == nil)
    #expect(Port.read(from: reader, key: "port", isSecret: false) == Port(8080))
    #expect(Port.read(from: reader, key: "bad-port", isSecret: false) == nil)
    #expect(Port.read(from: reader, key: "missing", isSecret: false) == nil)
  }

  @Test func aSingleReadsItsValuesOnceAndValidates() {
    // A `.single` may depend on the configuration: it is no captive of a shorter lifetime.
    let container = Container()
    container.register(configuration: configuration(["http.port": 9000, "http.host": "a.org"]))
    container.register {
      HTTPServer(port: config(HTTPPort.self, $0), host: config(HTTPHost.self, $1))
    }
    .lifetime(.single)
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(container.resolve(HTTPServer.self) === container.resolve(HTTPServer.self))
    #expect(container.resolve(HTTPServer.self).port == 9000)
  }

  @Test func theFallbackIsUsedWhenTheConfigurationHasNoValue() {
    let container = container(["http.host": "localhost"])
    #expect(container.validate().isValid)
    let gateway: Gateway = container.resolve()
    #expect(gateway.server.port == 8080)
    #expect(gateway.level == .info)
    #expect(gateway.origins == [])
  }

  @Test func validateReportsAMissingRequiredKeyWithTheComponentAndPath() throws {
    let container = container([:])
    let problems = container.validate().problems
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    #expect(
      problem.kind
        == .unavailableValue(
          value: "HTTPHost (http.host)", neededBy: ["HTTPServer"],
          reason: "the configuration has no value for `http.host`, and `HTTPHost` has no "
            + "fallback: set it (`HTTP_HOST` in the environment), or declare `HTTPHost` a "
            + "`Setting` with a fallback"))
    #expect(problem.path == ["Gateway", "HTTPServer", "HTTPHost (http.host)"])
    #expect(problem.description.contains("http.host"))
  }

  @Test func validateReportsAValueThatDoesNotConvert() throws {
    let container = container(["http.host": "localhost", "http.port": "eighty"])
    let problem = try #require(container.validate().problems.first)
    guard case .unavailableValue(let value, let neededBy, let reason) = problem.kind else {
      Issue.record("\(problem)")
      return
    }
    #expect(value == "HTTPPort (http.port)")
    #expect(neededBy == ["HTTPServer"])
    #expect(reason.contains("does not convert to `Int`"))
    #expect(reason.contains("eighty"))
  }

  @Test func aSecretValueIsNeverShown() throws {
    let container = Container()
    container.register(
      configuration: configuration(["api.token": .init("hunter2", isSecret: true)]))
    container.register { Vault(token: config(APIToken.self, $0)) }
    let report = container.validate()
    #expect(!report.isValid)
    #expect(!report.description.contains("hunter2"))
    #expect(report.description.contains("api.token"))
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Vault.self) }
    #expect(!error.description.contains("hunter2"))
    #expect(!container.graph(.dot).contains("hunter2"))
  }

  @Test func resolvingWithAMissingValueIsAnErrorNamingTheKey() throws {
    let container = container([:])
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Gateway.self)
    }
    #expect(error.path == ["Gateway", "HTTPServer", "Config<HTTPHost>"])
    #expect(error.description.contains("http.host"))
  }

  @Test func wrappedPropertiesTakeConfigurationValuesToo() throws {
    let container = Container()
    container.register(configuration: configuration(["http.port": 81, "http.host": "status"]))
    container.register(StatusPage.init)
    #expect(container.validate().isValid)
    let page: StatusPage = container.resolve()
    #expect(page.port.value == 81)
    #expect(page.host.value == "status")

    let missing = Container()
    missing.register(configuration: configuration([:]))
    missing.register(StatusPage.init)
    let problem = try #require(missing.validate().problems.first)
    #expect(problem.path == ["StatusPage", "HTTPHost (http.host)"])
  }

  @Test func aMissingConfigurationIsAMissingDependency() {
    let container = Container()
    container.register { Vault(token: config(APIToken.self, $0)) }
    let types = container.validate().problems.compactMap { problem -> String? in
      guard case .missingDependency(let type, _, _) = problem.kind else { return nil }
      return type
    }
    #expect(types == ["ConfigurationSource"])
  }

  @Test func aChildContainerCanReplaceTheConfiguration() {
    let container = container(["http.host": "production"])
    let test = Container(parent: container)
    test.register(configuration: configuration(["http.host": "test", "http.port": 1]))
    #expect(test.validate().isValid)
    #expect(test.resolve(HTTPServer.self).host == "test")
    #expect(container.resolve(HTTPServer.self).host == "production")
  }
}
#endif
