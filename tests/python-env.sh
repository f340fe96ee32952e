#!/usr/bin/env bash
# The tests' one Python environment: target/test-venv with every package
# tests/requirements.txt pins. Made when missing, made anew when the file
# changes, otherwise left as it is; prints the path of its python.
# Used by the HTTP tests (tests/http/common.rs, `python()`) and by the fuzz
# stage (tests/fuzz/run.sh). A lock keeps two callers from making it at once.
#
# CPython 3.11's ast module breaks schemathesis' coverage phase ("AST
# constructor recursion depth mismatch"): a 3.12 or newer is preferred
# (pyenv's when installed), else python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
requirements=$root/tests/requirements.txt
venv=$root/target/test-venv

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

mkdir -p "$root/target"
exec 9>"$root/target/test-venv.lock"
flock 9
# The copy of the requirements inside the venv says what it was made from.
if ! cmp -s "$requirements" "$venv/requirements.txt" || ! "$venv/bin/python" -c '' >/dev/null 2>&1; then
  echo "python-env: making $venv from tests/requirements.txt" >&2
  rm -rf "$venv"
  "$(pick_python)" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$venv/requirements.txt"
fi
echo "$venv/bin/python"
