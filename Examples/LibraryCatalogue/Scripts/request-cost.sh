#!/usr/bin/env bash
# CPU time per request of the same endpoints hand-wired (/direct/books...) and through Squire
# (/books...), without sockets: `request-cost PATH COUNT` answers COUNT requests through the
# app's router in one process (see Sources/request-cost) and prints the process's CPU time per
# request. Alternating runs, PASSES of each, pinned to one core; prints the median of each path
# and the hand-wired / Squire ratio (what the throughput ratio of a server bound by its CPU is). What load.sh measures over HTTP, with wrk's and the sockets'
# noise taken out: a difference of a few microseconds shows.
#
#   Examples/LibraryCatalogue/Scripts/request-cost.sh     # COUNT=4000 PASSES=6 CPU=0
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-4000}
PASSES=${PASSES:-6}
CPU=${CPU:-0}
build=(swift build -c release --product request-cost ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"})
"${build[@]}" >&2
bin="$("${build[@]}" --show-bin-path)/request-cost"
pin=()
command -v taskset > /dev/null && pin=(taskset -c "$CPU")

paths=(/direct/books/first /books/first /direct/books /books)
declare -A times
for pass in $(seq "$PASSES"); do
  # Each pass in another order: hand-wired first in odd passes, Squire first in even ones.
  order=("${paths[@]}")
  [ $((pass % 2)) = 0 ] && order=(/books/first /direct/books/first /books /direct/books)
  for path in "${order[@]}"; do
    cpu=$(${pin[@]+"${pin[@]}"} "$bin" "$path" "$COUNT")
    times[$path]+="$cpu "
    echo "pass $pass  GET $path  $cpu µs/request" >&2
  done
done

median() {
  tr ' ' '\n' <<< "$1" | grep . | sort -g |
    awk '{v[NR]=$1} END {printf "%.1f", (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'
}
echo "| Endpoint | Hand-wired µs/request | Squire µs/request | Squire − hand-wired | Hand-wired / Squire |"
echo "|---|---:|---:|---:|---:|"
for endpoint in /books/first /books; do
  label=$endpoint
  [ "$endpoint" != /books ] && label="/books/:id"
  d=$(median "${times[/direct$endpoint]}")
  s=$(median "${times[$endpoint]}")
  awk -v l="$label" -v d="$d" -v s="$s" \
    'BEGIN {printf "| GET %s | %.1f | %.1f | %+.1f µs | %.3f× |\n", l, d, s, s - d, d / s}'
done
echo
echo "CPU time of the process (every thread) per request, $COUNT requests a run, $PASSES alternating"
echo "runs each, medians; load average $(cut -d' ' -f1-3 /proc/loadavg)."
