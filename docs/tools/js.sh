#!/usr/bin/env bash
# docs/tools/js.sh OUT — the JavaScript/TypeScript reference: TypeDoc on the
# package's declarations (capi/js/index.d.ts) into the folder OUT.
#
# The toolchain is its own npm project, docs/tools/js/ (typedoc and
# typescript pinned in its package-lock.json), so that the published
# package's dependencies stay its own. It is installed with `npm ci
# --prefer-offline`: from npm's cache ($npm_config_cache, else ~/.npm)
# without asking the registry when the cache has the pinned versions, and
# only when the lock file changed since the last install.
#
# The build fails (exit status non-zero, the warnings printed) on any
# TypeDoc warning: an exported name without a comment, a {@link} that
# resolves to nothing, a name the declarations use but do not export
# (docs/tools/js/typedoc.json). Exit status: 0 built; 2 usage or no npm;
# 3 the install failed (npm's output says why: offline with an empty
# cache, ...); TypeDoc's own status (non-zero) when the build failed.
set -euo pipefail

if [[ $# -ne 1 || -z $1 ]]; then
  echo "usage: docs/tools/js.sh OUT" >&2
  exit 2
fi
for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "docs/tools/js.sh: $tool is not installed (Node 18 or later, with npm)" >&2
    exit 2
  fi
done

mkdir -p -- "$1"
out=$(cd -- "$1" && pwd)
tools=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/js" && pwd)
cd "$tools"

# One install at a time (two test runs may share this tree); the stamp is
# the lock file the installed node_modules was made from.
stamp=node_modules/.sternhalma-installed-lock
install() {
  if [[ -f $stamp ]] && cmp -s package-lock.json "$stamp"; then return 0; fi
  echo "docs/tools/js.sh: npm ci in $tools (typedoc and typescript as package-lock.json pins them)" >&2
  if ! npm ci --prefer-offline --no-audit --no-fund --loglevel=error >&2; then
    echo "docs/tools/js.sh: npm ci failed in $tools (offline with an empty npm cache? see npm's message above)" >&2
    return 3
  fi
  cp package-lock.json "$stamp"
}
if command -v flock >/dev/null; then
  exec 9>"$tools/.install.lock"
  flock 9
fi
install || exit $?
if command -v flock >/dev/null; then flock -u 9; fi

exec node node_modules/typedoc/bin/typedoc --options typedoc.json --out "$out"
