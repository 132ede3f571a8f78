#!/usr/bin/env bash
# System packages the tests need beyond Node: poppler-utils (pdftotext, pdftoppm), the outside
# reader the report tests open every pdf with. Idempotent: does nothing when already installed.
set -euo pipefail

if command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null
