#!/usr/bin/env bash
# Builds the package with ThreadSanitizer and runs the stress suites under it.
#
#   Stress/tsan.sh            # NAVSTRESS_SCALE=1, the suites' own seed
#   NAVSTRESS_SEED=7 Stress/tsan.sh
#
# Exit code: 1 if the output mentions "ThreadSanitizer" (a race or another TSan report), else
# the exit code of `swift test`. Sized to finish in under 15 minutes on 2 cores: the stress
# suites at scale 1 (about 1,800 requests per scenario and policy). The build goes to its own
# directory (.build-tsan) so it does not invalidate the normal build.
set -u
cd "$(dirname "$0")/.."

log="$(mktemp "${TMPDIR:-/tmp}/navstress-tsan.XXXXXX")"
trap 'rm -f "$log"' EXIT

export NAVSTRESS_SCALE="${NAVSTRESS_SCALE:-1}"
# halt_on_error=0: report every race, not just the first; the log is searched below.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1}"

# -DNAVIGATION_TSAN: shared state is locked with NSLock (a pthread mutex, which TSan models)
# instead of Synchronization.Mutex, whose ordering TSan on Linux does not see (see
# Sources/NavigationRuntime/Support/Locked.swift).
swift test --sanitize=thread --scratch-path .build-tsan -Xswiftc -DNAVIGATION_TSAN --filter StressTests 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

if grep -q "ThreadSanitizer" "$log"; then
    echo "tsan.sh: ThreadSanitizer reported $(grep -c 'WARNING: ThreadSanitizer' "$log") warning(s)" >&2
    exit 1
fi
echo "tsan.sh: no sanitizer report (swift test exited $status)" >&2
exit "$status"
