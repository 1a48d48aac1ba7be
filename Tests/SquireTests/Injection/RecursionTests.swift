import Foundation
import Testing

@testable import Squire

/// A node that builds its children through its own `Provider`: recursion that ends.
private final class TreeNode: Sendable {
  let children: [TreeNode]

  init(depth: Int, fanOut: Int, nodes: Provider<TreeNode>) throws {
    children = depth > 0 ? try (0..<fanOut).map { _ in try nodes.get(args: depth - 1, fanOut) } : []
  }

  var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
  var height: Int { 1 + (children.map(\.height).max() ?? 0) }
}

/// A link of a chain of components of one type, each registered under its own name, whose
/// factory resolves the next one through the container.
private final class ChainLink: Sendable {
  let next: ChainLink?
  init(next: ChainLink?) { self.next = next }
  var length: Int { 1 + (next?.length ?? 0) }
}

/// Recursion that ends is not a cycle: it is allowed to the documented depth, and when the
/// depth runs out the error says so, with the real path.
@Suite("Recursion")
struct RecursionTests {
  private func treeContainer() -> Container {
    let container = Container()
    container.register { try TreeNode(depth: arg($0), fanOut: arg($1), nodes: $2) }
    return container
  }

  @Test func aPrototypeBuildsATreeOfItselfThroughItsOwnProvider() throws {
    let root = try treeContainer().tryResolve(TreeNode.self, args: 5, 2)
    #expect(root.count == 63)
  }

  @Test func aRecursionThroughAProviderGoesToTheDocumentedDepth() throws {
    let depth = ResolutionContext.maximumDepth - 10
    let root = try treeContainer().tryResolve(TreeNode.self, args: depth, 1)
    #expect(root.height == depth + 1)
  }

  @Test func aRecursionDeeperThanTheLimitSaysItIsTooDeep() throws {
    let depth = ResolutionContext.maximumDepth + 10
    let error = try #require(throws: ResolutionError.self) {
      try treeContainer().tryResolve(TreeNode.self, args: depth, 1)
    }
    #expect(error.description.contains("more than \(ResolutionContext.maximumDepth)"))
    #expect(!error.description.contains("no break point"), "\(error)")
    #expect(error.description.contains("TreeNode"))
  }

  private func chainContainer(length: Int) -> Container {
    let container = Container()
    for index in 0..<length {
      // Unowned: the container keeps its factories; a strong capture would keep it forever.
      container.register { [unowned container] () throws -> ChainLink in
        ChainLink(
          next: index + 1 < length
            ? try container.tryResolve(ChainLink.self, name: "link\(index + 1)") : nil)
      }
      .as(ChainLink.self, name: "link\(index)")
    }
    return container
  }

  @Test func aChainOfFactoriesResolvingTheNextGoesToTheDocumentedDepth() throws {
    let length = ResolutionContext.maximumDepth - 10
    let first = try chainContainer(length: length).tryResolve(ChainLink.self, name: "link0")
    #expect(first.length == length)
  }

  @Test func aChainTooLongSaysSoAndNamesItsEnds() throws {
    let length = ResolutionContext.maximumDepth + 10
    let error = try #require(throws: ResolutionError.self) {
      try chainContainer(length: length).tryResolve(ChainLink.self, name: "link0")
    }
    #expect(!error.description.contains("no break point"), "\(error)")
    #expect(error.description.contains("more than \(ResolutionContext.maximumDepth)"), "\(error)")
    #expect(error.description.contains("\"link0\""), "\(error)")
    #expect(error.description.contains("\"link\(ResolutionContext.maximumDepth)\""), "\(error)")
  }

  @Test func aFactoryThatResolvesItselfSaysItComesBack() throws {
    let container = Container()
    container.register { [unowned container] () throws -> ChainLink in
      ChainLink(next: try container.tryResolve(ChainLink.self))
    }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ChainLink.self)
    }
    #expect(error.reason == .tooDeep(limit: ResolutionContext.maximumNesting))
    #expect(error.description.contains("`ChainLink` comes back on the path"), "\(error)")
    #expect(error.description.count < 2_000, "\(error)")
  }

  /// Issue 37, 8: an async resolve had no depth limit: a factory awaiting itself took memory
  /// until the process was killed.
  @Test func anAsyncFactoryThatAwaitsItselfStopsAtTheLimit() async {
    await #expect(processExitsWith: .success) {
      Watchdog.start()
      let container = Container()
      container.register { [unowned container] () async throws -> ChainLink in
        ChainLink(next: try await container.tryResolve(ChainLink.self))
      }
      container.register { (next: Provider<Spiral>) async throws -> Spiral in
        Spiral(inner: try await next.get())
      }
      do {
        _ = try await container.tryResolve(ChainLink.self)
        exit(1)
      } catch {
        if (error as? ResolutionError)?.reason != .tooDeep(limit: ResolutionContext.maximumNesting)
        {
          exit(2)
        }
      }
      do {
        _ = try await container.tryResolve(Spiral.self)
        exit(3)
      } catch {
        if (error as? ResolutionError)?.reason != .tooDeep(limit: ResolutionContext.maximumNesting)
        {
          exit(4)
        }
      }
    }
  }

  @Test func anAsyncFactoryThatAwaitsItselfSaysItComesBack() async throws {
    let container = Container()
    container.register { [unowned container] () async throws -> ChainLink in
      ChainLink(next: try await container.tryResolve(ChainLink.self))
    }
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolve(ChainLink.self)
    }
    #expect(error.reason == .tooDeep(limit: ResolutionContext.maximumNesting))
    #expect(error.description.contains("in this task"), "\(error)")
    #expect(error.description.contains("`ChainLink` comes back on the path"), "\(error)")
  }

  @Test func anAsyncRecursionThatEndsGoesToTheLimit() async throws {
    let container = Container()
    let factory: @Sendable (Int) async throws -> Countdown = { [unowned container] depth in
      Countdown(
        next: depth > 1 ? try await container.tryResolve(Countdown.self, args: depth - 1) : nil)
    }
    container.register(factory) { arg($0) }
    let depth = ResolutionContext.maximumNesting
    let top = try await container.tryResolve(Countdown.self, args: depth)
    #expect(top.length == depth)
    await #expect(throws: ResolutionError.self) {
      try await container.tryResolve(Countdown.self, args: depth + 1)
    }
  }
}

/// Built through its own `Provider`, awaited.
private final class Spiral: Sendable {
  let inner: Spiral
  init(inner: Spiral) { self.inner = inner }
}

private final class Countdown: Sendable {
  let next: Countdown?
  init(next: Countdown?) { self.next = next }
  var length: Int { 1 + (next?.length ?? 0) }
}
