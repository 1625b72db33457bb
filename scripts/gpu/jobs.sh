# The jobs of the GPU check (sourced by check.sh, which runs them there on the GPU and the CPU,
# and compare.sh, which runs them here and compares): each job's name and its `process` flags.
GPU_CHECK_JOBS="glitch no-glitch srcset flatten"
gpu_check_flags() {
    case $1 in
        glitch) echo "" ;;
        no-glitch) echo "--no-glitch" ;;
        srcset) echo "--no-glitch --size 1024,512,256 --fit contain" ;;
        # A translucent pad, then the flatten kernel over it (samples/ has no transparent image).
        flatten) echo "--no-glitch --size 600x300 --fit pad --background #3c8dbc80 --flatten --format png" ;;
    esac
}
