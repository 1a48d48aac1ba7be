import Squire

private final class Helper {}
private final class RightUser {
  init(helper: Helper) {}
}

func registerRight(in container: Container) {
  container.register(Helper.init)
  container.register(RightUser.init)
}
