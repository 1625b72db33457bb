#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte buffer that touches an inaccessible page on one side, so a kernel reading one byte
/// past the end (or before the start) of its input crashes the test instead of silently
/// reading a neighbour's memory.
final class GuardedBytes {
    enum Side { case start, end }

    /// The buffer's first byte, valid while this object lives (hold it with
    /// `withExtendedLifetime` around the code that reads through the pointer).
    let pointer: UnsafeMutablePointer<UInt8>
    let count: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int

    /// A copy of `bytes` with an inaccessible page right after its last byte (`.end`) or right
    /// before its first (`.start`).
    init(_ bytes: [UInt8], guardedAt side: Side) {
        precondition(!bytes.isEmpty)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = (bytes.count + page - 1) / page
        mappingSize = (dataPages + 1) * page
        guard let m = mmap(nil, mappingSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              m != MAP_FAILED else { fatalError("mmap of \(mappingSize) bytes failed") }
        mapping = m
        count = bytes.count
        switch side {
        case .end:
            let guardPage = m + dataPages * page
            precondition(mprotect(guardPage, page, PROT_NONE) == 0, "mprotect failed")
            pointer = (guardPage - bytes.count).assumingMemoryBound(to: UInt8.self)
        case .start:
            precondition(mprotect(m, page, PROT_NONE) == 0, "mprotect failed")
            pointer = (m + page).assumingMemoryBound(to: UInt8.self)
        }
        bytes.withUnsafeBufferPointer { pointer.update(from: $0.baseAddress!, count: bytes.count) }
    }

    deinit { munmap(mapping, mappingSize) }
}
