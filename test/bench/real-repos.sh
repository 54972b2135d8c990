#!/usr/bin/env bash
# The resolved share on real repositories (issue 23), beside `npm run bench`: for each repository of
# real-repos.tsv, errors after a bare SDK upgrade (B), after the run (R), TODO lines (T), unmarked errors, in
# the type-aware mode and with --no-types. The measuring harness and the fetched snapshots are a developer's,
# not the repository's: name them.
#
#   E2E=<repos-e2e/e2e.sh> MIRROR=<folder of owner+name/repo snapshots> ROOT=<scratch folder> npm run bench:repos
#
# Installs take several GB and about an hour per mode on two cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${E2E:?E2E: the path of the repos-e2e harness (e2e.sh)}" "${MIRROR:?MIRROR: the folder holding owner+name/repo snapshots}" "${ROOT:?ROOT: a scratch folder outside the repository}"
cli="$here/../../dist/src/cli/main.js"
[[ -f $cli ]] || { echo "build first: npm run build" >&2; exit 2; }
mkdir -p "$ROOT"
# The harness runs `node $CLI run|check ...` with no flags of its own: a wrapper adds --no-types for the second mode.
notypes="$ROOT/cli-no-types.cjs"
printf '%s\n' "const { spawnSync } = require('node:child_process');" \
  "const args = process.argv.slice(2);" \
  "if (args[0] === 'run' || args[0] === 'check') args.push('--no-types');" \
  "process.exit(spawnSync(process.execPath, [$(node -e 'console.log(JSON.stringify(process.argv[1]))' "$(readlink -f "$cli")"), ...args], { stdio: 'inherit' }).status ?? 1);" >"$notypes"
for mode in types no-types; do
  [[ $mode == types ]] && use=$cli || use=$notypes
  echo "== $mode"
  MIRROR=$MIRROR ROOT="$ROOT/$mode" CLI=$use bash "$E2E" "$here/real-repos.tsv" | tail -n 3
done
