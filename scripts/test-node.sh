#!/usr/bin/env bash
# Runs the whole test suite on other Node.js majors (default: 22 and 24) using only the npm
# registry: Node comes from the `node-<platform>-<arch>` package (the official binary and headers),
# native modules are built against its headers, in a fresh clone of this checkout's HEAD.
#   bash scripts/test-node.sh            # 22 and 24
#   bash scripts/test-node.sh 24         # one major
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)
package="node-$(node -p process.platform)-$(node -p process.arch)"

for major in "${majors[@]}"; do
  tools=$(mktemp -d)
  work=$(mktemp -d)
  trap 'rm -rf "$tools" "$work"' EXIT
  echo "== Node $major: installing $package@$major from the npm registry"
  npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund "$package@$major" >/dev/null
  nodedir="$tools/node_modules/$package"
  git clone -q "$repo" "$work"
  (
    cd "$work"
    export PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir"
    echo "== Node $(node --version), npm $(npm --version): npm ci && npm test"
    npm ci
    npm test
  )
  rm -rf "$tools" "$work"
  trap - EXIT
done
