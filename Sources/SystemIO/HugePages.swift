#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a large buffer that nothing has touched yet with transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`), so that filling it takes one page fault per 2 MiB instead of one
/// per 4 KiB.
///
/// A 12-megapixel photograph decodes into 48 MB of RGBA. glibc gives a block that large a
/// mapping of its own and unmaps it when it is freed, so every decode faulted its 11,000-odd
/// pages in afresh: a quarter of the CPU time of the srcset job on a batch of such photographs
/// went to the kernel's page faults (docs/BENCHMARKS.md). Only blocks of `threshold` bytes or
/// more are advised: glibc maps those on their own whatever its current threshold, so the
/// advice ends with the mapping, unless its heap already has that much free in one piece (a
/// heap other work has grown that large), where the advice stays with that part of the heap.
/// Smaller blocks always come from the heap, which is reused and would only be split into ever
/// more kernel mappings by advice that outlives the block.
package enum HugePages {
    /// The transparent huge page size of x86-64 and of aarch64 with 4 KiB pages.
    static let pageSize = 2 << 20
    /// glibc's largest mmap threshold on 64-bit systems (`DEFAULT_MMAP_THRESHOLD_MAX`).
    package static let threshold = 32 << 20

    /// Advises huge pages for the whole 2 MiB pages inside `buffer`, when it is `threshold`
    /// bytes or more. Returns whether the kernel took the advice; a refusal (no transparent
    /// huge pages in this kernel, another C library) changes nothing else.
    @discardableResult
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        #if canImport(Glibc)
        guard buffer.count >= threshold, let base = buffer.baseAddress else { return false }
        let first = (Int(bitPattern: base) + pageSize - 1) & ~(pageSize - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(pageSize - 1)
        guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return false }
        return madvise(start, end - first, MADV_HUGEPAGE) == 0
        #else
        return false
        #endif
    }
}
