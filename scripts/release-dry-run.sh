#!/usr/bin/env bash
# Rehearse .github/workflows/release.yml locally, in the same order, on a clean clone:
#   clone -> toolchain (make toolchain: venv + pip install -e . + npm ci) -> throwaway keys
#   -> [make test] -> make build -> siteagent release -> siteagent verify
# Nothing in your checkout is touched; keys are throwaway and live outside the clone.
#
# Usage: scripts/release-dry-run.sh [REPO_OR_URL] [REF]
#   REPO_OR_URL  default: the repository this script belongs to;  REF  default: HEAD
#   RUN_TESTS=1  also run `make test` as CI does;  KEEP=1  keep the temp folder
#   The venv is created with --system-site-packages, so installed dependencies are reused.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=${1:-$here}
ref=${2:-HEAD}
work=$(mktemp -d "${TMPDIR:-/tmp}/siteagent-dry-run.XXXXXX")
cleanup() { if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
step() { printf '\n==> %s\n' "$*"; }

step "clone $src ($ref) into $work/repo"
git clone --quiet "$src" "$work/repo"
git -C "$work/repo" checkout --quiet --detach "$ref"
cd "$work/repo"
echo "commit $(git rev-parse HEAD)"

step "toolchain (venv, pip install -e ., npm ci)"
venv="$work/venv"
"${PYTHON:-python3}" -m venv --system-site-packages "$venv"
make toolchain VENV="$venv"
siteagent="$venv/bin/siteagent"

step "throwaway signing keys"
"$siteagent" keygen --out "$work/keys"
export SITEAGENT_SIGNING_KEY="$work/keys/signing.key" SITEAGENT_CRX_KEY="$work/keys/crx.pem"
if [ -f release/signing.pub ]; then
  # The committed key is the real one; the rehearsal pins its throwaway key instead.
  cp "$work/keys/signing.pub" release/signing.pub
fi

if [ "${RUN_TESTS:-0}" = 1 ]; then
  step "make test"
  make test VENV="$venv"
fi

step "make build"
make build VENV="$venv"

step "siteagent release --pin-id"
"$siteagent" release --pin-id

version=$("$venv/bin/python" -c "import tomllib; print(tomllib.load(open('siteagent.toml','rb'))['extension']['version'])")
step "siteagent verify release/$version"
"$siteagent" verify "release/$version"

step "dry run OK"
ls -l "release/$version"
sha256sum "release/$version/site-agent.zip"
