import Squire

/// Every form of the registration DSL, in a root the plugin checks clean.
enum EnginesPart: Part {
  static func load(container: Container) {
    container.register(BMWEngine.init).as(Engine.self).as(Engine.self, name: "BMW").default()
    container.register(OtherEngine.init).as(Engine.self)
  }
}

func registerWheels(in container: Container) {
  container.register(AlloyWheel.init).as(Wheel.self).lifetime(.perContainer)
}

func makeContainer() -> Container {
  let container = Container()
  container.append(part: EnginesPart.self)
  container.append(part: EnginesPart.self)
  registerWheels(in: container)
  container.register(SteelBody.init).as(Body.self).lifetime(.objectGraph)
  container.register(SportBody.init).as(Body.self, tag: BMWBody.self)
  container.register(Car.init(engine:wheel:body:))
  container.register {
    Wagon(engine: BMWEngine(), wheels: many($0), body: by(tag: BMWBody.self, $1))
  }
  container.register { Rental(customer: arg($0), car: $1) }
  container.register(Recruit.init) { arg($0) }
  container.register(Mechanic.init, modificator: { $0 as BMWEngine })
  container.register(Apprentice.init)
  container.register(DieselEngine.init).as(Engine.self).when(injectedInto: Apprentice.self)
  container.register(Driver.init).injection(cycle: true, \.car)
  container.register(Workshop.init)
    .injection { shop in shop.engine = BMWEngine() }
    .injection { $0.engine = $1 }
    .injection(\Workshop.engine)
    .injection(\.wheels) { many($0) }
    .injection { $0.engine = $1 as OtherEngine }
    .injection(name: "BMW") { $0.engine = $1 }
    .injection(cycle: true) { $0.driver = $1 }
    .injection { $0.setup(engine: $1, wheels: many($2), body: $3) }
    .postInit { $0.start() }
  container.register(Garage.init).lifetime(.prototype)
  container.register { FixedClock() }.as(Clock.self)
  container.register(Dashboard.init)
  container.register(ViewModel.init)
  container.register(Database.init).lifetime(.single)
  container.register { () throws -> Settings in try Settings() }
  container.register { RemoteCatalog() }.as(Catalog.self)
  container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
  container.register { "Quarterly report" }.as(String.self, name: "title")
  let child = Container(parent: container)
  child.register(SteelBody.init).as(Body.self)
  return container
}
