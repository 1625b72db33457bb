#!/usr/bin/env bash
# The size of the public API that `import GPUOps` brings in (issue 32: at most 60 % of 1,242).
#
# Usage: scripts/count-public-symbols.sh [--from DIR] [--limit N]
#   (no option)  builds the symbol graphs (`swift package dump-symbol-graph
#                --minimum-access-level public`, which writes them to
#                .build/<triple>/symbolgraph/) and prints the count per module and the total.
#   --from DIR   counts the graphs already in DIR instead of building them.
#   --limit N    exits 1 when the total is above N (for CI: --limit 745).
#
# The method (it reproduces the issue's figures module by module):
# - Modules: GPUOps and every module its Exports.swift re-exports (OperationChain, ImageCodecs,
#   ImageMaths, ComputeCore, ComputeDevices, ImageEffects, SystemIO), the two backend modules
#   whose types ComputeDevices re-exports (CPUCompute, OpenCLCompute). The batch library
#   (BatchPlanning in the issue's count) now lives in GPUOps (Sources/GPUOps/Batch), so GPUOps'
#   count includes it. Every public symbol of a module counts, whether
#   the façade re-exports it whole or one declaration at a time: a user reaches it either way
#   through the module's own product or a re-export, and the count must not fall just because an
#   export list got shorter.
# - Per module, the symbols of `<Module>.symbols.json` whose `accessLevel` is `public` or `open`:
#   types, members, enum cases, initialisers, and the members the compiler synthesises for a
#   public type (`==`, `!=`, `hash(into:)`, Codable's `init(from:)`...). Symbols of a module's
#   extensions to other modules' types (`ComputeCore@Swift.symbols.json`: `KernelParameter` on
#   `Int32`, `UInt32`, `Float`) are not counted.
# - On the code the issue was written against (commit 65c9ade) this gives GPUOps 233,
#   ImageMaths 185, ImageCodecs 160, BatchPlanning 155, ComputeCore 140, ComputeDevices 111 and
#   OpenCLCompute 106, as the issue says, and OperationChain 72, ImageEffects 66, CPUCompute 20,
#   SystemIO 9: 1,257 in all. The issue's 1,242 is 15 fewer; the listed modules match exactly,
#   so the difference lies in the four it did not list (1,257 less CPUCompute's 20 plus the
#   5 symbols of the embedded-kernels module `Kernels` is 1,242: probably a different module
#   list). The goal, 60 % of the issue's figure, is 745.
set -euo pipefail
cd "$(dirname "$0")/.."

folder=""
limit=""
while [ $# -gt 0 ]; do
    case "$1" in
        --from) folder="$2"; shift 2 ;;
        --limit) limit="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

if [ -z "$folder" ]; then
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    if ! swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    folder=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
    [ -n "$folder" ] || { cat "$log" >&2; echo "no symbol graph folder in the output above" >&2; exit 1; }
fi

python3 - "$folder" "$limit" <<'PY'
import json, os, sys

folder, limit = sys.argv[1], sys.argv[2]
modules = ["GPUOps", "OperationChain", "ImageCodecs", "ImageMaths", "ComputeCore", "ComputeDevices",
           "ImageEffects", "SystemIO", "CPUCompute", "OpenCLCompute"]
total = 0
for entry in modules:
    names = entry if isinstance(entry, tuple) else (entry,)
    found = [n for n in names if os.path.exists(os.path.join(folder, n + ".symbols.json"))]
    if not found:
        sys.exit(f"no symbol graph for {' or '.join(names)} in {folder}")
    for name in found:
        with open(os.path.join(folder, name + ".symbols.json")) as f:
            symbols = json.load(f)["symbols"]
        count = sum(1 for s in symbols if s.get("accessLevel") in ("public", "open"))
        total += count
        print(f"{name:16} {count:5}")
print(f"{'total':16} {total:5}")
if limit and total > int(limit):
    sys.exit(f"{total} public symbols, above the limit of {limit}")
PY
