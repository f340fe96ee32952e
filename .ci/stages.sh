# Sourced by .ci/run and .ci/stages-test.sh.
#
# run_stages COMMAND...: runs each command in its own bash, in order, and
# stops at the first that fails, returning its status. Why not one
# `a && b && c` line under `set -e`: bash does not stop on a failing && list
# (only its last command counts), so a failing `cargo test` let the run go on
# and end green.
run_stages() {
  local command status
  for command in "$@"; do
    echo "== CI stage: $command"
    bash -o pipefail -c "$command" && continue
    status=$?
    echo "== CI stage failed (exit $status): $command" >&2
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
