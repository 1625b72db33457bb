#ifndef CHEAPFILL_H
#define CHEAPFILL_H

#include <stdint.h>

/// Fills every block of up to 64 KiB the allocator hands out from now on with `pattern` (through the
/// sanitizer runtime's malloc hook, so under ASan as well as without it), until
/// `gg_heap_fill_stop`. A decoder that reads or passes on a byte it never wrote then gives a
/// result that depends on the pattern: decoding the same input under two patterns and
/// comparing finds it. `calloc` still zeroes (the runtime zeroes after the hook).
/// Returns 0 when the runtime has no room for another hook.
int gg_heap_fill_start(uint8_t pattern);
void gg_heap_fill_stop(void);

#endif
