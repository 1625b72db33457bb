#include "CResampleSIMD.h"

int gg_cpu_has_avx2(void) {
#if defined(__x86_64__)
    /* Checks CPUID and that the OS saves the YMM registers (XGETBV), through libgcc or
     * compiler-rt's CPU model (initialised before main; `__builtin_cpu_init` makes sure). */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}
