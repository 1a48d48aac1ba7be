#!/usr/bin/env python3
"""Turns every ```swift block of README.md and Sources/Squire/Squire.docc/*.md into a test, so
that no sample in the documentation can drift from the library. Run it after editing the docs:

    python3 Scripts/extract-doc-samples.py && swift test --filter DocSamples

It writes Tests/SquireDocSampleTests/Generated/ (one file per sample, and Run.swift with the
tests that run them; committed; CI runs the script and fails if the files change). A new article in Squire.docc is picked up by itself.
The integrations' pages (Integrations/SquireConfiguration: README.md and its DocC catalog) go
to a test target of their own, which imports their modules and compiles with their package
trait on (see SETS); so does the article On a server (Squire.docc/OnAServer.md), whose samples
import SquireVapor, SquireHummingbird and SquireServiceLifecycle: Tests/SquireServerDocSampleTests,
compiled with the traits Vapor, Hummingbird and ServiceLifecycle on.

How a block becomes a test. Declarations at the block's top level (`protocol`, `class`,
`struct`, `enum`, `actor`, `func`, `typealias`, with their attributes) go into a suite of their
own, so each sample can declare its own `Knight`; every other line is the body of the sample's
`@Test`, which runs it. A line `print(expression)  // text` is checked: the test expects the
expression to print `text`.

Imports: a sample compiles with the imports it shows and no other, as a reader who pastes it
into a file of their own would. Its file imports exactly the modules of its `import` lines
(those of every block it `continues` with), and the test that runs it is in Run.swift, which
alone imports Testing, so a sample that uses `@Test` or `#expect` must show `import Testing`
and one that uses `.container(...)` must show `import SquireTesting`. A sample with no `import`
line at all is a fragment of a file: it gets the modules its page teaches (the set's `imports`
in SETS: `Squire` for README.md and Squire.docc; `Configuration`, `Squire` and
`SquireConfiguration` for SquireConfiguration's pages), and nothing else.

Types a block uses without declaring them come from a namespace in
Tests/SquireDocSampleTests/Context/ named by `uses` (below): `Garage` has seed 004's cars built
through initializers, `Workshop` the cars of property and method injection. Add what a new
article needs there, not to the article; what the reader must see belongs in the block.

Comments on the lines before the fence change how the block is used (invisible in GitHub and
DocC); several may be given, one a line:

    <!-- sample: continues -->   the block goes on from the previous block of the same page
                                 (same declarations, same test), e.g. types, then their
                                 registration, then a resolve
    <!-- sample: compile -->     compiled, not run: the block traps on purpose or needs an app
    <!-- sample: output -->      before a ```text block: exactly what the previous sample
                                 prints; the test compares it, so the page shows real output.
                                 To write (or refresh) these blocks from a test run:
                                 swift test --filter SquireDocSampleTests 2>&1 |
                                   python3 Scripts/extract-doc-samples.py --fill-outputs
    <!-- sample: uses Garage --> the block's unknown names are looked up in that namespace
                                 of Context/ (for a sample that `continues`, the first block's
                                 namespace holds)
    <!-- sample: skip REASON --> not compiled; say why (a Package.swift manifest is not Swift
                                 the test target can compile)
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests" / "SquireDocSampleTests" / "Generated"
# The article on servers is in Squire's catalog, but its samples import the server integrations:
# they go to a set of their own (below), compiled with those traits on.
SERVER_PAGES = [ROOT / "Sources" / "Squire" / "Squire.docc" / "OnAServer.md"]
DOCUMENTS = [ROOT / "README.md"] + sorted(
    page for page in (ROOT / "Sources" / "Squire" / "Squire.docc").glob("*.md") if page not in SERVER_PAGES
)
# What a fragment (a sample with no `import` line) of these pages imports: the module they teach.
IMPORTS = ["Squire"]

# The integrations under Integrations/ have pages of their own, compiled by a test target of
# their own, with their package trait on: each is a set of documents, the folder their tests go
# to, the modules a fragment of those pages imports, and the trait that compiles them (`#if …`; None for the core).
CONFIGURATION = ROOT / "Integrations" / "SquireConfiguration"
SETS = [
    (DOCUMENTS, OUTPUT, IMPORTS, None),
    (
        [CONFIGURATION / "README.md"]
        + sorted((CONFIGURATION / "Sources" / "SquireConfiguration" / "SquireConfiguration.docc").glob("*.md")),
        CONFIGURATION / "Tests" / "SquireConfigurationDocSampleTests" / "Generated",
        ["Configuration", "Squire", "SquireConfiguration"],
        "Configuration",
    ),
    # Vapor, Hummingbird and ServiceLifecycle side by side: compiled when the three traits are on.
    (
        SERVER_PAGES,
        ROOT / "Tests" / "SquireServerDocSampleTests" / "Generated",
        IMPORTS,
        "Vapor && Hummingbird && ServiceLifecycle",
    ),
]

MARKER = re.compile(r"^<!--\s*sample:\s*(\w+)\s*(.*?)\s*-->\s*$")
DECLARATION = re.compile(
    r"^(@\w+(\([^)]*\))?\s+)*((public|internal|fileprivate|private|final|nonisolated|indirect)\s+)*"
    r"(protocol|class|struct|enum|actor|func|typealias)\b"
)
# A declaration's keyword after its attributes (`) func name(`, `}) struct Name`).
KEYWORD = re.compile(r"^\s*(\)\s*|\}\)\s*)?((public|internal|fileprivate|private|final|nonisolated|static|mutating)\s+)*(protocol|class|struct|enum|actor|func|typealias)\s+\w")
CHECKED_PRINT = re.compile(r"^(\s*)print\((.*)\)\s*//\s*(.+?)\s*$")


class Sample:
    def __init__(self, document, line, mode, namespace, section):
        self.section = section  # named after the heading above it, so line edits do not rename
        self.document = document
        self.line = line
        self.mode = mode  # "run" or "compile"
        self.namespace = namespace
        self.declarations = []
        self.body = []
        self.output = None
        self.output_lines = None  # where the output block's text is: (first, end) line indices
        self.imports = []  # the modules of the block's own `import` lines, in order

    @property
    def name(self):
        stem = re.sub(r"\W", "", self.document.stem)
        return f"{stem}_{self.section}"

    def add(self, lines, first_line):
        depth = 0
        in_declaration = False
        # Whether the declaration's keyword was seen: attributes may come on lines of their
        # own before it, with closures in their arguments (`@Test(.container(app) { … })`).
        declared = False
        for offset, text in enumerate(lines):
            stripped = text.strip()
            if depth == 0 and not in_declaration:
                if stripped.startswith("import "):
                    module = stripped.split()[1]
                    if module not in self.imports:
                        self.imports.append(module)
                    continue
                if DECLARATION.match(text) or stripped.startswith("@"):
                    in_declaration = True
                    declared = False
            if in_declaration:
                self.declarations.append(text)
                declared = declared or bool(DECLARATION.match(text) or KEYWORD.search(text))
                depth += text.count("{") - text.count("}")
                if depth <= 0:
                    depth = 0
                    in_declaration = not declared
            else:
                self.body.append((first_line + offset, text))


def parse(document):
    samples = []
    lines = document.read_text().split("\n")
    index = 0
    markers = {}
    heading = "Top"
    per_heading = {}
    while index < len(lines):
        text = lines[index]
        title = re.match(r"^#+\s+(.*)$", text)
        if title:
            words = re.findall(r"[A-Za-z0-9]+", title.group(1))
            heading = "".join(word[0].upper() + word[1:] for word in words) or "Untitled"
        found = MARKER.match(text.strip())
        if found:
            markers[found.group(1)] = found.group(2)
            index += 1
            continue
        fence = re.match(r"^```(\w*)\s*$", text)
        if not fence:
            if text.strip():
                markers = {}
            index += 1
            continue
        language = fence.group(1)
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        block = lines[index + 1 : end]
        namespace = markers.pop("uses", None)
        kinds = list(markers)
        if len(kinds) > 1:
            sys.exit(f"{document.relative_to(ROOT)}:{index + 1}: markers {kinds} do not combine")
        kind = kinds[0] if kinds else None
        marker = (kind, markers[kind]) if kind else None
        where = f"{document.relative_to(ROOT)}:{index + 1}"
        if language == "text" and kind == "output":
            if not samples:
                sys.exit(f"{where}: an output block with no sample before it")
            samples[-1].output = "\n".join(block)
            samples[-1].output_lines = (index + 1, end)
        elif language == "swift":
            if kind == "skip":
                if not marker[1]:
                    sys.exit(f"{where}: say why the sample is skipped: <!-- sample: skip REASON -->")
            elif kind == "continues":
                if not samples:
                    sys.exit(f"{where}: `continues` with no sample before it on the page")
                samples[-1].add(block, index + 2)
            elif kind in (None, "compile"):
                mode = "compile" if kind == "compile" else "run"
                per_heading[heading] = per_heading.get(heading, 0) + 1
                count = per_heading[heading]
                section = heading if count == 1 else f"{heading}{count}"
                sample = Sample(document, index + 1, mode, namespace, section)
                sample.add(block, index + 2)
                samples.append(sample)
            else:
                sys.exit(f"{where}: unknown sample marker `{kind}`")
        elif kind is not None:
            sys.exit(f"{where}: a `{kind}` marker before a ```{language} block")
        markers = {}
        index = end + 1
    return samples


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


HEADER = [
    "// swift-format-ignore-file",
    "// Generated by Scripts/extract-doc-samples.py from {source}.",
    "// Do not edit: edit the page and run the script.",
    "// The formatter leaves the file alone: it keeps the page's layout.",
]


def render(sample, imports=IMPORTS, trait=None):
    """The sample's file: its own imports (a fragment: the page's), its declarations, its body."""
    source = sample.document.relative_to(ROOT)
    modules = sample.imports or imports
    out = [line.format(source=f"{source}, the section the name says") for line in HEADER]
    out += [
        "// Its imports are the sample's own (none shown: the page's module), as a reader pastes it.",
        "",
    ] + ([f"#if {trait}"] if trait else []) + [f"import {module}" for module in modules] + [""]
    if sample.namespace:
        out.append(f"extension {sample.namespace} {{")
    out.append(f"struct {sample.name} {{")
    out += ["  " + line if line else "" for line in sample.declarations]
    if sample.declarations:
        out.append("")
    checks_output = sample.output is not None
    if sample.mode == "compile":
        out.append("  // Compiled, not run: the page shows it trapping or needing an app.")
    out.append("  func sample() async throws {" if is_async(sample) else "  func sample() throws {")
    if checks_output:
        out.append("    var printed: [String] = []")
        out.append("    func print(_ items: Any..., separator: String = \" \") {")
        out.append("      printed.append(items.map { \"\\($0)\" }.joined(separator: separator))")
        out.append("    }")
    declared = []
    for line_number, text in sample.body:
        checked = CHECKED_PRINT.match(text)
        if checked and not checks_output:
            indent, expression, expected = checked.groups()
            text = f'{indent}expectPrinted("\\({expression})", {swift_string(expected)})'
        binding = re.match(r"^(let|var) (\w+)\b", text)
        if binding:
            declared.append(binding.group(2))
        out.append("    " + text if text else "")
    # Samples show values they do not go on to use; that is not worth a warning here.
    for name in declared:
        out.append(f"    _ = {name}")
    if checks_output:
        out.append('    expectPrinted(printed.joined(separator: "\\n"), #"""')
        out += ["      " + line if line else "" for line in sample.output.split("\n")]
        out.append('      """#)')
    out.append("  }")
    out.append("}")
    if sample.namespace:
        out.append("}")
    if trait:
        out.append("#endif")
    return "\n".join(out) + "\n"


def is_async(sample):
    # Synchronous unless the page awaits: in async code `resolve` is the async overload, which
    # asks for `await` the page does not show.
    return any(re.search(r"\bawait\b", text) for _, text in sample.body)


def render_runs(samples, trait=None):
    """Run.swift: the one file that imports Testing. A test per sample that runs (a sample shown
    trapping or needing an app is only compiled), and the checks its printed lines call."""
    out = [line.format(source="the pages' samples, one file each") for line in HEADER]
    out += [
        "// The tests that run them; only this file imports Testing, so a sample sees no import it",
        "// does not show.",
        "",
    ] + ([f"#if {trait}"] if trait else []) + [
        "import Testing",
        "",
        "/// What a sample's `print(expression)  // text` line checks, or the ```text block after it",
        "/// (all it printed, a line each), at the sample's line.",
        "func expectPrinted(",
        "  _ printed: String, _ expected: String, fileID: String = #fileID, filePath: String = #filePath,",
        "  line: Int = #line, column: Int = #column",
        ") { #expect(printed == expected, sourceLocation: .init(fileID: fileID, filePath: filePath, line: line, column: column)) }",
    ]
    for sample in samples:
        if sample.mode != "run":
            continue
        source = sample.document.relative_to(ROOT)
        name = f"{sample.namespace}.{sample.name}" if sample.namespace else sample.name
        out.append("")
        out.append(f"extension {name} {{")
        out.append(f'  @Test("{source}, {sample.section}")')
        if is_async(sample):
            out.append("  func run() async throws { try await sample() }")
        else:
            out.append("  func run() throws { try sample() }")
        out.append("}")
    if trait:
        out.append("#endif")
    return "\n".join(out) + "\n"


def fill_outputs(log):
    """Writes each output block from what its sample printed, as a failing test reports it."""
    actual = {}
    pattern = re.compile(
        r"at (\w+)\.swift:\d+:\d+: Expectation failed: \(printed → \"(.*?)\"\) == \(expected →",
        re.S,
    )
    for found in pattern.finditer(log):
        text = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
        actual[found.group(1)] = text
    for document in (document for documents, *_ in SETS for document in documents):
        lines = document.read_text().split("\n")
        changes = [
            (sample.output_lines, actual[sample.name])
            for sample in parse(document)
            if sample.output_lines and sample.name in actual
        ]
        for (first, end), text in sorted(changes, reverse=True):
            lines[first:end] = text.split("\n")
        if changes:
            document.write_text("\n".join(lines))
            print(f"{document.relative_to(ROOT)}: {len(changes)} output block(s) written")


def main():
    if "--fill-outputs" in sys.argv:
        fill_outputs(sys.stdin.read())
    for documents, output, imports, trait in SETS:
        output.mkdir(parents=True, exist_ok=True)
        written = set()
        samples = []
        for document in documents:
            if not document.exists():
                continue
            for sample in parse(document):
                path = output / f"{sample.name}.swift"
                path.write_text(render(sample, imports, trait))
                written.add(path.name)
                samples.append(sample)
        (output / "Run.swift").write_text(render_runs(samples, trait))
        written.add("Run.swift")
        for stale in output.glob("*.swift"):
            if stale.name not in written:
                stale.unlink()


if __name__ == "__main__":
    main()
