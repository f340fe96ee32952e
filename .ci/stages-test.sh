#!/usr/bin/env bash
# Proves that a failing stage fails the run and that the stages after it do
# not run, and that a stage's processes do not outlive it; .ci/run runs it
# first (it takes a few seconds).
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

# A stage over its time bound fails with 124, and nothing it started is left
# running: not its children in its process group, not one that made a
# session of its own (as playwright's Chromium makes a group of its own),
# not one that ignores SIGTERM (it gets SIGKILL after the grace).
started=$SECONDS
STAGE_GRACE=1 run_stages "timeout 0.5 sleep 300 & echo \$! >>$scratch/pids; setsid sleep 300 & echo \$! >>$scratch/pids; \
  bash -c 'trap \"\" TERM; echo \$\$ >>$scratch/pids; sleep 300' & sleep 300" >/dev/null 2>&1
status=$?
[ "$status" -eq 124 ] || { echo "stages-test: a stage over its time gave exit $status, not 124" >&2; exit 1; }
[ $((SECONDS - started)) -lt 10 ] || { echo "stages-test: the timed-out stage took $((SECONDS - started)) s to stop" >&2; exit 1; }
[ "$(wc -l <"$scratch/pids")" -eq 3 ] || { echo "stages-test: the timed-out stage did not start its three processes" >&2; exit 1; }
# Running: a zombie has ended (its new parent, init, reaps it when it does).
running() { ps -o stat= -p "$1" 2>/dev/null | grep -qv '^Z'; }
while read -r pid; do
  ! running "$pid" || { echo "stages-test: process $pid of a timed-out stage still runs: $(ps -o args= -p "$pid")" >&2; kill -KILL "$pid"; exit 1; }
done <"$scratch/pids"

# A stage that passes but leaves a process behind (a server not stopped):
# it is stopped when the stage ends, and the stage still passes.
run_stages "setsid sleep 300 & echo \$! >$scratch/left" >/dev/null 2>&1 || { echo "stages-test: a stage that left a process failed" >&2; exit 1; }
left=$(cat "$scratch/left")
! running "$left" || { echo "stages-test: a process a stage left behind still runs" >&2; kill -KILL "$left"; exit 1; }

# The README's command is read whole: three stages, the first the Rust tests.
mapfile -t stages < <(readme_test_stages)
[ "${#stages[@]}" -ge 2 ] && [ "${stages[0]}" = "cargo test --profile testing --workspace" ] \
  || { echo "stages-test: README's test command read as: ${stages[*]}" >&2; exit 1; }
echo "stages-test: a failing stage fails the run"
