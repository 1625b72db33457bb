# The jobs of the GPU check (sourced by check.sh, which runs them there on the GPU and the CPU,
# and compare.sh, which runs them here and compares): each job's name and its `process` flags.
GPU_CHECK_JOBS="glitch no-glitch srcset"
gpu_check_flags() {
    case $1 in
        glitch) echo "" ;;
        no-glitch) echo "--no-glitch" ;;
        srcset) echo "--no-glitch --size 1024,512,256 --fit contain" ;;
    esac
}
