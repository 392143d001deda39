#!/usr/bin/env bash
# Installs Debian's chromium + chromium-driver when they are missing; fails if they still cannot run.
set -euo pipefail
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing chromium and chromium-driver"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    echo "error: chromium and chromium-driver are required (sudo apt-get install chromium chromium-driver)" >&2
    exit 1
  fi
fi
chromium --version
chromedriver --version
