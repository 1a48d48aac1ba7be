#!/usr/bin/env python3
"""Drives the page of `container.graph(.html)` in headless Chromium and checks what it shows.

Usage: check-graph-page.py FOLDER  (Scripts/check-graph-page.sh prepares FOLDER)

FOLDER holds:
- garrison.html and garrison.dot, written by the demo: what the page must show for the demo is
  read from the DOT file, which another writer of Squire makes from the same container;
- thousand.html and thousand-expected.json, written by the test
  `GraphPageBrowserFixture` (1,000 components and a problem): the answers come from how the
  test built the graph and from `validate()`.

Each check opens the page with an address the page honours (`#select=Knight`, `#q=d9`), lets
Chromium run its script, dumps the DOM, and compares the lists the page shows (what the selected
component needs and what needs it, directly and transitively, its problems, the search results,
the list of problems) with the expected ones. It also reads how long the page took to load and
to answer the search, which the page writes on <body>, and keeps screenshots in FOLDER.
"""
import html.parser
import json
import pathlib
import re
import subprocess
import sys
import urllib.parse

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
LOAD_LIMIT_MS = 1000
SEARCH_LIMIT_MS = 100
LISTS = {"needs", "needed-by", "needs-all", "needed-by-all", "node-problems", "results",
         "problems"}
failures = []


class PageReader(html.parser.HTMLParser):
    """The lists of the page (by the `id` of their `<ul>`), each item as the text of its first
    name-like element, and the attributes of `<body>`."""

    def __init__(self):
        super().__init__()
        self.lists = {}
        self.body = {}
        self.list = None
        self.item = None
        self.capture = None
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
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
        if self.capture is not None:
            self.depth -= 1
            if self.depth == 0:
                self.item["text"] = self.capture
                self.capture = None
        if tag == "ul" and self.list is not None:
            self.list = None
            self.item = None

    def handle_data(self, data):
        if self.capture is not None:
            self.capture += data


def open_page(page: pathlib.Path, address: str, screenshot: pathlib.Path = None) -> PageReader:
    url = page.resolve().as_uri() + "#" + address
    if screenshot:
        subprocess.run(CHROMIUM + ["--window-size=1600,900", f"--screenshot={screenshot}", url],
                       check=True, capture_output=True, timeout=120)
    result = subprocess.run(CHROMIUM + ["--dump-dom", url], check=True, capture_output=True,
                            text=True, timeout=120)
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
    query = "ar"
    return {
        "problems": [],
        "checks": [selection("Knight"), selection("Garrison"), selection("Forge"),
                   {"search": query, "first": next(n for n in components if query in n.lower()),
                    "include": [n for n in components if query in n.lower()]}],
    }


def main():
    folder = pathlib.Path(sys.argv[1])
    check(folder / "garrison.html", demo_expected(folder / "garrison.dot"), folder)
    thousand = json.loads((folder / "thousand-expected.json").read_text())
    check(folder / "thousand.html", thousand, folder)
    if failures:
        print("\nThe graph page does not show what the container holds:\n")
        print("\n".join(failures))
        sys.exit(1)
    print(f"\nThe graph page shows what the containers hold; screenshots in {folder}.")


if __name__ == "__main__":
    main()
