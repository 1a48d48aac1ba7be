#!/usr/bin/env bash
# Type-checks each file in Tests/CompileFailures against the built Squire module and checks that
# it fails with the diagnostic its first line names (`// expect-error: <text>`), or compiles with
# that warning (`// expect-warning: <text>`): what Squire's API must reject or flag at compile
# time (a factory that races, a cached instance of a type that is not Sendable, ...).
#
#   swift build && Scripts/check-compile-failures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
# Squire's C shim module, as SwiftPM hands it to a package that depends on Squire.
shims=(-Xcc "-fmodule-map-file=$bin/_SquireShims.build/module.modulemap"
  -Xcc -I -Xcc Sources/_SquireShims/include)
failed=0
for file in Tests/CompileFailures/*.swift; do
  expected="$(head -1 "$file" | sed -n 's|^// expect-error: ||p')"
  warning="$(head -1 "$file" | sed -n 's|^// expect-warning: ||p')"
  if [ -n "$warning" ]; then
    output="$(swiftc -typecheck -swift-version 6 -I "$modules" "${shims[@]}" "$file" 2>&1)" || {
      echo "FAIL $file: did not compile; it should, with the warning: $warning" >&2
      failed=1
      continue
    }
    if grep -qF -- "warning: " <<<"$output" && grep -qF -- "$warning" <<<"$output"; then
      echo "ok   $file: warns $warning"
    else
      echo "FAIL $file: no warning: $warning" >&2
      failed=1
    fi
    continue
  fi
  if [ -z "$expected" ]; then
    echo "FAIL $file: no '// expect-error:' or '// expect-warning:' line" >&2
    failed=1
    continue
  fi
  if output="$(swiftc -typecheck -swift-version 6 -I "$modules" "${shims[@]}" "$file" 2>&1)"; then
    echo "FAIL $file: compiled, but should fail with: $expected" >&2
    failed=1
  elif ! grep -qF -- "$expected" <<<"$output"; then
    echo "FAIL $file: failed, but not with: $expected" >&2
    echo "$output" | grep -E "error:" >&2 || true
    failed=1
  else
    echo "ok   $file: $expected"
  fi
done
exit "$failed"
