#!/usr/bin/env bash
# The start-up scenario (issue 47), in callgrind instructions per start-up: an app of N classes
# (500 and 2,000; Scripts/generate-startup.py), every class registered and each resolved once,
# hand-wired, by Squire, by Squire with SquireBuildPlugin's generated factories, and by Swinject,
# side by side in one run. Each figure is one process's instructions minus those of the same
# binary doing nothing (`none`: the process's own start and exit), the median of REPEAT runs
# (default 3). Also: registration alone, and with `validate()`; and each start-up as the whole
# process counts it, the binary's own start included.
#
#   ./callgrind-startup.sh            (called by ./callgrind.sh, after its build)
#   BUILD=1 ./callgrind-startup.sh    (builds the two executables first)
set -euo pipefail
cd "$(dirname "$0")"

if [[ "${BUILD:-0}" == 1 ]]; then
  if [[ -z "${SQUIRE_BUILD_TOOL:-}" ]]; then
    echo "callgrind-startup.sh: set SQUIRE_BUILD_TOOL (see ./callgrind.sh)" >&2
    exit 1
  fi
  export SQUIRE_BUILD_TOOL
  swift build -c release --product callgrind-startup -Xcc -gdwarf-4 >&2
  swift build -c release --product callgrind-startup-plugin -Xcc -gdwarf-4 >&2
fi
bin="$(swift build -c release -Xcc -gdwarf-4 --show-bin-path)"
out=.build/callgrind
mkdir -p "$out"
repeat=${REPEAT:-3}

# Instructions of one run of `BINARY MODE N`, the median of `repeat` runs.
run() {
  local binary=$1 mode=$2 n=$3 counts=()
  for ((k = 0; k < repeat; k++)); do
    local file="$out/$binary-$mode-$n.out"
    valgrind --tool=callgrind --callgrind-out-file="$file" "$bin/$binary" "$mode" "$n" \
      >/dev/null 2>&1
    counts+=("$(awk '/^(summary|totals):/ { print $2; exit }' "$file")")
  done
  printf '%s\n' "${counts[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# Millions of instructions, one decimal; "×" against a base.
m() { awk -v a="$1" 'BEGIN { printf "%.2f M", a / 1e6 }'; }
x() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

for n in 500 2000; do
  none=$(run callgrind-startup none "$n")
  pnone=$(run callgrind-startup-plugin none "$n")
  hand=$(($(run callgrind-startup hand-wired "$n") - none))
  declare -A s=() p=()
  for mode in squire-register squire-validate squire squire-validated; do
    s[$mode]=$(($(run callgrind-startup "$mode" "$n") - none))
    p[$mode]=$(($(run callgrind-startup-plugin "$mode" "$n") - pnone))
  done
  wreg=$(($(run callgrind-startup swinject-register "$n") - none))
  wall=$(($(run callgrind-startup swinject "$n") - none))
  printf '\nStart-up, %d classes (instructions, the process alone subtracted; median of %d)\n' \
    "$n" "$repeat"
  printf '%-16s %12s %12s %12s %7s %14s %7s\n' "" register "+validate()" start-up '×hand' \
    "start-up+val." '×hand'
  printf '%-16s %12s %12s %12s %7s %14s %7s\n' hand-wired - - "$(m "$hand")" 1.00 - -
  for who in Squire Squire+plugin; do
    if [[ $who == Squire ]]; then
      r=${s[squire-register]} v=${s[squire-validate]} a=${s[squire]} av=${s[squire-validated]}
    else
      r=${p[squire-register]} v=${p[squire-validate]} a=${p[squire]} av=${p[squire-validated]}
    fi
    printf '%-16s %12s %12s %12s %7s %14s %7s\n' "$who" "$(m "$r")" "$(m "$v")" "$(m "$a")" \
      "$(x "$a" "$hand")" "$(m "$av")" "$(x "$av" "$hand")"
    printf '%-16s validate() alone: %s, %s× the registrations it checks\n' "" \
      "$(m $((v - r)))" "$(x $((v - r)) "$r")"
  done
  printf '%-16s %12s %12s %12s %7s %14s %7s\n' Swinject "$(m "$wreg")" - "$(m "$wall")" \
    "$(x "$wall" "$hand")" - -
  # The whole process, its own start and exit included (Foundation loaded): what an app's
  # launch counts, and how issue 47's table counted.
  printf '%-16s hand-wired %s; Squire %s (%s×); Squire+plugin %s (%s×); Swinject %s (%s×)\n' \
    "whole process:" "$(m $((hand + none)))" "$(m $((s[squire] + none)))" \
    "$(x $((s[squire] + none)) $((hand + none)))" "$(m $((p[squire] + pnone)))" \
    "$(x $((p[squire] + pnone)) $((hand + none)))" "$(m $((wall + none)))" \
    "$(x $((wall + none)) $((hand + none)))"
done
