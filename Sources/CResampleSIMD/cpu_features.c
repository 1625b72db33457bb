#include "CResampleSIMD.h"

/* Both check CPUID and that the OS saves the vector registers (XGETBV), through libgcc or
 * compiler-rt's CPU model (initialised before main; `__builtin_cpu_init` makes sure). */

int gg_cpu_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

/* VBMI2 is not used: it stands for the CPU generations (Intel Ice Lake on, AMD Zen 4 on) whose
 * cores keep their clock under 512-bit multiplies. On Skylake-SP and Cascade Lake they slow
 * the whole core, the JPEG work beside the resampling too, and AVX2 is the better choice. */
int gg_cpu_has_avx512(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni") &&
           __builtin_cpu_supports("avx512vbmi2") ? 1 : 0;
#else
    return 0;
#endif
}
