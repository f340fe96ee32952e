# Sourced by .ci/run and .ci/stages-test.sh.
#
# run_stages COMMAND...: runs each command in its own bash, in order, and
# stops at the first that fails, returning its status. Why not one
# `a && b && c` line under `set -e`: bash does not stop on a failing && list
# (only its last command counts), so a failing `cargo test` let the run go on
# and end green.
# Each stage's time is printed after it, so a slow run says where it went.
#
# A command written `timeout SECONDS REST` runs REST within that bound. Each
# stage runs in its own session and process group (setsid), and every
# process it starts carries the stage's mark in its environment
# (CI_STAGE_MARK). When a stage times out, or ends and leaves processes
# behind, they are stopped: its process group, and the processes that left
# the group but carry the mark (playwright starts Chromium in a process
# group of its own, and a browser outlives a test runner killed under it),
# with SIGTERM, then SIGKILL for those still there after STAGE_GRACE seconds.
# coreutils' `timeout` signals only its own process group, and only once.
STAGE_GRACE=${STAGE_GRACE:-10}

run_stages() {
  local command status started
  for command in "$@"; do
    echo "== CI stage: $command"
    started=$SECONDS
    status=0
    run_stage "$command" || status=$?
    if [ "$status" -eq 0 ]; then
      echo "== CI stage took $((SECONDS - started)) s: $command"
      continue
    fi
    echo "== CI stage failed (exit $status, after $((SECONDS - started)) s): $command" >&2
    return "$status"
  done
}

# run_stage COMMAND: one stage, as above; its status, 124 when it timed out.
run_stage() {
  local command=$1 limit="" mark leader timer finished status
  if [[ $command =~ ^timeout\ +([0-9.]+)\ +(.+)$ ]]; then
    limit=${BASH_REMATCH[1]}
    command=${BASH_REMATCH[2]}
  fi
  mark="ci-stage-$$-$RANDOM-$SECONDS"
  # In the background a non-interactive bash's child is no group leader, so
  # setsid makes the new session in this process: $! is the group's id.
  CI_STAGE_MARK=$mark setsid bash -o pipefail -c "$command" &
  leader=$!
  # The runner itself stopped (Ctrl-C, the CI's own timeout): the stage too.
  trap 'stop_stage "$leader" "$mark"; exit 143' TERM
  trap 'stop_stage "$leader" "$mark"; exit 130' INT
  if [ -n "$limit" ]; then
    sleep "$limit" &
    timer=$!
    finished=
    wait -n -p finished "$leader" "$timer"
    status=$?
    if [ "$finished" = "$timer" ]; then
      echo "== CI stage timed out after $limit s: $command" >&2
      stop_stage "$leader" "$mark"
      wait "$leader" 2>/dev/null
      status=124
    else
      kill "$timer" 2>/dev/null
      wait "$timer" 2>/dev/null
    fi
  else
    wait "$leader"
    status=$?
  fi
  trap - TERM INT
  # What the stage left running (a server a test did not stop) goes now:
  # it would hold ports and CPU during the stages after it.
  local left
  left=$(stage_processes "$leader" "$mark")
  if [ -n "$left" ]; then
    echo "== CI stage left processes behind, stopped: $(ps -o pid=,args= -p "$(echo $left | tr ' ' ,)" 2>/dev/null | cut -c1-120 | paste -sd ';')" >&2
    stop_stage "$leader" "$mark"
  fi
  return "$status"
}

# stage_processes LEADER MARK: the pids still running of the stage's group
# or carrying its mark (zombies aside: their parent reaps them).
stage_processes() {
  local leader=$1 mark=$2
  {
    ps -eo pid=,pgid=,stat= | awk -v group="$leader" '$2 == group && $3 !~ /^Z/ { print $1 }'
    grep -lzx "CI_STAGE_MARK=$mark" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3
  } | awk '!seen[$1]++'
}

# stop_stage LEADER MARK: SIGTERM to what stage_processes finds, SIGKILL to
# what is still there STAGE_GRACE seconds later.
stop_stage() {
  local leader=$1 mark=$2 pids tries
  pids=$(stage_processes "$leader" "$mark")
  [ -n "$pids" ] || return 0
  kill -TERM -- "-$leader" 2>/dev/null
  kill -TERM $pids 2>/dev/null
  for ((tries = 0; tries < STAGE_GRACE * 10; tries++)); do
    pids=$(stage_processes "$leader" "$mark")
    [ -n "$pids" ] || return 0
    sleep 0.1
  done
  kill -KILL -- "-$leader" 2>/dev/null
  kill -KILL $pids 2>/dev/null
  return 0
}

# timed LABEL COMMAND...: runs a set-up step of .ci/run in this shell and
# prints its seconds the way a stage's are printed.
timed() {
  local label=$1 started=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "== CI setup took $((SECONDS - started)) s: $label"
  return "$status"
}

# The README's test command (the line under "## Run every test"), split at
# its `&&` into stages.
readme_test_stages() {
  local line
  line=$(awk '/^## Run every test/ { section = 1 } section && /^cargo / { print; exit }' README.md)
  [ -n "$line" ] || { echo "README.md has no test command under '## Run every test'" >&2; return 1; }
  awk -v line="$line" 'BEGIN { n = split(line, parts, / && /); for (i = 1; i <= n; i++) print parts[i] }'
}
