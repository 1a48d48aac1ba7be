#!/usr/bin/env bash
# wrk on loopback, hand-wired (/direct/notes/:id) and through Squire (/notes/:id) in one run:
# builds the example in release mode, starts it (on one core, wrk on the other, when there are
# two), adds 20 notes, then runs wrk against the two in turn, ROUNDS times each (an odd round
# hand-wired first, an even one Squire first), and prints each round and the medians. For
# information: a machine shared with other work moves these figures by several percent; the
# instruction counts of Scripts/request-instructions.sh are the measure of Squire's cost.
#
#   Examples/VaporNotes/Scripts/load.sh     # DURATION=2 ROUNDS=9 CONNECTIONS=32 PORT=8282
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-2}
ROUNDS=${ROUNDS:-9}
CONNECTIONS=${CONNECTIONS:-32}
PORT=${PORT:-8282}

for tool in wrk curl; do
  command -v $tool > /dev/null || { apt-get update -qq && apt-get install -y -qq $tool; }
done
server_pin=()
wrk_pin=()
if [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  server_pin=(taskset -c 0)
  wrk_pin=(taskset -c 1)
fi
# The build folder and flags of Scripts/request-instructions.sh: one release build for both.
build=(swift build -c release --product vapor-notes -Xcc -gdwarf-4
  --scratch-path "${SCRATCH_PATH:-.build-callgrind}")
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/vapor-notes"
work=$(mktemp -d)
NOTES_DATABASE="$work/notes.sqlite" ${server_pin[@]+"${server_pin[@]}"} "$binary" serve \
  --env production --hostname 127.0.0.1 --port "$PORT" > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null; wait $server 2> /dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$PORT/health" > /dev/null && break
  sleep 0.1
done
id=""
for n in $(seq 20); do
  id=$(curl -fs -X POST "http://127.0.0.1:$PORT/direct/notes" -H 'content-type: application/json' \
    -d "{\"text\":\"note $n\"}" | sed -E 's/.*"id":"([^"]+)".*/\1/')
done

# Requests per second of one wrk run against PATH.
rps() {
  ${wrk_pin[@]+"${wrk_pin[@]}"} wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" \
    "http://127.0.0.1:$PORT$1" | awk '/Requests\/sec/ {print $2}'
}
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

rps "/direct/notes/$id" > /dev/null  # warm up
rps "/notes/$id" > /dev/null
hand=()
squire=()
echo "| round | hand-wired req/s | Squire req/s | Squire / hand-wired |"
echo "|---:|---:|---:|---:|"
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then
    h=$(rps "/direct/notes/$id"); s=$(rps "/notes/$id")
  else
    s=$(rps "/notes/$id"); h=$(rps "/direct/notes/$id")
  fi
  hand+=("$h"); squire+=("$s")
  awk -v r="$round" -v h="$h" -v s="$s" 'BEGIN {printf "| %d | %.0f | %.0f | %.3f |\n", r, h, s, s / h}'
done
h=$(printf '%s\n' "${hand[@]}" | median)
s=$(printf '%s\n' "${squire[@]}" | median)
awk -v h="$h" -v s="$s" 'BEGIN {printf "| median | %.0f | %.0f | %.3f |\n", h, s, s / h}'
echo "(wrk -t1 -c$CONNECTIONS, ${DURATION} s a run, GET /notes/:id on loopback; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
