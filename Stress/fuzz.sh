#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of what a user hands the runtime and its tools.
#
#   Stress/fuzz.sh                 # every target, 600 s each
#   Stress/fuzz.sh 180             # every target, 180 s each
#   Stress/fuzz.sh 60 steps restore  # some targets
#
# Targets (Stress/Fuzz/*.swift, each exporting LLVMFuzzerTestOneInput):
#   storyboard  StoryboardLoader.load(data:) -> StoryboardBundle -> catalog(bundle:) -> the
#               initial scene instantiated into a Window, snapshotted and encoded
#   steps       a `drive` steps file: DriveStep parsing and StoryboardDriver.run on the nRF Mesh app
#   recording   JournalRecording.read and check() (what `navstress replay FILE` does)
#   restore     Application.restore(json:catalog:), and the restored window's snapshot restored again
#   deeplink    DeepLinkRouter routes and a URL opened with Application.open(url:)
#
# How: the library modules are built once with `swift build --scratch-path .build-fuzz -c release
# -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address` (the normal .build is untouched;
# -enable-testing for the `steps` target's `@testable import NavStressKit`), then each target is
# compiled with swiftc against those modules and linked with their objects. Seeds: the fixture
# storyboards (../shared/fixtures, those up to 64 KiB) for `storyboard`; the other targets write
# their own (FUZZ_WRITE_SEEDS=DIR: steps flows of the Mesh app, `navstress run --record`
# recordings, snapshots of live trees, deep links) so that seeds follow the current formats. The
# dictionaries (Stress/Fuzz/TARGET.dict) name the tokens a target's parser looks for. The
# corpus each run grows is kept in .build-fuzz/corpus/TARGET and reused by the next run.
#
# Prints, per target: executions per second, libFuzzer's final coverage (`cov:` edges and `ft:`
# features), corpus size, and the crashes, timeouts (an input running longer than
# FUZZ_TIMEOUT seconds, default 30) and out-of-memory inputs (over 2 GiB) found, with their
# files (.build-fuzz/artifacts/RUN/TARGET/). Leak detection is off by default (ASAN_OPTIONS
# detect_leaks=0; set ASAN_OPTIONS=detect_leaks=1 to have libFuzzer report an input that leaks:
# that is how the catalog cycle fixed with this script was found, on one input at a time). Exit code: 0 when every target ran clean, 1 on any crash, timeout or
# out-of-memory input, 2 when the build fails. Reproduce a finding with
# `.build-fuzz/fuzz/TARGET FILE`. CI does not run this (it needs minutes per target).
set -u
cd "$(dirname "$0")/.."
root="$(pwd)"

seconds="${1:-600}"
[ $# -gt 0 ] && shift
# (0 would be libFuzzer's "no time limit".)
case "$seconds" in '' | *[!0-9]* | 0) echo "fuzz.sh: SECONDS must be a whole number of seconds above 0, not '$seconds'" >&2; exit 2 ;; esac
all_targets=(storyboard steps recording restore deeplink)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
timeout="${FUZZ_TIMEOUT:-30}"

for target in "${targets[@]}"; do
    case " ${all_targets[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target' (targets: ${all_targets[*]})" >&2; exit 2 ;; esac
done

scratch="$root/.build-fuzz"
build_flags=(--scratch-path "$scratch" -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address)

echo "fuzz.sh: building the modules (swift build ${build_flags[*]} --target NavStressKit)" >&2
swift build "${build_flags[@]}" --target NavStressKit >&2 || { echo "fuzz.sh: the build failed" >&2; exit 2; }
bin="$(swift build "${build_flags[@]}" --show-bin-path)"
objects=("$bin"/NavigationRuntime.build/*.o "$bin"/NavigationRuntimeTesting.build/*.o "$bin"/NavStressKit.build/*.o)

sources_of() {
    local fuzz="$root/Stress/Fuzz"
    case "$1" in
        storyboard) echo "$fuzz/FuzzSupport.swift $fuzz/StoryboardFuzz.swift" ;;
        steps) echo "$fuzz/FuzzSupport.swift $fuzz/DriveStepsFuzz.swift" ;;
        recording) echo "$fuzz/FuzzSupport.swift $fuzz/RecordingFuzz.swift" ;;
        restore) echo "$fuzz/FuzzSupport.swift $fuzz/FuzzScenes.swift $fuzz/RestoreFuzz.swift" ;;
        deeplink) echo "$fuzz/FuzzSupport.swift $fuzz/FuzzScenes.swift $fuzz/DeepLinkFuzz.swift" ;;
        *) return 1 ;;
    esac
}

max_len_of() {
    case "$1" in
        storyboard) echo 65536 ;;
        steps) echo 4096 ;;
        recording) echo 65536 ;;
        restore) echo 16384 ;;
        deeplink) echo 2048 ;;
    esac
}

mkdir -p "$scratch/fuzz"
for target in "${targets[@]}"; do
    sources="$(sources_of "$target")" || { echo "fuzz.sh: unknown target '$target' (targets: ${all_targets[*]})" >&2; exit 2; }
    echo "fuzz.sh: linking $target" >&2
    # The output is shown only on failure: gold warns about every ASan helper symbol it
    # cannot export ("Cannot export local symbol '__asan_check_...'"), which is harmless.
    # shellcheck disable=SC2086 # the sources are a word list
    # The C module maps the library imports (CSwiftRuntime) are found by their folder.
    if ! swiftc -O -parse-as-library -swift-version 6 -warnings-as-errors -sanitize=fuzzer,address \
        -module-name "Fuzz_$target" -I "$bin/Modules" -I "$root/Sources/CSwiftRuntime" $sources "${objects[@]}" \
        -o "$scratch/fuzz/$target" \
        > "$scratch/fuzz/$target.link.log" 2>&1; then
        grep -v "Cannot export local symbol" "$scratch/fuzz/$target.link.log" >&2
        echo "fuzz.sh: $target did not build" >&2
        exit 2
    fi
done

run="$(date +%Y%m%d-%H%M%S)"
export FUZZ_PACKAGE_ROOT="$root"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
summary=()
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    seeds="$scratch/seeds/$target"
    artifacts="$scratch/artifacts/$run/$target"
    log="$scratch/logs/$run-$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    rm -rf "$seeds"
    mkdir -p "$seeds"
    if [ "$target" = storyboard ]; then
        find "$root/../shared/fixtures" -name '*.storyboard' -size -65k -exec cp {} "$seeds/" \;
    else
        FUZZ_WRITE_SEEDS="$seeds" "$scratch/fuzz/$target" > /dev/null 2>&1 \
            || echo "fuzz.sh: $target could not write its seeds" >&2
    fi
    echo "fuzz.sh: fuzzing $target for $seconds s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in the corpus; log $log)" >&2
    dict=()
    [ -f "$root/Stress/Fuzz/$target.dict" ] && dict=(-dict="$root/Stress/Fuzz/$target.dict")
    "$scratch/fuzz/$target" "$corpus" "$seeds" "${dict[@]}" \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len="$(max_len_of "$target")" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 > "$log" 2>&1
    code=$?
    cov="$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 | sed -E 's/.*(cov: [0-9]+ ft: [0-9]+).*/\1/')"
    corp="$(grep -E '^#[0-9]+.*corp: ' "$log" | tail -1 | sed -E 's/.*corp: ([0-9]+)\/.*/\1/')"
    execs="$(grep -E '^stat::average_exec_per_sec:' "$log" | tail -1 | awk '{print $2}')"
    units="$(grep -E '^stat::number_of_executed_units:' "$log" | tail -1 | awk '{print $2}')"
    crashes=$(find "$artifacts" -name 'crash-*' | wc -l)
    timeouts=$(find "$artifacts" -name 'timeout-*' | wc -l)
    ooms=$(find "$artifacts" -name 'oom-*' | wc -l)
    others=$(find "$artifacts" -type f ! -name 'crash-*' ! -name 'timeout-*' ! -name 'oom-*' | wc -l)
    line="$target: ${execs:-?} exec/s, ${units:-?} runs in $seconds s, ${cov:-cov: ?}, corpus ${corp:-?}, crashes $crashes, timeouts $timeouts, out-of-memory $ooms"
    if [ $((crashes + timeouts + ooms + others)) -gt 0 ] || [ "$code" -ne 0 ]; then
        status=1
        line+=" (libFuzzer exited $code; inputs: $(find "$artifacts" -type f | tr '\n' ' '))"
    fi
    summary+=("$line")
    echo "fuzz.sh: $line" >&2
done

echo "fuzz.sh summary ($run):"
for line in "${summary[@]}"; do echo "  $line"; done
exit "$status"
