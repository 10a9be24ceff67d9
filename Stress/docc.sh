#!/usr/bin/env bash
# Builds the NavigationRuntime DocC documentation with the toolchain's `docc`, from the symbol
# graphs of the library, and fails on any DocC warning (broken symbol links, ambiguous overloads,
# unresolved articles). CI need not run it.
#
#   Stress/docc.sh            # writes .build-docc/NavigationRuntime.doccarchive
#
# It builds into its own scratch path (.build-docc) so that it never invalidates `swift build`'s.
# DOCC overrides the docc executable (default: the one next to `swift` on PATH, else /opt/swift).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docc
graphs="$scratch/symbol-graphs"
archive="$scratch/NavigationRuntime.doccarchive"
catalog=Sources/NavigationRuntime/NavigationRuntime.docc

docc="${DOCC:-}"
if [[ -z "$docc" ]]; then
    swift_path="$(command -v swift || true)"
    if [[ -n "$swift_path" && -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]]; then
        docc="$(dirname "$(readlink -f "$swift_path")")/docc"
    else
        docc=/opt/swift/usr/bin/docc
    fi
fi

build_graphs() {
    swift build --scratch-path "$scratch" --target NavigationRuntime \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
}

# The compiler writes the graphs only when it compiles the module: an up-to-date build leaves
# the previous ones, which are then current. If they are gone, build from scratch once.
rm -rf "$archive"
mkdir -p "$graphs"
echo "docc.sh: building symbol graphs into $graphs" >&2
build_graphs
if [[ ! -s "$graphs/NavigationRuntime.symbols.json" ]]; then
    echo "docc.sh: no symbol graph from an up-to-date build: rebuilding $scratch" >&2
    rm -rf "$scratch"
    mkdir -p "$graphs"
    build_graphs
fi
if [[ ! -s "$graphs/NavigationRuntime.symbols.json" ]]; then
    echo "docc.sh: FAILED: the build wrote no $graphs/NavigationRuntime.symbols.json" >&2
    exit 1
fi

# Only the module's own graph (and its extension graphs): graphs of the modules it imports
# (Foundation, Synchronization, ...) would add their symbols as extensions to this archive.
shopt -s nullglob
for graph in "$graphs"/*.symbols.json; do
    case "$(basename "$graph")" in
        NavigationRuntime.symbols.json|NavigationRuntime@*.symbols.json) ;;
        *) rm -f "$graph" ;;
    esac
done

log="$scratch/docc.log"
echo "docc.sh: $docc convert $catalog" >&2
set +e
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name NavigationRuntime \
    --fallback-bundle-identifier org.navigationruntime.NavigationRuntime \
    --output-path "$archive" \
    --warnings-as-errors 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

warnings=$(grep -c -E '(^|: )(warning|error):' "$log" || true)
if [[ $status -ne 0 || $warnings -ne 0 ]]; then
    echo "docc.sh: FAILED: $warnings warnings/errors, docc exit $status (log: $log)" >&2
    exit 1
fi
echo "docc.sh: 0 warnings, 0 errors; archive at $archive"
