#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for a program with a `main` of its own (libclang_rt.fuzzer, linked by
/// -sanitize=fuzzer): parses libFuzzer's flags from argc/argv and runs `callback` on each
/// input. SwiftPM links an executable target's `<Target>_main` as `main`, so the fuzz targets
/// define that and call this, rather than relying on libFuzzer's own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
