import Squire

let realm = Container()
realm.append(part: GarrisonPart.self)
realm.initializeSingletons()

func describe(_ knight: Knight) -> String {
  """
    armour:  \(knight.armor.pieces.joined(separator: ", "))
    weapon:  \(knight.weapon.name)
    squire:  \(knight.squire.name) (also grooms his horse: \(knight.horse.squire === knight.squire))
  """
}

print("== Muster ==")
let garrison: Garrison = realm.resolve()
print("The captain of the garrison:")
print(describe(garrison.captain))

let second: Knight = realm.resolve()
print("A second knight:")
print(describe(second))
print("The forge has made \(garrison.forge.forged) pieces (one forge for the realm).")

print("\n== Tournament (a child container that overrides the weapon) ==")
let tournament = Container(parent: realm)
tournament.register(Lance.init).as(Weapon.self)
let jouster: Knight = tournament.resolve()
print("A jouster:")
print(describe(jouster))
let lance: Weapon = realm.resolve(tag: Tournament.self)
print("The realm's tagged tournament weapon: \(lance.name)")

print("\n== A mistake, caught ==")
let empty = Container(parent: Container())
empty.register(Knight.init(armor:weapon:squire:horse:))
do {
  _ = try empty.tryResolve(Knight.self)
} catch {
  print(error)
}
