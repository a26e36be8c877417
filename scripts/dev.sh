#!/usr/bin/env bash
# The README's two commands, for a fresh machine:
#   bash scripts/dev.sh start   sets up, then runs the main job (npm start)
#   bash scripts/dev.sh test    sets up, then runs the tests (npm test) in three time zones and prints "N passed, N failed"
# and, for the benchmark: bash scripts/dev.sh bench [scenario...]   sets up, then runs npm run bench on Node.js 24
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh

setup() {
	# Install from the lockfile, again only when it changed since the last install. Not `npm ci`:
	# the registry here lacks other platforms' optional bindings (napi packages), which npm ci
	# insists on finding in the lock; `npm install` keeps to the lock and skips them.
	if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		npm install --loglevel=error --no-audit --no-fund
	fi
}

case "${1:-}" in
	start)
		setup
		exec npm start
		;;
	test)
		setup
		mkdir -p .work
		status=0
		# The whole suite in three time zones of the machine: dates must not depend on where n8n runs.
		results=()
		for zone in UTC America/Los_Angeles Pacific/Kiritimati; do
			out=".work/jest-results-${zone//\//-}.json"
			echo "tests: TZ=$zone" >&2
			TZ="$zone" npm test -- --json --outputFile="$out" || status=$?
			results+=("$out")
		done
		node scripts/test-summary.js .work/jest-results.json "${results[@]}"
		exit "$status"
		;;
	bench)
		# the benchmark (README "Benchmark"), on Node.js 24 as n8n runs; scenario numbers may follow: bench 3
		setup
		shift
		exec npm run bench -- "$@"
		;;
	*)
		echo "usage: bash scripts/dev.sh start|test|bench [scenario...]" >&2
		exit 2
		;;
esac
