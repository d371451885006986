#!/usr/bin/env bash
# Installs Chromium for the browser test of the landing page (test/server/landing-page.process.test.ts runs Debian's
# /usr/bin/chromium through puppeteer-core) only when it is missing. CI runs as root on Debian; elsewhere sudo is used.
# Like install-postgres.sh, run by `npm test`'s pretest.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "install-chromium: /usr/bin/chromium already present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-chromium: installing chromium with apt-get"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
[ -x /usr/bin/chromium ] || { echo "install-chromium: chromium installed but /usr/bin/chromium is missing" >&2; exit 1; }
