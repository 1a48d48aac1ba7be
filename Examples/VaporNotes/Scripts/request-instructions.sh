#!/usr/bin/env bash
# Instructions per request, hand-wired (/direct/notes...) against through Squire (/notes...),
# counted by valgrind's callgrind in one run: `request-cost PATH COUNT` answers COUNT requests
# with the app's responder in one process (routing, the middleware, the handler, the SQLite
# read, the JSON); it runs with LOW and with HIGH requests and the difference is divided by
# HIGH - LOW, which leaves the start-up out. Every thread's instructions are counted.
#
#   Examples/VaporNotes/Scripts/request-instructions.sh     # LOW=100 HIGH=1100
set -euo pipefail
cd "$(dirname "$0")/.."
LOW=${LOW:-100}
HIGH=${HIGH:-1100}

command -v valgrind > /dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; }
# -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang writes for C targets.
build=(swift build -c release --product request-cost -Xcc -gdwarf-4
  --scratch-path "${SCRATCH_PATH:-.build-callgrind}")
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/request-cost"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Instructions of `request-cost PATH COUNT`, all threads.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
per_request() { echo $((($(count "$1" "$HIGH") - $(count "$1" "$LOW")) / (HIGH - LOW))); }

printf '| GET | hand-wired | Squire | difference | Squire / hand-wired |\n|---|---:|---:|---:|---:|\n'
for path in /notes/first /notes; do
  hand=$(per_request "/direct$path")
  squire=$(per_request "$path")
  awk -v p="${path/first/:id}" -v h="$hand" -v s="$squire" \
    'BEGIN {printf "| %s | %d | %d | %+d (%+.1f%%) | %.3f |\n", p, h, s, s - h, 100 * (s - h) / h, s / h}'
done
echo "(callgrind instructions per request: $LOW and $HIGH requests, the difference / $((HIGH - LOW)))"
