#!/usr/bin/env bash
# Checks the page of `container.graph(.html)` in a real browser: Chromium (headless) opens the
# demo's page and a page of 1,000 components with a problem, and Scripts/check-graph-page.py
# compares what each shows (search results, what a component needs and what needs it, its
# problems) with what the containers hold. Screenshots are left in .build/graph-page.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium; the page needs nothing else (no Node, no package).
if ! command -v chromium > /dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium > /dev/null
fi

out=.build/graph-page
mkdir -p "$out"
# The demo writes its page and the DOT picture of the same graph.
swift run squire-demo > "$out/demo-output.txt"
cp .build/squire-demo/garrison.html .build/squire-demo/garrison.dot "$out/"
# The test writes the 1,000-component page and what it must show.
swift build --build-tests
SQUIRE_GRAPH_PAGE_DIR="$PWD/$out" swift test --skip-build --filter GraphPageBrowserFixture
test -s "$out/thousand.html"
python3 Scripts/check-graph-page.py "$out"
