#!/usr/bin/env bash
# The public API refuses, at compile time, what would put a value in a state that corrupts
# memory or reach past it (a resized image, a fabricated device image, a backend's own passes):
# each case below is a program a user might write against `import GPUOps`, and the
# compiler must reject it with the error named. A control program that uses the same API
# correctly must type-check, so a broken setup cannot pass for a refusal.
#
# Usage: scripts/check-api-misuse.sh [build folder]   (default: the debug build's; run after
# `swift build`, which `make test` does first). Type-checks against the built modules.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)}
maps=()
for map in Sources/C*/module.modulemap Sources/C*/include/module.modulemap "$bin"/*.build/module.modulemap \
           .build/checkouts/swift-system/Sources/CSystem/include/module.modulemap; do
    case "$map" in /*) ;; *) map="$PWD/$map" ;; esac
    [ -f "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

typecheck() { swiftc -typecheck -I "$bin/Modules" "${maps[@]}" "$1" 2>&1; }

cat > "$work/control.swift" <<'SWIFT'
import GPUOps
func control() throws -> HostImage {
    let image = try HostImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
    _ = image.pixels[0]
    _ = ImageContainer.host(image).width
    return image
}
SWIFT
if ! out=$(typecheck "$work/control.swift"); then
    echo "check-api-misuse: the control program does not type-check:"; echo "$out"; exit 1
fi

failures=0
refuse() {  # name, expected error text, body
    printf 'import GPUOps\nfunc misuse(_ image: inout HostImage, _ container: inout ImageContainer) throws {\n%s\n}\n' "$3" \
        > "$work/$1.swift"
    if out=$(typecheck "$work/$1.swift"); then
        echo "check-api-misuse: $1 compiles, but must be refused"; failures=$((failures + 1))
    elif ! grep -qF -- "$2" <<<"$out"; then
        echo "check-api-misuse: $1 is refused, but not with \"$2\":"; echo "$out" | grep error | head -3
        failures=$((failures + 1))
    fi
}
refuse width-assigned "cannot assign to property: 'width' is a 'let' constant" '    image.width = 8'
refuse height-assigned "cannot assign to property: 'height' is a 'let' constant" '    image.height = 3000'
refuse pixels-replaced "setter is inaccessible" '    image.pixels = []'
refuse pixel-written "setter is inaccessible" '    image.pixels[0] = 1'
refuse frames-replaced "setter is inaccessible" '    container.frames = []'
refuse unchecked-buffer "call can throw but is not marked with 'try'" '    image = HostImage(width: 2, height: 2, pixels: [])'
refuse device-image-made "initializer is inaccessible due to 'package' protection level" \
    '    _ = DeviceImage(width: 4000, height: 3000, isOpaque: true, backend: CPUBackend(), storage: CPUBackend())'
refuse backend-pass-called "inaccessible due to 'package' protection level" \
    '    _ = try CPUBackend().premultiply(container.pixels)'
[ "$failures" -eq 0 ] || exit 1
echo "check-api-misuse: 8 misuses refused by the compiler"
