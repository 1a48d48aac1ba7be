import _SquireShims

/// How a synchronous resolve keeps off the end of its thread's stack. The counts alone cannot:
/// 200 levels in each of 200 resolves nested through `Provider` values are within both limits
/// and far past any stack, and a thread with a 512 KB stack (an Apple platform's secondary
/// thread) runs out sooner. So a resolve looks at the stack itself, where that costs nothing
/// on the way of a shallow one: when a resolve starts inside another on the same thread, and
/// every ``checkInterval`` levels of one. Below the thread's reserve (a quarter of its stack,
/// 64 KB to 256 KB) it stops with the "too deep" error, and its path.
extension ResolutionContext {
  /// How many levels a resolve goes between two looks at the stack: few enough that the frames
  /// of that many components and their factories fit in the reserve.
  @usableFromInline
  static let checkInterval = 8

  /// Called by ``descend(_:)`` when the resolve goes deeper than it last looked: past
  /// ``maximumDepth`` (a cycle nothing else caught, or a chain too long), or with the stack in
  /// its reserve, stays where it was and throws; otherwise looks again further down.
  @usableFromInline
  @inline(never)
  mutating func checkpoint(_ step: PathStep) throws(ResolutionError) {
    if depth > Self.maximumDepth {
      depth &-= 1
      throw ResolutionError(reason: .cycle([])).entering(step)
    }
    if _squire_stack_is_low() != 0 {
      depth &-= 1
      throw Self.stackRanLow(levels: depth + 1).entering(step)
    }
    nextCheck = Swift.min(depth &+ Self.checkInterval, Self.maximumDepth)
  }

  /// The error of a resolve stopped because the thread's stack reached its reserve, `levels`
  /// deep in the resolve that stopped (0: as it started).
  static func stackRanLow(levels: Int) -> ResolutionError {
    let size = Int(_squire_stack_size())
    let reserve = Int(_squire_stack_reserve(UInt(size)))
    let around = Int(_squire_nesting()) - 1
    var error = ResolutionError(reason: .tooDeep(limit: maximumDepth))
    var place = levels > 0 ? "this resolve is \(levels) levels deep" : "a resolve was starting"
    if around > 0 {
      place +=
        ", and \(around) more \(around == 1 ? "resolve runs" : "resolves run") around it on "
        + "this thread, each started by a factory (or a `Lazy`/`Provider` value) of the one "
        + "around it"
    }
    error.explanation =
      "the thread's stack of \(size / 1024) KB has less than \(reserve / 1024) KB left, which "
      + "Squire keeps free rather than overflow it: \(place)."
    error.advice =
      "make the chain shorter or nest fewer resolves: read a `Provider` or `Lazy` after the "
      + "resolve that made it rather than in an initializer, build a deep structure in a loop, "
      + "or resolve on a thread with a larger stack."
    return error
  }
}

extension Container {
  /// Called when a synchronous resolve of `type` starts inside another on this thread
  /// (`nesting`, as `_squire_enter_resolve` returned it, is more than 1): the error if it would
  /// nest past ``ResolutionContext/maximumNesting`` or into the thread's stack reserve.
  @usableFromInline
  @inline(never)
  func checkNesting(_ nesting: Int, _ type: Any.Type, _ qualifier: Qualifier = .none)
    throws(ResolutionError)
  {
    if nesting > ResolutionContext.maximumNesting {
      throw failed(ResolutionContext.nestedTooDeep(type, qualifier))
    }
    if _squire_stack_is_low() != 0 {
      throw failed(
        ResolutionContext.stackRanLow(levels: 0)
          .finished(requested: Linker.describe(type, qualifier)))
    }
  }
}
