#!/usr/bin/env bash
# Writes Sources/GeneratedScenarios/SquireGenerated.swift: what SquireBuildPlugin's tool generates
# for the module's registrations (the graphs of `SquireGraphs.swift`, shared with `Scenarios`),
# so that `callgrind generated` measures the tool's real output.
#
#   Scripts/generate-scenarios.sh            (from Benchmarks/; writes the file if it changed)
#   Scripts/generate-scenarios.sh --check    (fails if the file is not what the tool writes now)
#
# The tool is SQUIRE_BUILD_TOOL, or the one built in the repository's .build-plugin:
#   swift build --traits BuildPlugin --product squire-build-tool --scratch-path .build-plugin
set -euo pipefail
cd "$(dirname "$0")/.."

tool="${SQUIRE_BUILD_TOOL:-../.build-plugin/debug/squire-build-tool}"
if [[ ! -x "$tool" ]]; then
  echo "generate-scenarios.sh: no squire-build-tool at $tool (build it, or set SQUIRE_BUILD_TOOL)" >&2
  exit 2
fi
module=GeneratedScenarios
folder=Sources/$module
target=$folder/SquireGenerated.swift
# The module's own files, not the generated one, and the declarations of the graphs' types,
# which the module imports from `Scenarios` (the tool reads only what it is given).
sources=(Sources/Scenarios/Graph.swift Sources/Scenarios/ClassBoundGraph.swift)
for file in "$folder"/*.swift; do
  [[ "$file" == "$target" ]] || sources+=("$file")
done

if [[ "${1:-}" == "--check" ]]; then
  written=$(mktemp)
  trap 'rm -f "$written"' EXIT
  "$tool" --module "$module" --generate --quiet "${sources[@]}" >"$written"
  if ! diff -u "$target" "$written"; then
    echo "$target is not what squire-build-tool generates: run Benchmarks/Scripts/generate-scenarios.sh" >&2
    exit 1
  fi
else
  "$tool" --module "$module" --generate --quiet --output "$target" "${sources[@]}"
fi
