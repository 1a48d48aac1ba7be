import Squire

// Types named like Squire's: the generated file names Squire's by its module.
struct Component {}
enum Lifetime { case short }
struct ResolutionContext {}

// A private `Helper` here and another in Right.swift: two types, no ambiguity.
private final class Helper {}
private final class LeftUser {
  init(helper: Helper) {}
}

func registerLeft(in container: Container) {
  container.register(Helper.init)
  container.register(LeftUser.init)
}
