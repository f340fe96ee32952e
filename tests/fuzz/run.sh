#!/usr/bin/env bash
# The fuzz stage: schemathesis against the server binary's
# /api/openapi.json, on loopback, on SQLite and on PostgreSQL, with a bounded
# number of examples per operation. It fails on any 5xx and on any response
# that the document does not describe (status, content type, body schema).
# Needs target/testing/expediente (the README's test command builds it) and python3 with venv.
# FUZZ_EXAMPLES sets the examples per operation (default 10: about a minute a database, so CI stays under 25 minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=target/testing/expediente
examples=${FUZZ_EXAMPLES:-10}
pg_base=${EXPEDIENTE_TEST_PG:-postgres://postgres@127.0.0.1:5432}

# schemathesis from the tests' Python environment (tests/python-env.sh, which
# pins it in tests/requirements.txt). Its coverage phase breaks on CPython
# 3.11 and older ("AST constructor recursion depth mismatch"): there it is
# left out.
python=$(bash tests/python-env.sh)
st=$(dirname "$python")/st
python_version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
phases=examples,coverage,fuzzing
if [ "$python_version" = 3.11 ] || [ "$python_version" = 3.10 ]; then phases=examples,fuzzing; fi

work=$(mktemp -d)
server=
pg_database=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [ -n "$pg_database" ]; then psql -q "$pg_base/postgres" -c "DROP DATABASE IF EXISTS \"$pg_database\" WITH (FORCE)" >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  "$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# fuzz NAME DATABASE_URL
fuzz() {
  local name=$1 url=$2 port
  port=$(free_port)
  mkdir -p "$work/$name"
  EXPEDIENTE_ADDR="127.0.0.1:$port" DATABASE_URL="$url" EXPEDIENTE_DATA_DIR="$work/$name" \
    EXPEDIENTE_ADMIN_EMAIL=fuzz@example.com EXPEDIENTE_ADMIN_PASSWORD=senha-do-fuzz-123 EXPEDIENTE_SSR=off \
    RUST_LOG=expediente=warn "$binary" >"$work/$name/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.2
  done
  local token
  token=$(curl -fs "http://127.0.0.1:$port/api/login" -H 'Content-Type: application/json' \
    -d '{"email":"fuzz@example.com","password":"senha-do-fuzz-123"}' |
    "$python" -c 'import json, sys; print(json.load(sys.stdin)["data"]["accessToken"])')
  echo "fuzz ($name): $examples examples per operation, phases $phases (Python $python_version)"
  local status=0
  # Signing out would revoke the fuzzer's own token, and the live stream
  # (/api/events) never ends by design (tests/http/events.rs tests it): both
  # are left out.
  # Run from the scratch folder: schemathesis keeps its cache in the working directory.
  (cd "$work" && "$st" run "http://127.0.0.1:$port/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path /api/logout --exclude-path /api/events \
    --phases "$phases" \
    --max-examples "$examples" --seed 10 --workers 2 --request-timeout 10 \
    --suppress-health-check all --warnings off --no-color) || status=$?
  if grep -q "panicked" "$work/$name/server.log"; then
    echo "fuzz ($name): the server logged a panic:"; grep -m 5 "panicked" "$work/$name/server.log"; status=1
  fi
  kill "$server"; wait "$server" 2>/dev/null || true; server=
  return $status
}

fuzz sqlite "sqlite://$work/sqlite/fuzz.db?mode=rwc"
pg_database="expediente_fuzz_$$"
psql -q "$pg_base/postgres" -c "CREATE DATABASE \"$pg_database\"" >/dev/null
fuzz postgres "$pg_base/$pg_database"
echo "fuzz: no 5xx and no response outside the document"
