#!/usr/bin/env bash
# Load comparison on loopback, in one run: the same endpoints hand-wired (/direct/books) and
# through Squire (/books: a child container per request, the transaction resolved in it and
# closed at the end). Builds the example in release mode, starts it, seeds the catalogue, then
# runs wrk against both, alternating, ROUNDS times each; prints requests per second and p99
# latency side by side (the best round of each, and the median of each round's ratio), and fails
# if Squire's best is under 0.95x the hand-wired best.
#
#   Examples/LibraryCatalogue/Scripts/load.sh          # DURATION=10 ROUNDS=3 CONNECTIONS=32
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
PORT=${LIBRARY_PORT:-8181}

if ! command -v wrk > /dev/null; then
  apt-get update -qq && apt-get install -y -qq wrk > /dev/null
fi
if ! command -v curl > /dev/null; then
  apt-get update -qq && apt-get install -y -qq curl > /dev/null
fi

# SCRATCH_PATH: a build folder to use instead of .build (CI shares one between packages).
build=(swift build -c release --product library-catalogue ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"})
"${build[@]}"
bin=$("${build[@]}" --show-bin-path)
work=$(mktemp -d)
LIBRARY_DATABASE="$work/library.sqlite" LIBRARY_PORT=$PORT \
  "$bin/library-catalogue" 2> "$work/server.log" &
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

# "requests/s p99(ms)" of one wrk run.
measure() {
  local out rps p99
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$PORT$1")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; print v}' <<< "$out")
  echo "$rps $p99"
}

# Warm-up, then alternate so that both see the same machine.
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "http://127.0.0.1:$PORT/books/$id" > /dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "http://127.0.0.1:$PORT/direct/books/$id" > /dev/null
declare -A best_rps best_p99 ratios
last_direct=1
for endpoint in "/books/$id" "/books"; do
  for wiring in direct squire; do
    best_rps[$wiring$endpoint]=0
    best_p99[$wiring$endpoint]=0
  done
done
for round in $(seq "$ROUNDS"); do
  for endpoint in "/books/$id" "/books"; do
    for wiring in direct squire; do
      path=$endpoint
      [ "$wiring" = direct ] && path="/direct$endpoint"
      read -r rps p99 < <(measure "$path")
      if [ "$wiring" = direct ]; then
        last_direct=$rps
      else
        ratios[$endpoint]+="$(awk "BEGIN {print $rps / $last_direct}") "
      fi
      echo "round $round  $wiring  GET $endpoint  $rps req/s  p99 ${p99} ms" >&2
      if awk "BEGIN {exit !($rps > ${best_rps[$wiring$endpoint]})}"; then
        best_rps[$wiring$endpoint]=$rps
        best_p99[$wiring$endpoint]=$p99
      fi
    done
  done
done

echo
echo "| Endpoint | Hand-wired req/s | Squire req/s | Squire / hand-wired | Median of round ratios | Hand-wired p99 | Squire p99 |"
echo "|---|---:|---:|---:|---:|---:|---:|"
status=0
for endpoint in "/books/$id" "/books"; do
  label=$endpoint
  [ "$endpoint" != "/books" ] && label="/books/:id"
  d=${best_rps[direct$endpoint]}
  s=${best_rps[squire$endpoint]}
  ratio=$(awk "BEGIN {printf \"%.3f\", $s / $d}")
  median=$(tr ' ' '\n' <<< "${ratios[$endpoint]}" | grep . | sort -g |
    awk '{v[NR]=$1} END {printf "%.3f", (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}')
  printf '| GET %s | %.0f | %.0f | %s× | %s× | %s ms | %s ms |\n' "$label" "$d" "$s" "$ratio" "$median" \
    "${best_p99[direct$endpoint]}" "${best_p99[squire$endpoint]}"
  awk "BEGIN {exit !($ratio < 0.95)}" && status=1
done
echo
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, best of $ROUNDS alternating rounds (req/s, p99 of that round); median of the rounds' Squire/hand-wired ratios; $(nproc) cores"
exit $status
