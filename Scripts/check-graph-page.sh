#!/usr/bin/env bash
# Checks the page of `container.graph(.html)` in a real browser: Chromium (headless) opens the
# demo's page, a page of 1,000 components with a problem and a valid page of 250 components in
# parts of three modules, first as each opens (no address), then at addresses that select,
# search or open a group; Scripts/check-graph-page.py compares what each shows (the picture it
# opens on, search results, what a component needs and what needs it, its problems) with what
# the containers hold. Screenshots (1,400 px wide) are left in .build/graph-page.
#
# SQUIRE_SCRATCH_PATH: the build folder to use (swift's --scratch-path); .build when unset.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium; the page needs nothing else (no Node, no package).
if ! command -v chromium > /dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium > /dev/null
fi

scratch=()
if [[ -n "${SQUIRE_SCRATCH_PATH:-}" ]]; then scratch=(--scratch-path "$SQUIRE_SCRATCH_PATH"); fi
out=.build/graph-page
mkdir -p "$out"
# The demo writes its page and the DOT picture of the same graph.
swift run "${scratch[@]}" squire-demo > "$out/demo-output.txt"
cp .build/squire-demo/garrison.html .build/squire-demo/garrison.dot "$out/"
# The tests write the 1,000-component page, the modular page, and what they must show.
swift build "${scratch[@]}" --build-tests
SQUIRE_GRAPH_PAGE_DIR="$PWD/$out" swift test "${scratch[@]}" --skip-build \
  --filter GraphPageBrowserFixture
test -s "$out/thousand.html"
test -s "$out/modular.html"
python3 Scripts/check-graph-page.py "$out"
