#!/usr/bin/env bash
# Provisions Node >= 22 and pnpm 10 from the npm registry when the machine lacks them.
# Usage: source scripts/provision.sh   (puts the tools on PATH for the calling shell)
# The tools land in .tools/ at the repository root, which git ignores.
_sw_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_sw_tools="$_sw_root/.tools"
_sw_node_version=22
_sw_pnpm_version=10.34.9

# The major version of a command, 0 when it is missing or prints no version.
_sw_major() {
  local v
  v="$("$1" -v 2>/dev/null | sed -E 's/^v?([0-9]+).*/\1/')"
  case "$v" in '' | *[!0-9]*) echo 0 ;; *) echo "$v" ;; esac
}

if [ -x "$_sw_tools/node/node_modules/node/bin/node" ]; then
  export PATH="$_sw_tools/node/node_modules/node/bin:$PATH"
fi
if [ "$(_sw_major node)" -lt "$_sw_node_version" ]; then
  echo "provision: installing node@$_sw_node_version into .tools/node" >&2
  npm install --prefix "$_sw_tools/node" --no-audit --no-fund --loglevel=error "node@$_sw_node_version" >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_sw_tools/node/node_modules/node/bin:$PATH"
fi

if [ -x "$_sw_tools/pnpm/node_modules/.bin/pnpm" ]; then
  export PATH="$_sw_tools/pnpm/node_modules/.bin:$PATH"
fi
if [ "$(_sw_major pnpm)" -lt 10 ]; then
  echo "provision: installing pnpm@$_sw_pnpm_version into .tools/pnpm" >&2
  npm install --prefix "$_sw_tools/pnpm" --no-audit --no-fund --loglevel=error "pnpm@$_sw_pnpm_version" >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_sw_tools/pnpm/node_modules/.bin:$PATH"
fi
echo "provision: node $(node -v), pnpm $(pnpm -v)" >&2
