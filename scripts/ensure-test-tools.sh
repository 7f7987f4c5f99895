#!/usr/bin/env bash
# The tests use real parts from Debian: Chromium for the browser tests (nothing downloads a
# browser of its own), PostgreSQL's programs for the DATABASE_URL tests, and poppler's pdftoppm for
# the printed cards' QR test. Install what is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages for the tests: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
