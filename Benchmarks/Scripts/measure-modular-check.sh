#!/usr/bin/env bash
# What SquireBuildPlugin costs an app built of modules (issue 45, item 7): the tool's check of
# each target, and a null rebuild of the app with the plugin applied to every target.
#
#   SQUIRE_BUILD_TOOL=/path/to/squire-build-tool Scripts/measure-modular-check.sh [MODULES [CLASSES]]
#                                                 (from Benchmarks/; default: 10 modules of 100)
#   CONFIG=release ...   (build in release; default debug)
#   RUNS=5 ...           (runs of each check; default 3: the least CPU seconds is printed)
#   EDIT=0 ...           (also: a comment appended to Module0's Part.swift, then a build: which
#                         checks it runs again, its wall-clock and CPU seconds; the file is
#                         restored after)
#   MODULAR_APP=DIR ...  (the package's folder; default .build/modular-app)
#
# The app is generate-modular-app.py's: MODULES library targets of CLASSES classes each, every
# one a `Part`, and an executable `App` that appends them and resolves. SQUIRE_BUILD_TOOL names
# the tool the plugin runs, built beforehand, so that no build here compiles the tool or
# swift-syntax (Integrations/SquireBuildPlugin/README.md, "Release builds").
#
# Printed:
# - for each target, its check run as the plugin runs it: the command line is read from the
#   build's own manifest (.build/<CONFIG>.yaml, the commands "Checking the Squire registrations
#   of <target>"), with the generated file written to a temporary folder instead, so the figures
#   follow whatever arguments and files the plugin hands the tool. The CPU seconds (user +
#   system), the wall-clock seconds, the Swift files read, the exit status (1: problems found);
# - the builds: the package is built (the first build's figures include Squire's, when this
#   folder has not built it yet), then built again (SwiftPM plans that second build
#   anew: the plugin's README, "Release builds"), then a third time; for the second and third,
#   the wall-clock and CPU seconds of every process of the build, and how many checks ran.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=${1:-10}
classes=${2:-100}
config=${CONFIG:-debug}
runs=${RUNS:-3}
package=${MODULAR_APP:-.build/modular-app}
: "${SQUIRE_BUILD_TOOL:?name the squire-build-tool for the plugin to run (see the header)}"
[[ -x "$SQUIRE_BUILD_TOOL" ]] || { echo "SQUIRE_BUILD_TOOL: not executable" >&2; exit 2; }
export SQUIRE_BUILD_TOOL

python3 Scripts/generate-modular-app.py --modules "$modules" --classes "$classes" "$package" \
  >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build NAME: `swift build` of the package, timed; the log in $work/NAME.
build() {
  /usr/bin/time -f '%e %U %S' -o "$work/$1.time" \
    swift build -c "$config" --package-path "$package" >"$work/$1" 2>&1 ||
    { tail -30 "$work/$1" >&2; echo "the build failed" >&2; exit 1; }
}

# figures NAME: wall-clock s, CPU s, and the checks the build ran.
figures() {
  local wall user system
  read -r wall user system <<<"$(tail -1 "$work/$1.time")"
  printf '%-8s %-8.2f %s\n' "$wall" "$(echo "$user + $system" | bc)" \
    "$(grep -c 'Checking the Squire registrations of' "$work/$1" || true)"
}

echo "app: $modules modules of $classes classes ($package), $config; tool: $SQUIRE_BUILD_TOOL"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg) (2 cores)"
echo "first build..." >&2
build first
build second
build third

printf '\n%-17s %-8s %-8s %s\n' build wall-s CPU-s checks-run
printf 'first build       %s\n' "$(figures first)"
printf 'second build      %s\n' "$(figures second)"
printf 'third build       %s\n' "$(figures third)"

if [[ -n "${EDIT:-}" ]]; then
  edited="$package/Sources/Module$EDIT/Part.swift"
  cp "$edited" "$work/original"
  echo "// edited by measure-modular-check.sh" >>"$edited"
  build edited
  cp "$work/original" "$edited"
  printf 'after an edit of Module%s: %s\n' "$EDIT" "$(figures edited)"
  printf '  checks run: %s\n' "$(grep -oE 'Checking the Squire registrations of [A-Za-z0-9_]+' \
    "$work/edited" | awk '{ print $NF }' | sort -V | tr '\n' ' ')"
  build restored
fi

# The plugin's commands, from the manifest of the build above: one file of NUL-separated
# arguments per target, the generated file moved to $work.
python3 - "$package/.build/$config.yaml" "$work" <<'EOF'
import json, pathlib, re, sys
manifest, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
found = re.findall(
    r'description: "Checking the Squire registrations of ([^"]+)"\n\s*args: (\[.*\])',
    manifest.read_text())
if not found:
    sys.exit(f"{manifest}: no command of SquireBuildPlugin")
for target, args in found:
    args = json.loads(args)
    if "--output" in args:
        args[args.index("--output") + 1] = str(work / f"{target}.generated.swift")
    (work / f"{target}.args").write_text("\0".join(args) + "\0")
EOF

printf '\n%-10s %-8s %-8s %-6s %s\n' target CPU-s wall-s files status
for file in $(ls "$work"/*.args | sort -V); do
  target=$(basename "$file" .args)
  mapfile -d '' -t command <"$file"
  best=
  for ((run = 0; run < runs; run++)); do
    status=0
    /usr/bin/time -f '%e %U %S' -o "$work/check.time" "${command[@]}" >"$work/check.log" 2>&1 ||
      status=$?
    read -r wall user system <<<"$(tail -1 "$work/check.time")"
    cpu=$(printf '%.2f' "$(echo "$user + $system" | bc)")
    if [[ -z "$best" ]] || (($(echo "$cpu < $best" | bc))); then best=$cpu best_wall=$wall; fi
  done
  files=$(printf '%s\n' "${command[@]}" | grep -c '\.swift$' || true)
  # The generated file is an argument too (--output): the files read are the others.
  [[ " ${command[*]} " == *" --output "* ]] && files=$((files - 1))
  printf '%-10s %-8s %-8s %-6s %s\n' "$target" "$best" "$best_wall" "$files" "$status"
done
