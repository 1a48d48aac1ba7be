#!/usr/bin/env bash
# Issue 45's wiring mistakes, made one at a time in a copy of this package and built with
# SquireBuildPlugin applied: the quick way to run what
# Tests/SquireBuildPluginFixtureTests/ModularFixtureTests.swift runs in CI, without building
# swift-syntax for that test target.
#
#   SQUIRE_BUILD_TOOL=/path/to/squire-build-tool \
#     Integrations/SquireBuildPlugin/Fixtures/Modular/check-mistakes.sh [WORDS]
#
# WORDS: run only the cases whose name holds them ("adit", "library"). SCRATCH names the build
# folder (default: this package's .build, reused from run to run); KEEP=1 keeps the copy;
# SQUIRE_REPO names the Squire checkout the copy depends on (default: this one), so that another
# worktree's plugin can be tried on the same mistakes.
#
# The copy is made once, in a temporary folder, with Squire's path in its manifest made absolute.
# It must build with no error and run (`validate()` clean); then each mistake is one edit of one
# file, and the build (the package's, or one target's) must fail with exactly one error, at the
# file and line given, its message starting as given; the file is restored after. Prints each
# case's outcome and, last, "N passed, N failed"; exits 1 when one failed.
#
# The table is the Swift test's (a test there checks that this file holds each of its texts, in
# single quotes): keep the two in step.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repository=${SQUIRE_REPO:-$(cd "$here/../../../.." && pwd)}
: "${SQUIRE_BUILD_TOOL:?name the squire-build-tool for the plugin to run (README: Release builds)}"
[[ -x "$SQUIRE_BUILD_TOOL" ]] || { echo "SQUIRE_BUILD_TOOL: not an executable: $SQUIRE_BUILD_TOOL" >&2; exit 2; }
export SQUIRE_BUILD_TOOL
scratch=${SCRATCH:-$here/.build}
only=${1:-}

work=$(mktemp -d -t squire-modular.XXXXXX)
copy=$work/Modular
[[ "${KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT
mkdir -p "$copy"
cp -R "$here/Package.swift" "$here/Sources" "$here/Tests" "$copy/"
grep -q 'path: "../../../.."' "$copy/Package.swift" || { echo "Package.swift: no Squire path" >&2; exit 2; }
sed -i.orig "s|path: \"../../../..\"|path: \"$repository\"|" "$copy/Package.swift"
rm -f "$copy/Package.swift.orig"

passed=0
failed=0
pass() { passed=$((passed + 1)); printf 'PASS  %s\n' "$1"; }
fail() {
  failed=$((failed + 1))
  printf 'FAIL  %s\n' "$1"
  shift
  printf '      %s\n' "$@"
}

# swift ARGS...: runs swift on the copy in the scratch folder; the output in $work/log.
swift_() {
  local start=$SECONDS
  swift "$1" --package-path "$copy" --scratch-path "$scratch" "${@:2}" > "$work/log" 2>&1
  local status=$?
  elapsed=$((SECONDS - start))
  return $status
}

# diagnostics SEVERITY: the log's SEVERITY lines at the app's files, once each, as
# `Sources/<Module>/<File>.swift:<line>: <severity>: <message>` (the column left out).
diagnostics() {
  sed -nE "s#.*/Modular/(Sources/[^:]+):([0-9]+)(:[0-9]+)?: ($1): (.*)#\\1:\\2: \\4: \\5#p" \
    "$work/log" | awk '!seen[$0]++'
}

selected() { [[ -z "$only" || "$1" == *"$only"* ]]; }

# case NAME TARGET FILE OLD NEW ERROR [ALSO...]: edits FILE (OLD, found once, becomes NEW), builds
# TARGET (`all`: the package), expects ERROR's one error, and one error or note holding every
# ALSO; restores FILE.
case_() {
  local name=$1 target=$2 file=$3 old=$4 new=$5 error=$6
  shift 6
  selected "$name" || return 0
  cp "$copy/$file" "$work/original"
  if ! python3 - "$copy/$file" "$old" "$new" <<'EOF'; then
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: holds {old!r} {text.count(old)} times, not once")
open(path, "w").write(text.replace(old, new))
EOF
    fail "$name" "the edit does not apply"
    return
  fi
  local options=()
  [[ "$target" == all ]] || options=(--target "$target")
  swift_ build "${options[@]}"
  local status=$?
  cp "$work/original" "$copy/$file"
  local errors problems=()
  errors=$(diagnostics error)
  ((status != 0)) || problems+=("the build succeeded")
  [[ "$(grep -c . <<< "$errors")" == 1 ]] || problems+=("not one error")
  [[ "$errors" == "$error"* ]] || problems+=("expected: $error")
  if (($# > 0)); then
    local said found=0
    while IFS= read -r said; do
      local word all=1
      for word in "$@"; do [[ "$said" == *"$word"* ]] || all=0; done
      ((all)) && found=1
    done < <(diagnostics 'error|note')
    ((found)) || problems+=("no error or note holds all of: $*")
  fi
  if ((${#problems[@]} == 0)); then
    pass "$name (${elapsed} s)"
  else
    fail "$name (${elapsed} s)" "${problems[@]}" "errors: ${errors:-none}"
  fi
}

echo "copy: $copy; scratch: $scratch; tool: $SQUIRE_BUILD_TOOL"

if selected "the app builds clean and runs validated"; then
  if swift_ build; then
    if [[ -z "$(diagnostics error)" ]]; then pass "the app builds clean (${elapsed} s)"; else
      fail "the app builds clean" "$(diagnostics error)"
    fi
    if [[ -z "$(diagnostics note)" ]]; then pass "the root is checked whole: no note"; else
      fail "the root is checked whole: no note" "$(diagnostics note)"
    fi
    if swift_ run App && grep -qx "validate(): 12 components, 0 problems" "$work/log" \
      && grep -qx "audit: refunded order 1: 300 cents" "$work/log"; then
      pass "App runs, validate() clean"
    else
      fail "App runs, validate() clean" "$(tail -20 "$work/log")"
    fi
  else
    fail "the app builds clean" "$(tail -30 "$work/log")"
  fi
fi

# The six mistakes of the issue: the build of the root that appends the parts finds each.
case_ 'a class in FeatureOrders needs a type nobody registers' all \
  'Sources/FeatureOrders/Orders.swift' \
  'public init() { stock = Stock(items: ["tea", "cups", "kettle"]) }' \
  'public init(stock: Stock) { self.stock = stock }' \
  'Sources/FeatureOrders/OrdersPart.swift:11: error: Missing dependency: nothing provides `Stock`, which `StockCheck` needs.'
case_ 'PaymentsPart never appended' all \
  'Sources/Composition/Composition.swift' \
  'container.append(part: PaymentsPart.self)' \
  '// container.append(part: PaymentsPart.self)' \
  'Sources/FeatureOrders/OrdersPart.swift:12: error: Missing dependency: nothing provides `PaymentService`, which `OrderDesk` needs.' \
  '`PaymentsPart`' 'FeaturePayments' 'never appends'
case_ 'a .single in FeaturePayments holds a .scoped one from Core' all \
  'Sources/FeaturePayments/PaymentsPart.swift' \
  'container.register(FraudCheck.init).as(OrderCheck.self)' \
  'container.register(FraudCheck.init).as(OrderCheck.self).lifetime(.single)' \
  'Sources/FeaturePayments/PaymentsPart.swift:13: error: Captive dependency: `FraudCheck` (.single) holds `RequestContext`'
case_ 'a cycle between the two feature modules' all \
  'Sources/FeaturePayments/Payments.swift' \
  'public init(gateway: Gateway, ledger: Ledger) {' \
  'public init(gateway: Gateway, ledger: Ledger, orders: OrderService) {' \
  'Sources/FeatureOrders/OrdersPart.swift:12: error: Cycle with no break point: OrderDesk → CardPayments → OrderDesk.'
case_ 'a typo in .injection(name: "adit") into var logger: Logger!' all \
  'Sources/FeaturePayments/PaymentsPart.swift' \
  '.injection(name: "audit")' \
  '.injection(name: "adit")' \
  'Sources/FeaturePayments/PaymentsPart.swift:14: error: Unknown name: no registration carries the name "adit"'
case_ 'a typo in @Injected(name: "adit")' all \
  'Sources/FeatureOrders/Orders.swift' \
  '@Injected(name: "audit")' \
  '@Injected(name: "adit")' \
  'Sources/FeatureOrders/Orders.swift:40: error: Unknown name: nothing provides `Logger` under the name "adit"'

# Mistakes inside PaymentsPart alone: the library's own build finds them.
case_ 'library: a .single of PaymentsPart holds a .perContainer one of PaymentsPart' \
  FeaturePayments \
  'Sources/FeaturePayments/Gateway.swift' \
  'public init() {}' \
  'public init(ledger: Ledger) {}' \
  'Sources/FeaturePayments/PaymentsPart.swift:10: error: Captive dependency: `Gateway` (.single) holds `Ledger` (.perContainer).'
case_ 'library: a cycle inside PaymentsPart' FeaturePayments \
  'Sources/FeaturePayments/Ledger.swift' \
  'public init() {}' \
  'public init(refunds: RefundDesk) {}' \
  'Sources/FeaturePayments/PaymentsPart.swift:11: error: Cycle with no break point: Ledger → RefundDesk → Ledger.'

# What only another part provides is the roots' to check: FeatureOrders' build says nothing.
if selected "library: FeatureOrders' own build is silent about PaymentService"; then
  name="library: FeatureOrders' own build is silent about PaymentService"
  if swift_ build --target FeatureOrders; then
    said=$(diagnostics 'error|warning|note' | grep '^Sources/FeatureOrders/')
    if [[ -z "$said" ]]; then pass "$name (${elapsed} s)"; else fail "$name" "$said"; fi
  else
    fail "$name" "the build failed" "$(diagnostics error)"
  fi
fi

echo "$passed passed, $failed failed"
((failed == 0))
