#!/bin/bash
# Runs the gpuglitch packed by scripts/gpu/pack.sh on a lent GPU machine with the NVIDIA OpenCL driver as the only
# ICD. GPUGLITCH_ICD=system keeps the machine's own ICD files instead (to test the launcher
# on a machine with POCL).
# The packed folder: GPUGLITCH_PACK, else .gpu in the current directory (the repository root).
here=$(cd "${GPUGLITCH_PACK:-.gpu}" && pwd) || { echo "run.sh: no packed folder (scripts/gpu/pack.sh)" >&2; exit 127; }
unpacked=${TMPDIR:-/tmp}/gpuglitch-packed
bin=$unpacked/gpuglitch
# Unpacked again whenever the pack differs from the one unpacked (by checksum: another pack
# folder's binary, unpacked later, would be newer by date and still the wrong one).
packed=$(cksum <"$here/gpuglitch.gz")
if [[ ! -x $bin || $(cat "$unpacked/packed" 2>/dev/null) != "$packed" ]]; then
    rm -rf "$unpacked" && mkdir -p "$unpacked"
    gunzip -c "$here/gpuglitch.gz" >"$bin" && chmod +x "$bin"
    tar -C "$unpacked" -xzf "$here/lib.tar.gz"
    echo "$packed" >"$unpacked/packed"
fi
if [[ ${GPUGLITCH_ICD:-nvidia} != system ]]; then
    nv=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl\.so\.1/ {print $NF; exit}')
    [[ -n $nv ]] || nv=$(find / -xdev -name 'libnvidia-opencl.so.1*' 2>/dev/null | head -1)
    if [[ -z $nv ]]; then
        echo "run.sh: no libnvidia-opencl.so.1 on this machine" >&2
        ldconfig -p 2>/dev/null | grep -i nvidia >&2
        ls /usr/local/nvidia/lib64 >&2 2>/dev/null
    fi
    mkdir -p "$unpacked/icd" && echo "$nv" >"$unpacked/icd/nvidia.icd"
    export OCL_ICD_VENDORS=$unpacked/icd
fi
# The packed loader and libraries, whatever the machine's own glibc; the NVIDIA driver's
# library (dlopened by the ICD loader) resolves its C library dependencies here too, which
# works as long as ours is at least as new as the one it was built for.
exec "$unpacked/lib/ld-linux-x86-64.so.2" --library-path "$unpacked/lib" "$bin" "$@"
