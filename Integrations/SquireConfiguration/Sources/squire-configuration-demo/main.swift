#if Configuration
import Configuration
import Squire
import SquireConfiguration

// squire-configuration-demo: typed configuration values injected by Squire, checked before
// anything is built. Try it with values of your own:
//
//   HTTP_PORT=9000 SIGNING_KEY=abc swift run squire-configuration-demo --greeting Hail

enum HTTPPort: Setting {
  static let key = "http.port"
  static let fallback = 8080
}

enum Greeting: Setting {
  static let key = "greeting"
  static let fallback = "Well met"
}

enum SigningKey: RequiredSetting {
  typealias Value = String
  static let key = "signing.key"
  static let isSecret = true
}

final class Herald {
  let greeting: String
  let port: Int
  let signingKey: String

  init(greeting: String, port: Int, signingKey: String) {
    self.greeting = greeting
    self.port = port
    self.signingKey = signingKey
  }
}

let container = Container()
// Highest priority first: the environment, then defaults of the demo's own.
container.register(
  configuration: ConfigReader(providers: [
    EnvironmentVariablesProvider(),
    InMemoryProvider(values: ["signing.key": ConfigValue("demo-key", isSecret: true)]),
  ]))
container.register {
  Herald(
    greeting: config(Greeting.self, $0), port: config(HTTPPort.self, $1),
    signingKey: config(SigningKey.self, $2))
}

print("== 1. Validation: every value a component needs is read before anything is built ==")
print(container.validate())
let herald: Herald = container.resolve()
print(
  "\(herald.greeting), on port \(herald.port); signed with a key of \(herald.signingKey.count) characters."
)

print("\n== 2. A configuration that lacks a required value, and has one that does not convert ==")
let broken = Container(parent: container)
broken.register(
  configuration: ConfigReader(
    provider: InMemoryProvider(values: ["http.port": "eighty"])))
print(broken.validate())
#else
// Built without the package trait `Configuration`: SquireConfiguration is empty.
print("squire-configuration-demo needs the package trait `Configuration`:")
print("swift run --traits Configuration squire-configuration-demo")
#endif
