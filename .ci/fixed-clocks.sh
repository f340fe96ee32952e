#!/usr/bin/env bash
# The suites that depend on the day they run, again under fixed clocks.
# libfaketime (Debian's faketime package, LD_PRELOAD) moves the clock of the
# Rust tests and of everything they start (the server, the SMTP sink). The
# browser tests get the instant as E2E_CLOCK: their harness starts the
# server under libfaketime and sets each page's clock through playwright
# (client/e2e/harness.mjs, `now`).
#
# The clocks, each where a "today" read in one clock and shown in another
# goes wrong:
#   2026-11-28 02:00 UTC  23:00 of the 27th in São Paulo: UTC's date is a day
#                         ahead, and three days on is another month;
#   2026-12-31 23:30 UTC  20:30 on the last day of the year in São Paulo;
#   2026-11-01 05:30 UTC  a Sunday (in UTC, São Paulo and New York), the first
#                         of a month, and New York's fall-back day.
#
# Needs the README's test command to have built target/testing (the test
# binaries and the server) and client/node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."

clocks=("2026-11-28 02:00:00" "2026-12-31 23:30:00" "2026-11-01 05:30:00")

# What runs again is what reads "now" or "today":
# - the rules' unit tests (the expediente-core crate), all of them: those of schedule, reports,
#   series, sessions and tokens read the clock, and the whole binary takes
#   about 4 s, less than keeping a list of the others would be worth;
# - the HTTP modules that book relative to today or read the day's screens
#   (the waitlist's windows start today),
#   on SQLite only: the days are computed in Rust (chrono-tz), the same for
#   both databases, which the real clock's run covers;
# - the browser suites below.
http_modules=(agenda:: business_rules:: lgpd:: name_order:: online_booking:: reminders:: reports:: series:: seed:: waitlist::)
# The browser suites that book relative to today or open on today's day,
# week or month: the reports' month, the lists that start at today, the
# booking's "now", the reminders' day ahead, the agenda's opening hour.
e2e_files=()
for suite in screens lists booking reminders agenda-first-screen; do e2e_files+=("e2e/$suite.test.mjs"); done

# The test binaries as the README's command built them (running cargo itself
# under a fixed clock would confuse its freshness checks). Asked of the whole
# workspace, as that command builds it: `-p expediente-core` alone unifies
# the dependencies' features differently and built the crate and much of
# what it stands on a second time (about four minutes of a fresh clone's run).
binary() {
  cargo test --profile testing --workspace --no-run --message-format=json 2>/dev/null \
    | python3 -c 'import json, sys; print(next(m["executable"] for m in map(json.loads, sys.stdin) if m.get("executable") and m["profile"]["test"] and m["target"]["name"] == sys.argv[1]))' "$1"
}
rules=$(binary expediente_core)
http=$(binary http)

under_clock() {
  local clock=$1
  shift
  local offset=$(($(date -ud "$clock" +%s) - $(date +%s)))
  # An offset rather than a start time, so every process the tests start
  # reads the same clock; file times and the monotonic clock stay real.
  NO_FAKE_STAT=1 DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$(printf '%+d' "$offset")" "$@"
}

export E2E_FAKETIME_LIB
E2E_FAKETIME_LIB=$(dpkg -L libfaketime | grep '/libfaketime\.so\.1$')
describe() { echo "$1 UTC ($(under_clock "$1" env TZ=America/Sao_Paulo date '+%a %d/%m %H:%M in São Paulo'))"; }

# The Rust tests of the three clocks run at once: they wait on SQLite, on
# their SMTP sink and on the reminders' pauses far more than they compute,
# so the three take little more than one (about a minute each, one after
# another). Each one's output is kept and printed whole after them.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
rust=()
for i in "${!clocks[@]}"; do
  clock=${clocks[$i]}
  # Two tests at a time in each clock (six at once in all).
  { under_clock "$clock" "$rules" --quiet && under_clock "$clock" "$http" --quiet --test-threads 2 --skip postgres "${http_modules[@]}"; } >"$logs/$i" 2>&1 &
  rust+=($!)
done
failed=0
for i in "${!clocks[@]}"; do
  status=0
  wait "${rust[$i]}" || status=$?
  echo "== fixed clock: $(describe "${clocks[$i]}"): the Rust tests"
  cat "$logs/$i"
  [ "$status" -eq 0 ] || { echo "== fixed clock ${clocks[$i]}: the Rust tests failed (exit $status)" >&2; failed=1; }
done
[ "$failed" -eq 0 ] || exit 1

# The browser suites one clock after another, two files at a time as in
# the README's command (each file starts its own server and Chromium, and
# waits on them far more than it computes: bench/README.md#where-cis-time-goes).
for clock in "${clocks[@]}"; do
  echo "== fixed clock: $(describe "$clock"): the browser tests"
  (cd client && CI=true E2E_CLOCK="$(date -ud "$clock" +%Y-%m-%dT%H:%M:%SZ)" node --test --test-concurrency=2 "${e2e_files[@]}")
done
