// An allocator hook for FuzzDeterminism (include/CHeapFill.h). The sanitizer runtime calls
// the hook after every allocation, with the block and its size; the pattern is read from one
// global, so switching it between two decodes needs no re-installation.
#include "CHeapFill.h"
#include <string.h>
#include <stddef.h>

int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));

static volatile int fill_pattern = -1;
static int installed;

// ASan's calloc zeroes a block from its primary allocator after the hook has run, but not a
// block from its secondary one (fresh mmap pages, already zero), which the hook would have
// filled: blocks too large for the primary allocator are left alone. The fuzz inputs are
// small images, whose buffers fall below this.
enum { largest_filled_block = 64 * 1024 };

static void fill_new_block(const volatile void *block, size_t size) {
    int pattern = fill_pattern;
    if (pattern >= 0 && block != NULL && size <= largest_filled_block) memset((void *)block, pattern, size);
}

// The runtime refuses a hook pair with either one missing.
static void ignore_freed_block(const volatile void *block) { (void)block; }

int gg_heap_fill_start(uint8_t pattern) {
    if (!installed) {
        if (!__sanitizer_install_malloc_and_free_hooks(fill_new_block, ignore_freed_block)) return 0;
        installed = 1;
    }
    fill_pattern = pattern;
    return 1;
}

void gg_heap_fill_stop(void) { fill_pattern = -1; }
