#!/usr/bin/env bash
# Load comparison on loopback, in one run: the same endpoints hand-wired (/direct/books) and
# through Squire (/books: a child container per request, the transaction resolved in it and
# closed at the end). Builds the example in release mode, starts it, seeds the catalogue, then
# runs wrk against both, PASSES times each; prints requests per second and p99 latency side by
# side (the medians of the passes, and the median of each pass's ratio), the server's CPU time
# per request, and the machine's load; fails if the median of the passes' Squire/hand-wired
# throughput ratios is under 0.95.
#
# Fair by construction: the server runs on one core and wrk on another (`taskset`, when there
# are two cores or more), so that wrk does not take CPU from one side more than the other; each
# pass measures the two wirings back to back, in turn first (an odd pass hand-wired first, an
# even one Squire first), so that a machine that slows down or speeds up during a pass does not
# favour one; short passes, many of them, and the median of their ratios, with a 95% interval
# for it (one pass's ratio moves by a tenth or two on a machine shared with other work: the
# machine's speed drifts within seconds, so short passes cancel more of it than long ones).
#
#   Examples/LibraryCatalogue/Scripts/load.sh     # DURATION=1 PASSES=31 CONNECTIONS=32 THREADS=1
#   SERVER_CPUS=0 WRK_CPUS=1 ...                  # the cores (taskset -c lists); PIN=0: none
#   SERVER_BINARY=path ...                        # a server built before, instead of building
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-1}
PASSES=${PASSES:-31}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
PORT=${LIBRARY_PORT:-8181}
SERVER_CPUS=${SERVER_CPUS:-0}
WRK_CPUS=${WRK_CPUS:-1}

# The server on one core, wrk on another.
server_pin=()
wrk_pin=()
if [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  server_pin=(taskset -c "$SERVER_CPUS")
  wrk_pin=(taskset -c "$WRK_CPUS")
fi

if ! command -v wrk > /dev/null; then
  apt-get update -qq && apt-get install -y -qq wrk > /dev/null
fi
if ! command -v curl > /dev/null; then
  apt-get update -qq && apt-get install -y -qq curl > /dev/null
fi

# SCRATCH_PATH: a build folder to use instead of .build (CI shares one between packages).
# SERVER_BINARY: a server built before (another version, to compare), instead of building.
if [ -n "${SERVER_BINARY:-}" ]; then
  server_binary=$SERVER_BINARY
else
  build=(swift build -c release --product library-catalogue ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"})
  "${build[@]}"
  server_binary="$("${build[@]}" --show-bin-path)/library-catalogue"
fi
work=$(mktemp -d)
LIBRARY_DATABASE="$work/library.sqlite" LIBRARY_PORT=$PORT \
  ${server_pin[@]+"${server_pin[@]}"} "$server_binary" 2> "$work/server.log" &
server=$!
trap 'kill $server 2> /dev/null; wait $server 2> /dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$PORT/health" > /dev/null && break
  sleep 0.1
done

id=""
for n in $(seq 20); do
  id=$(curl -fs -X POST "http://127.0.0.1:$PORT/books" -H 'content-type: application/json' \
    -d "{\"title\":\"Book $n\",\"author\":\"Author $n\",\"year\":$((1900 + n))}" |
    sed -E 's/.*"id":"([^"]+)".*/\1/')
done

# The server's CPU time so far, in clock ticks (user + system).
server_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
ticks_per_second=$(getconf CLK_TCK)

# "requests/s p99(ms) server-CPU-µs-per-request" of one wrk run. The server's CPU time per
# request moves much less with the machine's load than throughput does.
measure() {
  local out rps p99 requests before after cpu
  before=$(server_ticks)
  out=$(${wrk_pin[@]+"${wrk_pin[@]}"} wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$PORT$1")
  after=$(server_ticks)
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  requests=$(awk '/requests in/ {print $1}' <<< "$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; print v}' <<< "$out")
  cpu=$(awk "BEGIN {printf \"%.1f\", ($after - $before) * 1000000 / $ticks_per_second / $requests}")
  echo "$rps $p99 $cpu"
}

# The median of the numbers in $1 (separated by spaces).
median() {
  tr ' ' '\n' <<< "$1" | grep . | sort -g |
    awk '{v[NR]=$1} END {printf "%.3f", (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'
}

# "low high": a 95% interval for the median of the numbers in $1, from their order statistics
# (no assumption on their distribution): the k-th smallest and the k-th largest, with
# k = (n - 1.96 √n) / 2.
interval() {
  tr ' ' '\n' <<< "$1" | grep . | sort -g |
    awk '{v[NR]=$1} END {k=int((NR - 1.96*sqrt(NR))/2); if (k < 1) k = 1; printf "%.3f %.3f\n", v[k], v[NR+1-k]}'
}

# Warm-up, then alternate so that both see the same machine.
for path in "/books/$id" "/direct/books/$id" /books /direct/books; do
  ${wrk_pin[@]+"${wrk_pin[@]}"} wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "http://127.0.0.1:$PORT$path" > /dev/null
done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A all_rps all_p99 ratios cpus rps_of
for pass in $(seq "$PASSES"); do
  order="direct squire"
  [ $((pass % 2)) = 0 ] && order="squire direct"
  for endpoint in "/books/$id" "/books"; do
    for wiring in $order; do
      path=$endpoint
      [ "$wiring" = direct ] && path="/direct$endpoint"
      read -r rps p99 cpu < <(measure "$path")
      cpus[$wiring$endpoint]+="$cpu "
      rps_of[$wiring]=$rps
      echo "pass $pass  $wiring  GET $endpoint  $rps req/s  p99 ${p99} ms  server CPU ${cpu} µs/request  load $(cut -d' ' -f1 /proc/loadavg)" >&2
      all_rps[$wiring$endpoint]+="$rps "
      all_p99[$wiring$endpoint]+="$p99 "
    done
    ratio=$(awk "BEGIN {printf \"%.3f\", ${rps_of[squire]} / ${rps_of[direct]}}")
    ratios[$endpoint]+="$ratio "
    echo "pass $pass  GET $endpoint  Squire / hand-wired $ratio" >&2
  done
done

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo
echo "| Endpoint | Hand-wired req/s | Squire req/s | Squire / hand-wired | Median of pass ratios | 95% interval | Hand-wired p99 | Squire p99 | Server CPU per request, hand-wired / Squire |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
for endpoint in "/books/$id" "/books"; do
  label=$endpoint
  [ "$endpoint" != "/books" ] && label="/books/:id"
  d=$(median "${all_rps[direct$endpoint]}")
  s=$(median "${all_rps[squire$endpoint]}")
  ratio=$(awk "BEGIN {printf \"%.3f\", $s / $d}")
  middle=$(median "${ratios[$endpoint]}")
  read -r low high < <(interval "${ratios[$endpoint]}")
  printf '| GET %s | %.0f | %.0f | %s× | %s× | %s–%s× | %s ms | %s ms | %.1f / %.1f µs |\n' \
    "$label" "$d" "$s" "$ratio" "$middle" "$low" "$high" \
    "$(median "${all_p99[direct$endpoint]}")" "$(median "${all_p99[squire$endpoint]}")" \
    "$(median "${cpus[direct$endpoint]}")" "$(median "${cpus[squire$endpoint]}")"
  awk "BEGIN {exit !($middle < 0.95)}" && status=1
done
echo
pinning="server and wrk not pinned"
[ ${#server_pin[@]} -gt 0 ] && pinning="server on core $SERVER_CPUS, wrk on core $WRK_CPUS"
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $PASSES alternating passes, $pinning:"
echo "req/s and p99: medians of the passes;"
echo "the median of the passes' Squire/hand-wired ratios (what the 0.95x target is checked on),"
echo "with a 95% interval for it;"
echo "the median of the passes' server CPU time per request. $(nproc) cores; load average"
echo "(1, 5, 15 min) $load_before before, $load_after after."
exit $status
