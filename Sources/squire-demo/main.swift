import Foundation
import Squire

// squire-demo: a composition root for a small garrison. It registers the parts, validates the
// graph before building anything, builds the singletons, resolves the garrison, uses what it
// built, prints the graph, and shows what Squire says when a registration is missing.

let realm = Container()
realm.append(part: GarrisonPart.self)
realm.append(part: CourtPart.self)

/// Starts a section with its title and one line on what it shows.
func section(_ title: String, _ shows: String) {
  print("\n== \(title) ==")
  print("(\(shows))")
}

/// Writes `text` under `.build/squire-demo/` and says where.
func write(_ text: String, to name: String) {
  let file = URL(fileURLWithPath: ".build/squire-demo/\(name)")
  do {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    print("Wrote \(file.path).")
  } catch {
    print("Could not write \(file.path): \(error)")
  }
}

print("Squire's demo: a garrison of knights, put together by one composition root.")
print("Read Sources/squire-demo/Composition.swift alongside; each section below shows one idea.")

section("1. Validation", "the whole graph is checked before anything is built")
let report = realm.validate()
print(report)
guard report.isValid else { fatalError("the garrison's composition root is not valid") }
/// Builds the singletons at start-up, the async treasury among them. (An async function: in
/// top-level code the compiler picks the synchronous overload.)
func openTheCastle() async {
  await realm.initializeSingletons()
}
await openTheCastle()

func describe(_ knight: Knight) -> String {
  """
    \(knight.name), armed with a \(knight.weapon.name)
      armour:  \(knight.armor.pieces.joined(separator: ", "))
      page:    \(knight.page.name), who serves him: \(knight.page.knight === knight), \
  and grooms his horse: \(knight.horse.page === knight.page)
  """
}

section(
  "2. Muster",
  "one resolve builds the garrison: injection, `many`, a cycle broken by `cycle: true`, `Lazy`")
let garrison: Garrison = realm.resolve()
print("The captain:")
print(describe(garrison.captain))
print("The armoury holds: \(garrison.armory.map(\.name).joined(separator: ", ")) (many).")
print("Is the chronicle open yet? \(garrison.chronicle.isResolved) (it is lazy).")

section(
  "3. Recruiting",
  "a `Provider` builds a new component on each call, with a runtime argument (`arg`)")
for name in ["Gawain", "Percival"] {
  let recruit = garrison.recruit(name)
  print("  \(recruit.name), armed with a \(recruit.weapon.name), in \(recruit.armor.pieces[0])...")
}
print("Is the chronicle open now? \(garrison.chronicle.isResolved). It reads:")
for line in garrison.chronicle.value.lines { print("  - \(line)") }
print("The forge (`.single`: one for the realm) has made \(garrison.forge.forged) pieces.")

section(
  "4. Tournament",
  "a child container overrides the champion and his weapon; the realm is untouched")
let tournament = Container(parent: realm)
tournament.register { Title(name: "Sir Lancelot") }
tournament.register(Lance.init).as(Weapon.self)
let jouster: Knight = tournament.resolve()
print(describe(jouster))
let tagged: Weapon = realm.resolve(tag: Tournament.self)
print("The realm's weapon tagged `Tournament`: \(tagged.name)")
print("The tournament ends; closing its container closes only what it made:")
print(tournament.close())

section(
  "5. Court",
  "a @MainActor board built right here on the main actor, and an async treasury opened at start-up")
// This top-level code runs on the main actor, so the board's initializer runs right here; the
// treasury was opened (async) by `initializeSingletons()` above.
let board: MusterBoard = realm.resolve()
for notice in board.notices { print("  \(notice)") }
let treasury = await Task.detached { await realm.resolve(Treasury.self) }.value
print("From another task, the same treasury: \(treasury === board.treasury)")
do {
  // A synchronous resolve off the main actor cannot run the board's initializer: it says so.
  _ = try await Task.detached { try realm.tryResolve(MusterBoard.self, isolation: nil) }.value
} catch let error as ResolutionError {
  print("Off the main actor, synchronously: \(error.reason)")
}

section(
  "6. A herald from another court",
  "an object made elsewhere: `inject(into:)` fills its `@Injected` and `@LazyInjected` properties")
let herald = Herald(name: "Dagonet")  // made by another court, not by the container
realm.inject(into: herald)
print("\(herald.name) has the realm's forge: \(herald.forge === garrison.forge).")
print("He reads the chronicle (resolved on first read): \(herald.chronicle.lines.count) lines.")

section("7. The graph", "every component, its lifetime and its dependencies, as files to render")
write(realm.graph(.dot), to: "garrison.dot")
print("  render it: dot -Tsvg .build/squire-demo/garrison.dot -o garrison.svg")
write(realm.graph(.mermaid), to: "garrison.mmd")
print("  or paste it into a ```mermaid block in Markdown (GitHub renders it)")
write(realm.graph(.html), to: "garrison.html")
print("  or open it in a browser: search a component, see what it needs and what needs it")

section(
  "8. A mistake, caught before it hurts",
  "a weapon registered without `.as(Weapon.self)`: validation finds it, says how to fix it")
let careless = Container()  // squire: expect-problems (the plugin leaves this one to validate())
careless.register(Halberd.init)  // the mistake: nothing says a Halberd is a Weapon
careless.register { ShieldBearer(weapon: $0) }
let mistakes = careless.validate()
print(mistakes)
do {
  _ = try careless.tryResolve(ShieldBearer.self)
} catch {
  print("\nResolving anyway gives the same diagnosis:")
  print(error)
}

print("\nThe fix, as the message says: forward the halberd as a Weapon.")
let careful = Container()
careful.register(Halberd.init).as(Weapon.self)
careful.register { ShieldBearer(weapon: $0) }
print(careful.validate())
let bearer: ShieldBearer = careful.resolve()
print("The shield-bearer carries a \(bearer.weapon.name).")

section(
  "9. Interception and context",
  "a decorator logs every armour fitted through a child; recruits get the mace by context")
let inspection = Container(parent: realm)
inspection.decorate(Armor.self) { inner, chronicle in
  LoggedArmor(inner: inner, chronicle: chronicle)
}
let inspected: Knight = inspection.resolve()
let another: Recruit = inspection.resolve(args: "Tristan")
print(
  "\(inspected.name) and \(another.name) were fitted through the inspection; its chronicle reads:")
for line in inspection.resolve(Chronicle.self).lines { print("  - \(line)") }
print(
  "The realm's knights are not inspected: \(!(realm.resolve(Knight.self).armor is LoggedArmor))")
print(
  "\(another.name) carries a \(another.weapon.name) (`.when(injectedInto: Recruit.self)`); "
    + "the captain a \(inspected.weapon.name).")
print(inspection.close())

section("10. Closing", "the realm closes: cleanups run, last made first")
print(realm.close())
