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

int gg_cpu_has_avx512(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni") ? 1 : 0;
#else
    return 0;
#endif
}
