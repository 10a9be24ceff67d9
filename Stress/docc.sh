#!/usr/bin/env bash
# Builds the DocC documentation of NavigationRuntime and of NavigationRuntimeTesting with the
# toolchain's `docc`, from the symbol graphs of the libraries, and fails on any DocC warning
# (broken symbol links, ambiguous overloads, unresolved articles, undocumented parameters). Each
# module is its own archive, so NavigationRuntimeTesting names NavigationRuntime's symbols in
# plain code voice, not as links. CI need not run it.
#
#   Stress/docc.sh            # writes .build-docc/NavigationRuntime.doccarchive and
#                             # .build-docc/NavigationRuntimeTesting.doccarchive
#
# It builds into its own scratch path (.build-docc) so that it never invalidates `swift build`'s.
# DOCC overrides the docc executable (default: the one next to `swift` on PATH, else /opt/swift).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docc

docc="${DOCC:-}"
if [[ -z "$docc" ]]; then
    swift_path="$(command -v swift || true)"
    if [[ -n "$swift_path" && -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]]; then
        docc="$(dirname "$(readlink -f "$swift_path")")/docc"
    else
        docc=/opt/swift/usr/bin/docc
    fi
fi

# document MODULE: builds MODULE's symbol graphs and converts its catalog; counts the warnings.
failures=0
document() {
    local module=$1
    local graphs="$scratch/symbol-graphs/$module"
    local archive="$scratch/$module.doccarchive"
    local catalog="Sources/$module/$module.docc"
    local log="$scratch/docc-$module.log"

    build_graphs() {
        swift build --scratch-path "$scratch" --target "$module" \
            -Xswiftc -emit-symbol-graph \
            -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
    }

    # The compiler writes the graphs only when it compiles the module: an up-to-date build
    # leaves the previous ones, which are then current. If they are gone, compile the module
    # again once (one of its sources touched; the other module's archive stays).
    rm -rf "$archive"
    mkdir -p "$graphs"
    echo "docc.sh: building $module's symbol graphs into $graphs" >&2
    build_graphs
    if [[ ! -s "$graphs/$module.symbols.json" ]]; then
        echo "docc.sh: no symbol graph of $module from an up-to-date build: compiling it again" >&2
        local sources=(Sources/"$module"/*.swift)
        touch "${sources[0]}"
        mkdir -p "$graphs"
        build_graphs
    fi
    if [[ ! -s "$graphs/$module.symbols.json" ]]; then
        echo "docc.sh: FAILED: the build wrote no $graphs/$module.symbols.json" >&2
        exit 1
    fi

    # Only the module's own graph (and its extension graphs): graphs of the modules it imports
    # (Foundation, Synchronization, NavigationRuntime, ...) would add their symbols to this archive.
    shopt -s nullglob
    for graph in "$graphs"/*.symbols.json; do
        case "$(basename "$graph")" in
            "$module.symbols.json"|"$module"@*.symbols.json) ;;
            *) rm -f "$graph" ;;
        esac
    done

    echo "docc.sh: $docc convert $catalog" >&2
    set +e
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.navigationruntime.$module" \
        --output-path "$archive" \
        --warnings-as-errors 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    set -e

    local warnings
    warnings=$(grep -c -E '(^|: )(warning|error):' "$log" || true)
    if [[ $status -ne 0 || $warnings -ne 0 ]]; then
        echo "docc.sh: FAILED: $module: $warnings warnings/errors, docc exit $status (log: $log)" >&2
        failures=$((failures + 1))
    else
        echo "docc.sh: $module: 0 warnings, 0 errors; archive at $archive"
    fi
}

document NavigationRuntime
document NavigationRuntimeTesting
[[ $failures -eq 0 ]] || exit 1
