#!/usr/bin/env bash
# Instructions per operation for S1 to S4 and S10, hand-written vs Squire vs Swinject, counted by
# valgrind's callgrind: a figure that, unlike wall-clock time, does not move with the machine's
# load.
#
#   ./callgrind.sh            (from Benchmarks/; needs valgrind: `apt-get install valgrind`)
#
# Each mode and scenario runs twice, with N1 and N2 operations; (total2 - total1) / (N2 - N1) is
# the cost of one operation, with start-up, registration and linking subtracted out. The
# callgrind files of the larger runs stay in .build/callgrind/ for `callgrind_annotate`.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v valgrind >/dev/null; then
  echo "callgrind.sh needs valgrind: apt-get install -y valgrind" >&2
  exit 1
fi

# DWARF 4 for the C shim too: this valgrind (3.19) gives up on clang's default DWARF 5. A build
# without the flag (`swift package benchmark`) leaves a build plan without it, which SwiftPM
# reuses, and a DWARF 5 object: both are removed first, so that the shim is compiled again with
# the flag.
rm -f .build/release.yaml .build/*/release/_SquireShims.build/*.o
# `callgrind-main` applies SquireBuildPlugin: its tool is built once, in debug (its speed is not
# measured), and named by SQUIRE_BUILD_TOOL, so that the release build compiles no swift-syntax.
if [[ -z "${SQUIRE_BUILD_TOOL:-}" ]]; then
  swift build --package-path .. --traits BuildPlugin --product squire-build-tool \
    --scratch-path ../.build-plugin >&2
  SQUIRE_BUILD_TOOL="$(swift build --package-path .. --traits BuildPlugin \
    --scratch-path ../.build-plugin --show-bin-path)/squire-build-tool"
fi
export SQUIRE_BUILD_TOOL
swift build -c release --product callgrind -Xcc -gdwarf-4 >&2
swift build -c release --product callgrind-main -Xcc -gdwarf-4 >&2
swift build -c release --product callgrind-startup -Xcc -gdwarf-4 >&2
swift build -c release --product callgrind-startup-plugin -Xcc -gdwarf-4 >&2
bin="$(swift build -c release -Xcc -gdwarf-4 --show-bin-path)"
binary="$bin/callgrind"
out=.build/callgrind
mkdir -p "$out"

# Swinject is some 50 times slower; fewer operations keep its runs short.
counts() {
  case "$1" in
  swinject) echo "200 2200" ;;
  *) echo "2000 22000" ;;
  esac
}

# Total instructions of `callgrind MODE SCENARIO N`.
instructions() {
  local file="$out/$1-$2-$3.out"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$binary" "$1" "$2" "$3" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$file"
}

printf '%-9s %14s %14s %9s %14s %9s\n' scenario hand-written Squire '×hand' Swinject '×hand'
for scenario in s1 s2 s3 s4 s10; do
  declare -A perOp=()
  for mode in hand-written squire swinject; do
    read -r n1 n2 <<<"$(counts "$mode")"
    first=$(instructions "$mode" "$scenario" "$n1")
    second=$(instructions "$mode" "$scenario" "$n2")
    rm -f "$out/$mode-$scenario-$n1.out"
    perOp[$mode]=$(((second - first) / (n2 - n1)))
  done
  hand=${perOp[hand-written]}
  printf '%-9s %14d %14d %9s %14d %9s\n' "${scenario^^}" "$hand" \
    "${perOp[squire]}" "$(awk -v a="${perOp[squire]}" -v b="$hand" 'BEGIN { printf "%.2f", a / b }')" \
    "${perOp[swinject]}" "$(awk -v a="${perOp[swinject]}" -v b="$hand" 'BEGIN { printf "%.2f", a / b }')"
done

# The same graphs registered in the same way in a module with what SquireBuildPlugin generates
# for it (Sources/GeneratedScenarios): the generated factories against hand-written code.
for scenario in s2 s3 s10; do
  read -r n1 n2 <<<"$(counts generated)"
  generated=$((($(instructions generated "$scenario" "$n2") - $(instructions generated "$scenario" "$n1")) / (n2 - n1)))
  hand=$((($(instructions hand-written "$scenario" "$n2") - $(instructions hand-written "$scenario" "$n1")) / (n2 - n1)))
  printf '%s with generated factories: %d instructions, %s× hand-written (%d)\n' "${scenario^^}" \
    "$generated" "$(awk -v a="$generated" -v b="$hand" 'BEGIN { printf "%.2f", a / b }')" "$hand"
done

# S10 declared, registered and resolved in an executable shaped like an app's `main` (the
# container made and resolved inside a `switch`, registrations two to a line), SquireBuildPlugin
# applied: its generated factories against the same graph built by hand in the same binary.
main() {
  local file="$out/main-$1-$2.out"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$bin/callgrind-main" "$1" "$2" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$file"
}
read -r n1 n2 <<<"$(counts squire)"
app=$((($(main squire "$n2") - $(main squire "$n1")) / (n2 - n1)))
hand=$((($(main hand-written "$n2") - $(main hand-written "$n1")) / (n2 - n1)))
printf "S10 in an app's main, plugin applied: %d instructions, %s× hand-written in the same binary (%d)\n" \
  "$app" "$(awk -v a="$app" -v b="$hand" 'BEGIN { printf "%.2f", a / b }')" "$hand"

# S10 declared in a library module (ModularGraph) and resolved from an executable, the plugin
# applied to both: through the library's part (factories generated in its build), and through
# registrations of the executable naming the library's public types (generated in the
# executable's build); against the same graph built by hand across the module boundary.
modular() {
  local file="$out/modular-$1-$2.out"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$bin/callgrind-main" "modular-$1" "$2" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$file"
}
hand=$((($(modular hand-written "$n2") - $(modular hand-written "$n1")) / (n2 - n1)))
for mode in part root; do
  across=$((($(modular "$mode" "$n2") - $(modular "$mode" "$n1")) / (n2 - n1)))
  printf 'S10 across modules (%s), plugin applied: %d instructions, %s× hand-written (%d)\n' \
    "$( [[ $mode == part ]] && echo "the library's part" || echo "the app registers the library's types")" \
    "$across" "$(awk -v a="$across" -v b="$hand" 'BEGIN { printf "%.2f", a / b }')" "$hand"
done

# The start-up scenario: an app of 500 and 2,000 classes registered and each resolved once.
if [[ "${STARTUP:-1}" == 1 ]]; then
  ./callgrind-startup.sh
fi

# S9: the S2 graph through `await container.resolve()`, against S2's synchronous resolve.
read -r n1 n2 <<<"$(counts squire)"
s9=$((($(instructions squire s9 "$n2") - $(instructions squire s9 "$n1")) / (n2 - n1)))
s2=$((($(instructions squire s2 "$n2") - $(instructions squire s2 "$n1")) / (n2 - n1)))
printf 'S9 async resolve of S2: %d instructions, %s× the synchronous resolve (%d)\n' "$s9" \
  "$(awk -v a="$s9" -v b="$s2" 'BEGIN { printf "%.2f", a / b }')" "$s2"

# S11: S2 with a decorator on the leaf PD (S11-single: on S3's .single leaf); S12: S2 with a
# contextual binding. Against S2 and S3 measured in the same way.
s2=$((($(instructions squire s11-base "$n2") - $(instructions squire s11-base "$n1")) / (n2 - n1)))
s3=$((($(instructions squire s11-single-base "$n2") - $(instructions squire s11-single-base "$n1")) / (n2 - n1)))
s11=$((($(instructions squire s11 "$n2") - $(instructions squire s11 "$n1")) / (n2 - n1)))
s11s=$((($(instructions squire s11-single "$n2") - $(instructions squire s11-single "$n1")) / (n2 - n1)))
s12=$((($(instructions squire s12 "$n2") - $(instructions squire s12 "$n1")) / (n2 - n1)))
printf 'S11 S2 with a decorator on a leaf: %d (S2: %d, +%d); on a .single leaf of S3: %d (S3: %d, %+d)\n' \
  "$s11" "$s2" "$((s11 - s2))" "$s11s" "$s3" "$((s11s - s3))"
printf 'S12 S2 with a contextual binding: %d (S2: %d, %+d)\n' "$s12" "$s2" "$((s12 - s2))"

# S5: a new container, N registrations and validate(). Instructions per component between 1,000
# and 2,000 components, and between 2,000 and 10,000: the same figure when the cost is linear.
s5_1k=$(instructions squire s5 1000)
s5_2k=$(instructions squire s5 2000)
s5_10k=$(instructions squire s5 10000)
printf 'S5 register + validate: %d instructions per component from 1k to 2k, %d from 2k to 10k\n' \
  "$(((s5_2k - s5_1k) / 1000))" "$(((s5_10k - s5_2k) / 8000))"
echo "(instructions per operation; callgrind files in Benchmarks/$out)" >&2

# S7: a child per unit of work under a 1,000-component parent, against the same graph resolved in
# the parent. S8: one registration and one resolve in turn, per round, at 1,000 and 2,000 rounds.
s7() { echo $((($(instructions squire "$1" 2000) - $(instructions squire "$1" 200)) / 1800)); }
parent=$(s7 s7-parent)
child=$(s7 s7)
own=$(s7 s7-own)
printf 'S7 resolve in the parent: %d; new child + resolve: %d (%s×); with its own registration: %d (%s×)\n' \
  "$parent" "$child" "$(awk -v a="$child" -v b="$parent" 'BEGIN { printf "%.2f", a / b }')" \
  "$own" "$(awk -v a="$own" -v b="$parent" 'BEGIN { printf "%.2f", a / b }')"
# S13: a request scope under the S7 parent: a child, a handler over a `.perContainer`
# transaction with a cleanup resolved in it, the child closed; with the request's two values
# registered in the child; with a handler that depends on one of them; with that value handed to
# the scope as its instance of a `.perContainer` component of the parent, not registered; from
# async code (`await resolve()`, `await close()`); the same with a child its parent does not
# close, as RequestScopeMiddleware makes it; a scope made and closed with nothing resolved in it.
none=$(s7 s13-none)
values=$(s7 s13)
used=$(s7 s13-used)
filled=$(s7 s13-filled)
async=$(s7 s13-async)
unshared=$(s7 s13-unshared)
empty=$(s7 s13-empty)
printf 'S13 request scope: %d; with two values registered: %d (%+d); one of them used: %d (%+d); that one handed to the scope instead (fill): %d (%+d); from async code: %d (%+d); from async code, not closed by its parent, as the middleware does it: %d (%+d); nothing resolved: %d\n' \
  "$none" "$values" "$((values - none))" "$used" "$((used - none))" "$filled" "$((filled - none))" \
  "$async" "$((async - none))" "$unshared" "$((unshared - none))" "$empty"
# S14: one read of `Container.ambient` bound by `withAmbient` on a thread and in a task, one where
# the process default answers, one of an `@Ambient` property after its first read; each with the
# loop and the call that keeps the value. The baselines, in the same loop: a stored `let` class
# reference of an object, and a container in a `static let`.
s14() { echo $((($(instructions squire "$1" 22000) - $(instructions squire "$1" 2000)) / 20000)); }
printf 'S14 Container.ambient: %d bound, %d bound in a task, %d by the process default; @Ambient property: %d bound, %d by the process default; baselines: stored let %d, static let %d (instructions per read, loop included)\n' \
  "$(s14 s14-bound)" "$(s14 s14-task)" "$(s14 s14-default)" "$(s14 s14-property)" "$(s14 s14-property-default)" \
  "$(s14 s14-stored)" "$(s14 s14-global)"
if [[ "${S8:-1}" == 1 ]]; then
  s8_1k=$(instructions squire s8 1000)
  s8_2k=$(instructions squire s8 2000)
  printf 'S8 register + resolve in turn: %d instructions per round over the first 1k, %d from 1k to 2k\n' \
    "$((s8_1k / 1000))" "$(((s8_2k - s8_1k) / 1000))"
fi
# S8 in time and memory, outside valgrind: 10,000 rounds alone, then with two threads resolving
# from the container meanwhile (the snapshots each round replaces are freed once no resolve reads
# them, so memory grows with the registrations, not with the snapshots).
"$binary" squire s8-time 10000
"$binary" squire s8-time 10000 2
