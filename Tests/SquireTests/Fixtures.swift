import Synchronization

protocol Engine: AnyObject, Sendable {}
protocol Wheel: AnyObject {}
protocol Body: AnyObject {}

final class BMWEngine: Engine, Sendable {}
final class OtherEngine: Engine, Sendable {}
final class SteelWheel: Wheel {}
final class SportBody: Body {}

final class Car {
  let engine: Engine
  let wheel: Wheel
  let body: Body
  init(engine: Engine, wheel: Wheel, body: Body) {
    self.engine = engine
    self.wheel = wheel
    self.body = body
  }
}

/// Counts how many instances were made: shared with factories running on other threads.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

final class Service: Sendable {
  init() {}
}

final class Consumer: Sendable {
  let service: Service
  init(service: Service) { self.service = service }
}

final class Pair {
  let first: Consumer
  let second: Consumer
  init(first: Consumer, second: Consumer) {
    self.first = first
    self.second = second
  }
}

struct Config {
  let name: String
}

enum Sport {}
enum Comfort {}

final class Ten {
  let values: [Int]
  init(
    _ a: Int, _ b: Int8, _ c: Int16, _ d: Int32, _ e: Int64,
    _ f: UInt, _ g: UInt8, _ h: UInt16, _ i: UInt32, _ j: UInt64
  ) {
    values = [a, Int(b), Int(c), Int(d), Int(e), Int(f), Int(g), Int(h), Int(i), Int(j)]
  }
}
