#!/usr/bin/env python3
"""Does what a user does: depends on Squire by URL, from fresh packages, and builds.

    python3 Scripts/check-install.py            (from the repository; CI runs it)

The repository's HEAD (its last commit, not uncommitted changes) is pushed to a bare clone in
.build-install/Squire.git, which a `file://` URL reaches as the hosted repository would be
reached. Then, each a package of its own that knows nothing of this checkout:

- `core`: Squire alone. It builds and runs a composition root, and its Package.resolved holds one
  pin: the user of the core fetches nothing else.
- `xcode26`: the same root with the settings Xcode 26 gives a new app target (the main actor
  as the default isolation, `NonisolatedNonsendingByDefault`, `InferIsolatedConformances`).
- every install snippet of the documentation, as written: each ```swift block of a Markdown
  file that names `<Squire's repository URL>` is a `dependencies: [...]`, `targets: [...]`
  fragment of a Package.swift, and goes into one with the URL replaced. Each product it names
  must be one of Squire's, with its package trait beside the URL; the snippet must not use
  `from:` (no version is tagged). Its package resolves and its products are found; when every
  product is a light one (no SwiftNIO), it builds, each target importing its products and using
  one of their symbols; a target that applies SquireBuildPlugin builds a composition root with a
  wiring mistake first, which must fail at the `register` line, then a correct one, which must
  build clean.

Fails (exit 1) with what to fix. The snippet packages with the same traits share a build
folder, so swift-syntax is built once for all of the plugin's.
"""

import json
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / ".build-install"
PLACEHOLDER = "<Squire's repository URL>"

# Every product a user can add, the package trait it needs (None: none), a symbol of its module
# that a target uses to prove the module is not empty, and whether it builds quickly (no
# SwiftNIO), so that CI builds it rather than only resolving it.
PRODUCTS = {
    "Squire": (None, "_ = Squire.Container.self", True),
    "SquireTesting": (None, "_ = SquireTesting.ContainerTrait.self", True),
    "SquireConfiguration": ("Configuration", "_ = SquireConfiguration.ConfigurationSource.self", True),
    "SquireServiceLifecycle": (
        "ServiceLifecycle", "_ = SquireServiceLifecycle.ContainerServices.self", True),
    "SquireHummingbird": ("Hummingbird", "_ = SquireHummingbird.SquireRequestContext.self", False),
    "SquireVapor": ("Vapor", "_ = SquireVapor.RequestScopeMiddleware.self", False),
}
PLUGIN = ("SquireBuildPlugin", "BuildPlugin")

# The composition root every package builds: a `Part`, a forward, a `.single`, validation at
# start-up, a resolve. `{extra}` is where a wiring mistake goes.
ROOT_SOURCE = """\
import Squire

protocol Armor: AnyObject {{ var pieces: [String] {{ get }} }}
final class Forge: Sendable {{ func forge(_ piece: String) -> String {{ piece }} }}
final class PlateArmor: Armor {{
  let pieces: [String]
  init(forge: Forge) {{ pieces = ["helm", "cuirass"].map(forge.forge) }}
}}
final class Knight {{
  let armor: Armor
  init(armor: Armor) {{ self.armor = armor }}
}}
final class Squire_ {{
  let knight: Knight
  init(knight: Knight) {{ self.knight = knight }}
}}

func makeContainer() -> Container {{
  let container = Container()
{registrations}
  return container
}}

let container = makeContainer()
try container.validate().requireValid()
let knight: Knight = container.resolve()
print("built:", knight.armor.pieces.joined(separator: ", "))
"""
REGISTRATIONS = [
    "  container.register(Forge.init).lifetime(.single)",
    "  container.register(PlateArmor.init(forge:)).as(Armor.self)",
    "  container.register(Knight.init)",
]
# Without the forge: the plugin must fail the build at PlateArmor's `register`.
MISTAKE = [REGISTRATIONS[1], REGISTRATIONS[2]]
MISTAKE_LINE = ROOT_SOURCE.split("\n").index("{registrations}") + 1

failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}", flush=True)


def run(arguments, cwd, check=True):
    """Runs a command; returns (status, output)."""
    print(f"$ (cd {cwd.relative_to(ROOT)} && {' '.join(arguments)})", flush=True)
    result = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True)
    output = result.stdout + result.stderr
    if check and result.returncode != 0:
        print(output[-6000:])
    return result.returncode, output


def bare_clone():
    """Pushes HEAD to .build-install/Squire.git as `main`; returns its `file://` URL."""
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
        capture_output=True, text=True).stdout
    if status.strip():
        print("note: uncommitted changes are not checked: the bare clone holds HEAD", flush=True)
    bare = WORK / "Squire.git"
    shutil.rmtree(bare, ignore_errors=True)
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    subprocess.run(
        ["git", "push", "-q", "--force", str(bare), "HEAD:refs/heads/main"], cwd=ROOT, check=True)
    return f"file://{bare}"


def package(name, manifest, sources):
    """Writes a fresh package: its manifest and `{relative path: text}` sources."""
    folder = WORK / name
    for child in folder.glob("*") if folder.exists() else []:
        if child.name != ".build":
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Package.swift").write_text(manifest)
    for path, text in sources.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    return folder


def check_root(url, name, tools, settings="", what=""):
    """A package that depends on Squire alone by URL builds and runs the composition root."""
    manifest = f"""\
// swift-tools-version: {tools}
import PackageDescription

let package = Package(
  name: "{name}",
  platforms: [.macOS(.v15)],
  dependencies: [.package(url: "{url}", branch: "main")],
  targets: [
    .executableTarget(
      name: "App", dependencies: [.product(name: "Squire", package: "Squire")]{settings})
  ]
)
"""
    folder = package(name, manifest, {
        "Sources/App/main.swift": ROOT_SOURCE.format(registrations="\n".join(REGISTRATIONS))})
    status, output = run(["swift", "run", "App"], folder)
    if status != 0 or "built: helm, cuirass" not in output:
        fail(f"{name}: Squire by URL{what} does not build and run (output above)")
    return folder


def check_core(url):
    folder = check_root(url, "core", "6.1", what=" alone")
    pins = json.loads((folder / "Package.resolved").read_text())["pins"]
    identities = sorted(pin["identity"] for pin in pins)
    if identities != ["squire"]:
        fail(f"core: a user of Squire alone fetches more than Squire: pins {identities}")
    checkouts = sorted(p.name for p in (folder / ".build" / "checkouts").iterdir())
    if checkouts != ["Squire"]:
        fail(f"core: a user of Squire alone has checkouts {checkouts}")


def check_xcode26(url):
    # What Xcode 26 sets for a new app target.
    settings = """,
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]"""
    check_root(url, "xcode26", "6.2", settings, " with Xcode 26's settings")


def documents():
    """The repository's Markdown files, outside build folders: (relative path, lines)."""
    for document in sorted(ROOT.rglob("*.md")):
        relative = document.relative_to(ROOT)
        if any(part.startswith(".build") or part == ".swiftpm" for part in relative.parts):
            continue
        yield relative, document.read_text().split("\n")


def snippets():
    """Every install snippet: (file, line, text)."""
    found = []
    for relative, lines in documents():
        start = None
        for number, line in enumerate(lines, 1):
            if start is None and line.strip().startswith("```swift"):
                start = number
            elif start is not None and line.strip() == "```":
                text = "\n".join(lines[start:number - 1])
                if PLACEHOLDER in text:
                    found.append((str(relative), start, text))
                start = None
    return found


def stale_spellings():
    """Install lines of the old layout, anywhere in the documentation."""
    pattern = re.compile(
        r'package\(path:[^)]*Integrations/|package: "Squire(BuildPlugin|Configuration|'
        r'ServiceLifecycle|Hummingbird|Vapor)"|package\(url: "[^"]*[Ss]quire[^"]*", from:|'
        r"this repository's URL|Squire's checkout>/Integrations")
    for relative, lines in documents():
        for number, line in enumerate(lines, 1):
            if pattern.search(line):
                fail(f"{relative}:{number}: an install line of the old layout: {line.strip()}")


def target_names(text):
    return re.findall(
        r'\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"', text)


def check_snippet(index, where, text, url, state):
    file, line = where
    label = f"{file}:{line}"
    packages = re.findall(r'\.package\(url: "' + re.escape(PLACEHOLDER) + r'"([^)]*)\)', text)
    if len(packages) != 1:
        fail(f"{label}: an install snippet names Squire's URL in one `.package(url:…)` line")
        return
    arguments = packages[0]
    if "from:" in arguments or "branch:" not in arguments and "revision:" not in arguments:
        fail(f"{label}: no version is tagged: write `branch: \"main\"` (or `revision:`), not `from:`")
    traits = set(re.findall(r'"(\w+)"', arguments.split("traits:", 1)[1])) if "traits:" in arguments else set()
    products = re.findall(r'\.product\(name: "(\w+)", package: "(\w+)"\)', text)
    plugins = re.findall(r'\.plugin\(name: "(\w+)", package: "(\w+)"\)', text)
    for name, owner in products + plugins:
        if owner != "Squire":
            fail(f"{label}: `{name}` is a product of the package `Squire`, not `{owner}`")
    needed = set()
    light = True
    for name, _ in products:
        if name not in PRODUCTS:
            fail(f"{label}: Squire has no product `{name}`")
            continue
        trait, _, quick = PRODUCTS[name]
        light = light and quick
        if trait:
            needed.add(trait)
    for name, _ in plugins:
        if name != PLUGIN[0]:
            fail(f"{label}: Squire has no plugin `{name}`")
        needed.add(PLUGIN[1])
    for trait in sorted(needed - traits):
        fail(f"{label}: a product it names needs the trait `{trait}`: "
             f'`traits: ["{trait}"]` beside the URL')
    for trait in sorted(traits - needed):
        fail(f"{label}: the trait `{trait}` is on, but no product of the snippet needs it")
    if "dependencies:" not in text or "targets:" not in text:
        fail(f"{label}: an install snippet is a `dependencies: [...]`, `targets: [...]` fragment "
             "of Package.swift, so that it can be checked as written")
        return

    # The package, as written, with the URL replaced; each target imports the products it names.
    manifest = (
        "// swift-tools-version: 6.1\nimport PackageDescription\n\n"
        f'let package = Package(\n  name: "snippet{index}",\n  platforms: [.macOS(.v15)],\n'
        + text.replace(PLACEHOLDER, url) + "\n)\n")
    # Comment lines of the snippet (`// Package.swift`) are fine inside the call.
    declared = target_names(text)
    sources = {}
    for kind, name in declared:
        folder = "Tests" if kind == "testTarget" else "Sources"
        block = text.split(f'name: "{name}"', 1)[1]
        block = re.split(r"\.(?:target|executableTarget|testTarget)\(", block)[0]
        mine = [p for p, _ in re.findall(r'\.product\(name: "(\w+)", package: "(\w+)"\)', block)]
        uses = "\n".join(PRODUCTS[p][1] for p in mine if p in PRODUCTS)
        imports = "\n".join(f"import {p}" for p in mine if p in PRODUCTS)
        if kind == "testTarget":
            body = f"{imports}\nimport Testing\n\n@Test func uses() {{\n{uses}\n}}\n"
        elif kind == "executableTarget":
            body = f"{imports}\n\n{uses}\n"
        else:
            body = f"{imports}\n\nfunc uses() {{\n{uses}\n}}\n"
        sources[f"{folder}/{name}/{name}.swift" if kind != "executableTarget" else f"{folder}/{name}/main.swift"] = body
    # Targets the snippet depends on by name but does not declare (`"Shop"`): empty libraries.
    for name in re.findall(r'dependencies:\s*\[\s*"(\w+)"', text):
        if name not in [n for _, n in declared]:
            sources[f"Sources/{name}/{name}.swift"] = "public enum Placeholder {}\n"
            manifest = manifest.replace("targets: [", f'targets: [\n  .target(name: "{name}"),', 1)
    folder = package(f"snippet{index}", manifest, sources)
    # Snippets with the same traits share a build folder (the plugin's build swift-syntax once);
    # others not: a resolve drops the checkouts its package does not use, which another
    # package's build plan in the same folder may still name.
    scratch = ["--scratch-path", str(WORK / (".build-" + ("-".join(sorted(traits)) or "core")))]
    status, output = run(["swift", "package", *scratch, "resolve"], folder)
    if status != 0:
        fail(f"{label}: does not resolve as written (output above)")
        return
    if not light:
        status, output = run(["swift", "build", *scratch, "--print-manifest-job-graph"], folder)
        if status != 0:
            fail(f"{label}: its products are not found (output above)")
        return
    plugin_targets = [n for k, n in declared if k != "testTarget" and "SquireBuildPlugin" in
                      re.split(r"\.(?:target|executableTarget|testTarget)\(",
                               text.split(f'name: "{n}"', 1)[1])[0]]
    for name in plugin_targets:
        # The plugin reads the target's sources: a root with a wiring mistake, then a correct one.
        path = folder / "Sources" / name / f"{name}.swift"
        main = folder / "Sources" / name / "main.swift"
        source = main if main.exists() else path
        # A library target's root is a function; an executable's is top-level code.
        root = ROOT_SOURCE if source == main else ROOT_SOURCE.split("\nlet container =")[0] + "\n"
        source.write_text(root.format(registrations="\n".join(MISTAKE)))
        if not state.get("mistake_checked"):
            status, output = run(["swift", "build", *scratch, "--build-tests"], folder, check=False)
            expected = re.compile(
                rf"{re.escape(name)}/{source.name}:{MISTAKE_LINE}:\d+: error: Missing dependency: "
                r"nothing provides `Forge`")
            if status == 0 or not expected.search(output):
                print(output[-6000:])
                fail(f"{label}: the plugin applied by URL does not fail the build at the `register` "
                     f"line ({name}/{source.name}:{MISTAKE_LINE}) for a missing dependency")
            state["mistake_checked"] = True
        source.write_text(root.format(registrations="\n".join(REGISTRATIONS)))
    status, output = run(["swift", "build", *scratch, "--build-tests"], folder)
    if status != 0:
        fail(f"{label}: does not build as written (output above)")


def main():
    WORK.mkdir(exist_ok=True)
    url = bare_clone()
    stale_spellings()
    found = snippets()
    if not found:
        fail(f"no install snippet found (a ```swift block naming {PLACEHOLDER})")
    print(f"{len(found)} install snippets:", ", ".join(f"{f}:{l}" for f, l, _ in found), flush=True)
    check_core(url)
    check_xcode26(url)
    state = {}
    seen = {}
    # Plugin snippets first: the first one checks the wiring mistake.
    found.sort(key=lambda item: "SquireBuildPlugin" not in item[2])
    for file, line, text in found:
        key = re.sub(r"\s+", " ", text)
        if key in seen:
            print(f"{file}:{line}: the same as {seen[key]}", flush=True)
            continue
        seen[key] = f"{file}:{line}"
        check_snippet(len(seen), (file, line), text, url, state)
    if not state.get("mistake_checked"):
        fail("no install snippet applies SquireBuildPlugin: the plugin by URL went unchecked")
    if failures:
        print(f"\n{len(failures)} problem(s):")
        for message in failures:
            print(f"  {message}")
        sys.exit(1)
    print(f"\nSquire by URL: core, Xcode 26 settings and {len(seen)} install snippets checked.")


if __name__ == "__main__":
    main()
