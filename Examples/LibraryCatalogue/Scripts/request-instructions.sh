#!/usr/bin/env bash
# Instructions per request of the same endpoints hand-wired (/direct/books...) and through Squire
# (/books...), counted by valgrind's callgrind: unlike time on a shared machine, the count hardly
# moves from run to run (GRDB's readers move it by about 0.3%), so a change of a few hundred
# instructions in Squire's path shows. `request-cost PATH COUNT` (see Sources/request-cost)
# answers the requests through the app's router in one process; it runs for LOW and for HIGH
# requests, and the difference is divided by HIGH - LOW, so that the start-up is left out. The
# whole request is counted, on every thread: routing, RequestScopeMiddleware, the handler, the
# SQLite read on GRDB's threads, the response's JSON.
#
#   Examples/LibraryCatalogue/Scripts/request-instructions.sh     # LOW=100 HIGH=1100
set -euo pipefail
cd "$(dirname "$0")/.."

LOW=${LOW:-100}
HIGH=${HIGH:-1100}

if ! command -v valgrind > /dev/null; then
  apt-get update -qq && apt-get install -y -qq valgrind > /dev/null
fi
# valgrind 3.19 cannot read the DWARF 5 that clang writes for C targets by default. A build
# folder of its own, so that these flags do not rebuild the release build of load.sh.
build=(swift build -c release --product request-cost -Xcc -gdwarf-4
  --scratch-path "${SCRATCH_PATH:-.build-callgrind}")
"${build[@]}" >&2
bin="$("${build[@]}" --show-bin-path)/request-cost"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The instructions of `request-cost PATH COUNT`, every thread's.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bin" "$1" "$2" 2>&1 |
    awk '/Collected :/ {print $NF}'
}

# Instructions per request of PATH.
per_request() {
  local low high
  low=$(instructions "$1" "$LOW")
  high=$(instructions "$1" "$HIGH")
  echo $(((high - low) / (HIGH - LOW)))
}

echo "| Endpoint | Hand-wired instructions/request | Squire | Squire − hand-wired | Squire / hand-wired |"
echo "|---|---:|---:|---:|---:|"
for endpoint in /books/first /books; do
  label=$endpoint
  [ "$endpoint" != /books ] && label="/books/:id"
  direct=$(per_request "/direct$endpoint")
  squire=$(per_request "$endpoint")
  awk -v l="$label" -v d="$direct" -v s="$squire" \
    'BEGIN {printf "| GET %s | %d | %d | %+d | %.3f× |\n", l, d, s, s - d, s / d}'
done
echo
echo "valgrind --tool=callgrind, request-cost with $LOW and $HIGH requests; the difference divided"
echo "by $((HIGH - LOW))."
