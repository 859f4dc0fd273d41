#!/usr/bin/env bash
# Provisions Node >= 22.12 and pnpm 10 from the npm registry when the machine lacks them.
# Usage: source scripts/provision.sh   (puts the tools on PATH for the calling shell)
# The tools land in .tools/ at the repository root, which git ignores.
_sw_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_sw_tools="$_sw_root/.tools"
# The engines field asks for Node >= 22.12 (require(esm) without a flag); node@22 installs the
# latest 22.x.
_sw_node_major=22
_sw_node_minor=12
_sw_pnpm_version=10.34.9

# "major minor" of a command's version, "0 0" when it is missing or prints no version.
_sw_version() {
  local v
  v="$("$1" -v 2>/dev/null | sed -nE '1s/^v?([0-9]+)\.([0-9]+).*/\1 \2/p')"
  case "$v" in '' | *[!0-9\ ]*) echo "0 0" ;; *) echo "$v" ;; esac
}

# Whether a command's version is at least major.minor.
_sw_at_least() {
  local major minor
  read -r major minor <<<"$(_sw_version "$1")"
  [ "$major" -gt "$2" ] || { [ "$major" -eq "$2" ] && [ "$minor" -ge "$3" ]; }
}

if [ -x "$_sw_tools/node/node_modules/node/bin/node" ]; then
  export PATH="$_sw_tools/node/node_modules/node/bin:$PATH"
fi
if ! _sw_at_least node "$_sw_node_major" "$_sw_node_minor"; then
  echo "provision: installing node@$_sw_node_major into .tools/node (found $(node -v 2>/dev/null || echo none), need >= $_sw_node_major.$_sw_node_minor)" >&2
  npm install --prefix "$_sw_tools/node" --no-audit --no-fund --loglevel=error "node@$_sw_node_major" >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_sw_tools/node/node_modules/node/bin:$PATH"
  _sw_at_least node "$_sw_node_major" "$_sw_node_minor" || { echo "provision: node@$_sw_node_major gave $(node -v), still below $_sw_node_major.$_sw_node_minor" >&2; return 1 2>/dev/null || exit 1; }
fi

if [ -x "$_sw_tools/pnpm/node_modules/.bin/pnpm" ]; then
  export PATH="$_sw_tools/pnpm/node_modules/.bin:$PATH"
fi
if ! _sw_at_least pnpm 10 0; then
  echo "provision: installing pnpm@$_sw_pnpm_version into .tools/pnpm" >&2
  npm install --prefix "$_sw_tools/pnpm" --no-audit --no-fund --loglevel=error "pnpm@$_sw_pnpm_version" >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_sw_tools/pnpm/node_modules/.bin:$PATH"
fi
echo "provision: node $(node -v), pnpm $(pnpm -v)" >&2
