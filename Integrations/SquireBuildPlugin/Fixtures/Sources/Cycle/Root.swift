import Squire

final class Page {
  var lord: Lord?
}

final class Lord {
  init(page: Page) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Lord.init(page:))
  container.register(Page.init).injection(\.lord)
  return container
}
