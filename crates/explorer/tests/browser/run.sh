#!/usr/bin/env bash
# The explorer in a real browser: Debian's chromium (installed here if
# missing) driven headless by playwright-core from npm, which never
# downloads a browser of its own. Usage:
#
#   crates/explorer/tests/browser/run.sh [path/to/alphabeta] [--update-docs]
#
# Writes the named trees' page (the one `reproduce` writes) and checks it
# (test.mjs); the screenshot goes to target/explorer-browser/, and with
# --update-docs also to docs/explorer-pi.png (the README's picture).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
bin="${1:-${CARGO_TARGET_DIR:-$root/target}/release/alphabeta}"
update_docs=no
[[ "${2:-}" == "--update-docs" || "${1:-}" == "--update-docs" ]] && update_docs=yes
[[ "$bin" == "--update-docs" ]] && bin="${CARGO_TARGET_DIR:-$root/target}/release/alphabeta"

if ! command -v chromium >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 600 npm install --no-audit --no-fund --ignore-scripts)
fi

out="${CARGO_TARGET_DIR:-$root/target}/explorer-browser"
mkdir -p "$out"
timeout 120 "$bin" explore --named --out "$out/explore.html"
timeout 300 node "$here/test.mjs" "$out/explore.html" "$out/explorer-pi.png"
if [[ "$update_docs" == yes ]]; then
  cp "$out/explorer-pi.png" "$root/docs/explorer-pi.png"
  echo "docs/explorer-pi.png updated"
fi
