#!/bin/sh
# Builds and runs Examples/ChainOnly, a client package that depends on the OperationChain
# product alone, and checks that its binary links none of the image or OpenCL libraries:
# the chain layer really stands on Foundation only.
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO/Examples/ChainOnly"
swift build --scratch-path "$REPO/.build-chain-only" 2>&1 | tail -1
BIN="$REPO/.build-chain-only/debug/ChainOnly"
out=$("$BIN")
echo "$out"
echo "$out" | grep -qx "result: 144" || { echo "check-chain-only: unexpected output" >&2; exit 1; }
echo "$out" | grep -q "^failed as expected: .*ParseOperation" || { echo "check-chain-only: the error does not name ParseOperation" >&2; exit 1; }
if ldd "$BIN" | grep -Ei 'libpng|turbojpeg|libjpeg|libOpenCL|libdeflate'; then
    echo "check-chain-only: a client of OperationChain links image or OpenCL libraries" >&2
    exit 1
fi
echo "check-chain-only: ok (no libpng, libturbojpeg, libdeflate or libOpenCL linked)"
