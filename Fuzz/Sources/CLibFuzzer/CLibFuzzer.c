// The declaration in include/CLibFuzzer.h is all this target is; libFuzzer itself is the
// toolchain's libclang_rt.fuzzer, which -sanitize=fuzzer links.
#include "CLibFuzzer.h"
