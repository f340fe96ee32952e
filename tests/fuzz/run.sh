#!/usr/bin/env bash
# The fuzz stage: schemathesis against the server binary's
# /api/openapi.json, on loopback, on SQLite and on PostgreSQL, with a bounded
# number of examples per operation. It fails on any 5xx and on any response
# that the document does not describe (status, content type, body schema).
# Needs target/testing/expediente (the README's test command builds it) and python3.
# FUZZ_EXAMPLES sets the examples per operation (default 10: about a minute a database, so CI stays under 25 minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=target/testing/expediente
schemathesis_version=4.32.5
examples=${FUZZ_EXAMPLES:-10}
pg_base=${EXPEDIENTE_TEST_PG:-postgres://postgres@127.0.0.1:5432}

# CPython 3.11's ast module breaks schemathesis' coverage phase ("AST
# constructor recursion depth mismatch"): a 3.12 or newer is preferred
# (pyenv's when installed), and with an older one that phase is left out.
pick_python() {
  local version full
  for version in 3.12 3.13; do
    if "python$version" -c 'import venv' >/dev/null 2>&1; then echo "python$version"; return; fi
    if command -v pyenv >/dev/null; then
      full=$(pyenv versions --bare 2>/dev/null | grep -E "^$version\.[0-9]+$" | tail -n 1)
      if [ -n "$full" ]; then echo "$(pyenv root)/versions/$full/bin/python3"; return; fi
    fi
  done
  echo python3
}
python=$(pick_python)
python_version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
phases=examples,coverage,fuzzing
if [ "$python_version" = 3.11 ] || [ "$python_version" = 3.10 ]; then phases=examples,fuzzing; fi
venv=$PWD/target/fuzz-venv-$python_version
if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$schemathesis_version"; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$schemathesis_version"
fi

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
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
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
    python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["accessToken"])')
  echo "fuzz ($name): $examples examples per operation, phases $phases (Python $python_version)"
  local status=0
  # Signing out would revoke the fuzzer's own token: that operation is left out.
  # Run from the scratch folder: schemathesis keeps its cache in the working directory.
  (cd "$work" && "$venv/bin/st" run "http://127.0.0.1:$port/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path /api/logout \
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
