#!/usr/bin/env bash
# `npm test`: the typecheck and the whole test suite, side by side rather than one after the other (the typecheck is
# mostly one core's work for ~40 s; the tests spend much of their time waiting on sockets and timers). Either failing
# fails the command; the typecheck's errors are printed after the test report. Arguments go to `vitest run`.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=node_modules/.bin
# The project's own Node (the `node` package), as `npm run` puts it first on PATH.
export PATH="$PWD/$bin:$PATH"
typecheck_log=$(mktemp)
trap 'rm -f "$typecheck_log"' EXIT
"$bin/tsc" -p tsconfig.json --noEmit >"$typecheck_log" 2>&1 &
typecheck=$!
"$bin/vitest" run "$@"
tests=$?
wait "$typecheck"
typechecked=$?
if [ "$typechecked" -ne 0 ]; then
  cat "$typecheck_log"
  echo "npm test: the typecheck failed (tsc -p tsconfig.json --noEmit, exit $typechecked)" >&2
fi
if [ "$tests" -ne 0 ]; then echo "npm test: the tests failed (vitest exit $tests)" >&2; fi
[ "$typechecked" -eq 0 ] && [ "$tests" -eq 0 ]
