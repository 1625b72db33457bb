#!/bin/sh
# Installs the Debian packages gpuglitch builds and runs with, once. Idempotent and quiet when
# everything is already there. Needs root only when something is missing.
set -eu
PACKAGES="pkg-config libpng-dev libturbojpeg0-dev libjpeg62-turbo-dev libdeflate-dev libwebp-dev libgif-dev libtiff-dev libavif-dev libjxl-dev libheif-dev libde265-dev liblcms2-dev ocl-icd-opencl-dev opencl-headers pocl-opencl-icd"
# For the tests only: the end-to-end durability test traces the binary's fsync order with strace.
PACKAGES="$PACKAGES strace"
# For `make test` only: scripts/doc-snippets.py checks that the docs' compiled code is current.
PACKAGES="$PACKAGES python3"
missing=""
for p in $PACKAGES; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "gpuglitch needs these Debian packages:$missing" >&2
    echo "run as root (or: sudo apt-get install$missing)" >&2
    exit 1
fi
echo "installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
