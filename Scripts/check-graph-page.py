#!/usr/bin/env python3
"""Drives the page of `container.graph(.html)` in headless Chromium and checks what it shows.

Usage: check-graph-page.py FOLDER  (Scripts/check-graph-page.sh prepares FOLDER)

FOLDER holds:
- garrison.html and garrison.dot, written by the demo: what the page must show for the demo is
  read from the DOT file, which another writer of Squire makes from the same container;
- thousand.html and thousand-expected.json, written by the test
  `GraphPageBrowserFixture` (1,000 components and a problem): the answers come from how the
  test built the graph and from `validate()`;
- modular.html and modular-expected.json, written by the same suite (250 components in five
  parts registered from three modules, no problem).

Each page is first opened as a reader opens it, with no address: the page must open on a
picture, never an empty canvas. A page with a problem opens on it (the first component it
involves selected, the fix whole in view at 1,400 px and narrower widths: measured by a copy of
the page with a probe script added after the page's own); a valid one on its overview: the
whole graph when it is small (every component a box, every dependency an arrow), its modules or
parts as boxes with their counts and the dependencies between them when it is large.
Then each check opens the page with an address the page honours (`#select=Knight`, `#q=d9`,
`#group=Castle`), lets Chromium run its script, dumps the DOM, and compares the lists and the
picture the page shows (what the selected component needs and what needs it, directly and
transitively, its problems, the search results, the list of problems, the boxes and arrows of
the overview) with the expected ones. It also reads how long the page took to load and to
answer the search, which the page writes on <body>, and keeps screenshots in FOLDER.
"""
import html.parser
import json
import pathlib
import re
import subprocess
import sys
import urllib.parse

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
# The width of the screenshots, and the narrower widths the fix must still wrap whole in.
SCREEN = (1400, 900)
NARROWER = [1000, 760]
LOAD_LIMIT_MS = 1000
SEARCH_LIMIT_MS = 100
LISTS = {"needs", "needed-by", "needs-all", "needed-by-all", "node-problems", "results",
         "problems"}
failures = []


class PageReader(html.parser.HTMLParser):
    """The lists of the page (by the `id` of their `<ul>`), each item as the text of its first
    name-like element; the attributes of `<body>`; and the picture: its `<svg>`'s attributes,
    its boxes (`<g>` of class `node` or `group`: attributes and the text of their `<title>`) and
    its arrows (`<path>` of class `edge`: attributes)."""

    def __init__(self):
        super().__init__()
        self.lists = {}
        self.body = {}
        self.picture = None
        self.boxes = []
        self.arrows = []
        self.box_title = None
        self.list = None
        self.item = None
        self.capture = None
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
        classes = (attrs.get("class") or "").split()
        if tag == "svg" and self.picture is None:
            self.picture = attrs
        if tag == "g" and ("node" in classes or "group" in classes):
            self.boxes.append({"attrs": attrs, "classes": classes, "title": None})
        if tag == "title" and self.boxes and self.boxes[-1]["title"] is None:
            self.box_title = ""
        if tag == "path" and "edge" in classes:
            self.arrows.append(attrs)
        if tag == "ul" and attrs.get("id") in LISTS:
            self.list = attrs["id"]
            self.lists[self.list] = []
            return
        if self.list is None:
            return
        if tag == "li":
            self.item = {"text": None, "classes": attrs.get("class", "")}
            self.lists[self.list].append(self.item)
            return
        classes = (attrs.get("class") or "").split()
        if self.item is not None and self.item["text"] is None and self.capture is None and (
                "link" in classes or "name" in classes or "problem-title" in classes):
            self.capture = ""
            self.depth = 1
        elif self.capture is not None:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag == "title" and self.box_title is not None:
            self.boxes[-1]["title"] = self.box_title
            self.box_title = None
        if self.capture is not None:
            self.depth -= 1
            if self.depth == 0:
                self.item["text"] = self.capture
                self.capture = None
        if tag == "ul" and self.list is not None:
            self.list = None
            self.item = None

    def handle_data(self, data):
        if self.box_title is not None:
            self.box_title += data
        if self.capture is not None:
            self.capture += data


# Added after the page's script by `probed`: measures the fix of the selected component's first
# problem and where it is, once the page's script has run, and writes it on <body>.
PROBE = """<script>
(() => {
  const fix = document.querySelector("#node-problems .fix");
  const body = document.body.dataset;
  if (!fix) { body.probe = "{}"; return; }
  const box = fix.getBoundingClientRect();
  const panel = document.getElementById("details").getBoundingClientRect();
  body.probe = JSON.stringify({
    text: fix.textContent, top: box.top, bottom: box.bottom, left: box.left, right: box.right,
    panelLeft: panel.left, panelRight: panel.right, scrollWidth: fix.scrollWidth,
    clientWidth: fix.clientWidth, width: innerWidth, height: innerHeight });
})();
</script>
"""


def probed(page: pathlib.Path) -> pathlib.Path:
    """A copy of `page` with the probe added at the end of its body."""
    text = page.read_text()
    at = text.rindex("</body>")
    copy = page.with_name(page.stem + "-probe.html")
    copy.write_text(text[:at] + PROBE + text[at:])
    return copy


def open_page(page: pathlib.Path, address: str, screenshot: pathlib.Path = None,
              size=(1600, 900)) -> PageReader:
    url = page.resolve().as_uri() + ("#" + address if address else "")
    window = f"--window-size={size[0]},{size[1]}"
    if screenshot:
        subprocess.run(CHROMIUM + [window, f"--screenshot={screenshot}", url],
                       check=True, capture_output=True, timeout=120)
    result = subprocess.run(CHROMIUM + [window, "--dump-dom", url], check=True,
                            capture_output=True, text=True, timeout=120)
    reader = PageReader()
    reader.feed(result.stdout)
    if reader.body.get("data-ready") != "true":
        raise SystemExit(f"{page.name}#{address}: the page did not finish loading")
    return reader


def names(reader: PageReader, list_id: str) -> list:
    return [item["text"] for item in reader.lists.get(list_id, []) if item["text"] is not None]


def expect(what: str, actual, expected):
    if actual != expected:
        failures.append(f"{what}:\n    page:     {actual}\n    expected: {expected}")
    else:
        print(f"ok: {what}")


def check(page: pathlib.Path, expected: dict, folder: pathlib.Path):
    for position, item in enumerate(expected["checks"]):
        if "select" in item:
            name = item["select"]
            address = "select=" + urllib.parse.quote(name)
            shot = folder / f"{page.stem}-{position}.png" if position == 0 else None
            reader = open_page(page, address, shot)
            label = f"{page.name}#{address}"
            expect(f"{label}: selected", reader.body.get("data-selected"), name)
            expect(f"{label}: needs", sorted(names(reader, "needs")), item["needs"])
            expect(f"{label}: needed by", sorted(names(reader, "needed-by")), item["neededBy"])
            expect(f"{label}: needs, transitively", sorted(names(reader, "needs-all")),
                   item["needsAll"])
            expect(f"{label}: needed by, transitively", sorted(names(reader, "needed-by-all")),
                   item["neededByAll"])
            expect(f"{label}: its problems", names(reader, "node-problems"), item["problems"])
            expect(f"{label}: the list of problems", names(reader, "problems"),
                   expected["problems"])
            load = float(reader.body.get("data-load-ms", "inf"))
            print(f"   {page.name}: loaded in {load:.1f} ms")
            if load >= LOAD_LIMIT_MS:
                failures.append(f"{label}: loaded in {load} ms, not under {LOAD_LIMIT_MS} ms")
        else:
            query = item["search"]
            reader = open_page(page, "q=" + urllib.parse.quote(query))
            label = f"{page.name}#q={query}"
            results = names(reader, "results")
            if "results" in item:
                expect(f"{label}: results", sorted(results), item["results"])
            else:
                expect(f"{label}: first result", results[:1], [item["first"]])
                missing = sorted(set(item["include"]) - set(results))
                expect(f"{label}: every component whose name has it is found", missing, [])
            took = float(reader.body.get("data-search-ms", "inf"))
            print(f"   {page.name}: search answered in {took:.2f} ms")
            if took >= SEARCH_LIMIT_MS:
                failures.append(f"{label}: search took {took} ms, not under {SEARCH_LIMIT_MS}")


def check_view(page: pathlib.Path, view: dict, folder: pathlib.Path):
    """Opens `page` at `view["opens"]` (none: as a reader opens it) and compares the picture
    with `view`: the component selected and its fix whole at every width, or the overview's
    boxes (groups with their counts, or components by name) and arrows."""
    address = view["opens"]
    label = f"{page.name}#{address}" if address else f"{page.name}, as it opens"
    shot = folder / f"{page.stem}-opens.png" if not address else None
    if "fix" in view:
        copy = probed(page)
        for width in [SCREEN[0]] + NARROWER:
            reader = open_page(copy, address, shot if width == SCREEN[0] else None,
                               (width, SCREEN[1]))
            at = f"{label}, {width} px"
            expect(f"{at}: selected", reader.body.get("data-selected"), view["selected"])
            probe = json.loads(reader.body.get("data-probe", "{}"))
            expect(f"{at}: the fix shown", " ".join(probe.get("text", "").split()), view["fix"])
            if not probe:
                continue
            expect(f"{at}: the page is as wide as the window", probe["width"], width)
            inside = (probe["left"] >= probe["panelLeft"] and probe["right"] <= probe["panelRight"]
                      and probe["scrollWidth"] <= probe["clientWidth"])
            expect(f"{at}: the fix wraps inside the details", inside, True)
            if width == SCREEN[0]:
                whole = probe["top"] >= 0 and probe["bottom"] <= probe["height"]
                expect(f"{at}: the fix is whole in the screenshot", whole, True)
        return
    reader = open_page(page, address, shot, SCREEN)
    expect(f"{label}: the view", reader.body.get("data-view"), "overview")
    expect(f"{label}: nothing selected", reader.body.get("data-selected"), None)
    picture = reader.picture or {}
    expect(f"{label}: the group shown", json.loads(picture.get("data-path", "null")),
           view["path"])
    boxes = reader.boxes
    if "groups" in view:
        groups = {box["attrs"].get("data-group"): int(box["attrs"].get("data-count", -1))
                  for box in boxes if "group" in box["classes"]}
        expect(f"{label}: the boxes of the groups and their counts", groups, view["groups"])
        arrows = sorted([arrow.get("data-from-group"), arrow.get("data-to-group"),
                         arrow.get("data-count")] for arrow in reader.arrows)
    else:
        names = {box["attrs"].get("data-node"): box["title"] for box in boxes
                 if "node" in box["classes"]}
        expect(f"{label}: a box for every component", sorted(names.values()),
               view["components"])
        pairs = {(names.get(arrow.get("data-from")), names.get(arrow.get("data-to")))
                 for arrow in reader.arrows}
        arrows = sorted([a, b] for a, b in pairs)
    expected = [arrow[:2] if "components" in view else arrow for arrow in view["arrows"]]
    expect(f"{label}: the arrows", arrows, sorted(expected))


def demo_expected(dot: pathlib.Path) -> dict:
    """What the demo's page must show, from the DOT picture of the same container: node
    labels' first lines are the names; arrows to runtime arguments are left out."""
    text = dot.read_text()
    label = {}
    for node, first in re.findall(r'^  (\w+) \[label="((?:[^"\\]|\\.)*?)(?:\\n|")', text, re.M):
        label[node] = first.replace('\\"', '"').replace("\\\\", "\\")
    # By node: a type registered twice is two nodes of one name, and listed twice.
    needs = {node: set() for node in label}
    needed_by = {node: set() for node in label}
    for source, target, attributes in re.findall(r"^  (\w+) -> (\w+)(.*);$", text, re.M):
        if target.startswith("a"):
            continue  # a runtime argument: not a dependency the page lists
        needs[source].add(target)
        needed_by[target].add(source)

    def reach(start, edges):
        seen, queue = {start}, [start]
        while queue:
            for other in edges[queue.pop()]:
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        return sorted(label[node] for node in seen - {start})

    def selection(name):
        node = next(node for node, text in label.items() if text == name)
        return {"select": name, "needs": sorted(label[n] for n in needs[node]),
                "neededBy": sorted(label[n] for n in needed_by[node]),
                "needsAll": reach(node, needs), "neededByAll": reach(node, needed_by),
                "problems": []}

    components = sorted(name for node, name in label.items() if node.startswith("c"))
    arrows = sorted({(label[a], label[b]) for a in needs for b in needs[a]})
    query = "ar"
    return {
        # Small: it opens on the whole graph.
        "views": [{"opens": "", "path": [], "components": components,
                   "arrows": [[a, b] for a, b in arrows]}],
        "problems": [],
        "checks": [selection("Knight"), selection("Garrison"), selection("Forge"),
                   {"search": query, "first": next(n for n in components if query in n.lower()),
                    "include": [n for n in components if query in n.lower()]}],
    }


def main():
    folder = pathlib.Path(sys.argv[1])
    pages = [("garrison.html", demo_expected(folder / "garrison.dot"))]
    for name in ["thousand", "modular"]:
        pages.append((name + ".html", json.loads((folder / f"{name}-expected.json").read_text())))
    for name, expected in pages:
        for view in expected["views"]:
            check_view(folder / name, view, folder)
        check(folder / name, expected, folder)
    if failures:
        print("\nThe graph page does not show what the container holds:\n")
        print("\n".join(failures))
        sys.exit(1)
    print(f"\nThe graph page shows what the containers hold; screenshots in {folder}.")


if __name__ == "__main__":
    main()
