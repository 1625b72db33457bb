#!/bin/bash
# Runs the packed gpuglitch on a lent GPU machine with the NVIDIA OpenCL driver as the only
# ICD. GPUGLITCH_ICD=system keeps the machine's own ICD files instead (to test the launcher
# on a machine with POCL).
here=$(cd "$(dirname "$0")" && pwd)
bin=${TMPDIR:-/tmp}/gpuglitch-packed/gpuglitch
if [[ ! -x $bin || $here/gpuglitch.gz -nt $bin ]]; then
    mkdir -p "$(dirname "$bin")" && gunzip -c "$here/gpuglitch.gz" >"$bin" && chmod +x "$bin"
fi
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [[ ${GPUGLITCH_ICD:-nvidia} != system ]]; then
    nv=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl\.so\.1/ {print $NF; exit}')
    [[ -n $nv ]] || nv=$(find / -xdev -name 'libnvidia-opencl.so.1*' 2>/dev/null | head -1)
    if [[ -z $nv ]]; then
        echo "run.sh: no libnvidia-opencl.so.1 on this machine" >&2
        ldconfig -p 2>/dev/null | grep -i nvidia >&2
        ls /usr/local/nvidia/lib64 >&2 2>/dev/null
    fi
    mkdir -p "$(dirname "$bin")/icd" && echo "$nv" >"$(dirname "$bin")/icd/nvidia.icd"
    export OCL_ICD_VENDORS=$(dirname "$bin")/icd
fi
exec "$bin" "$@"
