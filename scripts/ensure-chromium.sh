#!/usr/bin/env bash
# Debian's Chromium for the end-to-end tests (Playwright cannot download browsers here).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's Chromium…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
