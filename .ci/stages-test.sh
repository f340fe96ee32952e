#!/usr/bin/env bash
# Proves that a failing stage fails the run and that the stages after it do
# not run; .ci/run runs it first (it takes well under a second).
set -uo pipefail
cd "$(dirname "$0")/.."
source .ci/stages.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

run_stages "true" "exit 3" "touch $scratch/after" >/dev/null 2>&1
status=$?
[ "$status" -eq 3 ] || { echo "stages-test: a failing stage gave exit $status, not 3" >&2; exit 1; }
[ ! -e "$scratch/after" ] || { echo "stages-test: a stage ran after a failing one" >&2; exit 1; }

# A failure inside a pipeline counts too.
run_stages "false | cat" >/dev/null 2>&1 && { echo "stages-test: a failing pipeline passed" >&2; exit 1; }

run_stages "true" "touch $scratch/ok" >/dev/null 2>&1 || { echo "stages-test: passing stages failed" >&2; exit 1; }
[ -e "$scratch/ok" ] || { echo "stages-test: a passing stage did not run" >&2; exit 1; }

# The README's command is read whole: three stages, the first the Rust tests.
mapfile -t stages < <(readme_test_stages)
[ "${#stages[@]}" -ge 2 ] && [ "${stages[0]}" = "cargo test --profile testing --workspace" ] \
  || { echo "stages-test: README's test command read as: ${stages[*]}" >&2; exit 1; }
echo "stages-test: a failing stage fails the run"
