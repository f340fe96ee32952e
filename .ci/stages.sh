# Sourced by .ci/run and .ci/stages-test.sh.
#
# run_stages COMMAND...: runs each command in its own bash, in order, and
# stops at the first that fails, returning its status. Why not one
# `a && b && c` line under `set -e`: bash does not stop on a failing && list
# (only its last command counts), so a failing `cargo test` let the run go on
# and end green.
# Each stage's time is printed after it, so a slow run says where it went.
run_stages() {
  local command status started
  for command in "$@"; do
    echo "== CI stage: $command"
    started=$SECONDS
    bash -o pipefail -c "$command" && { echo "== CI stage took $((SECONDS - started)) s: $command"; continue; }
    status=$?
    echo "== CI stage failed (exit $status, after $((SECONDS - started)) s): $command" >&2
    return "$status"
  done
}

# The README's test command (the line under "## Run every test"), split at
# its `&&` into stages.
readme_test_stages() {
  local line
  line=$(awk '/^## Run every test/ { section = 1 } section && /^cargo / { print; exit }' README.md)
  [ -n "$line" ] || { echo "README.md has no test command under '## Run every test'" >&2; return 1; }
  awk -v line="$line" 'BEGIN { n = split(line, parts, / && /); for (i = 1; i <= n; i++) print parts[i] }'
}
