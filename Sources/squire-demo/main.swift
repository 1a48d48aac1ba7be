import Foundation
import Squire

// squire-demo: a composition root for a small garrison. It registers the parts, validates the
// graph before building anything, builds the singletons, resolves the garrison, uses what it
// built, prints the graph, and shows what Squire says when a registration is missing.

let realm = Container()
realm.append(part: GarrisonPart.self)
realm.append(part: CourtPart.self)

print("== Validation ==")
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

print("\n== Muster ==")
let garrison: Garrison = realm.resolve()
print("The captain:")
print(describe(garrison.captain))
print("The armoury holds: \(garrison.armory.map(\.name).joined(separator: ", ")) (many).")
print("Is the chronicle open yet? \(garrison.chronicle.isResolved) (it is lazy).")

print("\n== Recruiting through a provider with runtime arguments ==")
for name in ["Gawain", "Percival"] {
  let recruit = garrison.recruit(name)
  print("  \(recruit.name), armed with a \(recruit.weapon.name), in \(recruit.armor.pieces[0])...")
}
print("Is the chronicle open now? \(garrison.chronicle.isResolved). It reads:")
for line in garrison.chronicle.value.lines { print("  - \(line)") }
print("The forge (one for the realm) has made \(garrison.forge.forged) pieces.")

print("\n== Tournament: a child container that overrides the champion and his weapon ==")
let tournament = Container(parent: realm)
tournament.register { Title(name: "Sir Lancelot") }
tournament.register(Lance.init).as(Weapon.self)
let jouster: Knight = tournament.resolve()
print(describe(jouster))
let tagged: Weapon = realm.resolve(tag: Tournament.self)
print("The realm's tagged tournament weapon: \(tagged.name)")
print("The tournament ends; closing its container closes only what it made:")
print(tournament.close())

print("\n== Court: a @MainActor board and an async treasury ==")
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

print("\n== The graph (Graphviz DOT; render with `dot -Tsvg`) ==")
print(realm.graph(.dot))

// The same graph as Mermaid, for Markdown that renders it (GitHub does).
let mermaidFile = URL(fileURLWithPath: ".build/squire-demo/garrison.mmd")
do {
  try FileManager.default.createDirectory(
    at: mermaidFile.deletingLastPathComponent(), withIntermediateDirectories: true)
  try realm.graph(.mermaid).write(to: mermaidFile, atomically: true, encoding: .utf8)
  print("Wrote the Mermaid graph to \(mermaidFile.path).")
} catch {
  print("Could not write \(mermaidFile.path): \(error)")
}

print("\n== Mistakes, caught before they hurt ==")
let careless = Container()
careless.register(Knight.init(title:weapon:page:horse:))
careless.register(PlateArmor.init(forge:)).as(Armor.self).lifetime(.single)
careless.register(Roster.init).lifetime(.objectGraph)
careless.register(Page.init(roster:)).lifetime(unchecked: .single)
print(careless.validate())
do {
  _ = try careless.tryResolve(Knight.self)
} catch {
  print("\nAnd resolving anyway:")
  print(error)
}

print("\n== Closing the realm: cleanups run last made first ==")
print(realm.close())
