#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import SystemIO
import Testing

/// `HugePages.advise` marks the 2 MiB-aligned inside of a large block for huge pages (the
/// kernel's `VmFlags` of the mapping say `hg`), and leaves smaller blocks alone.
@Suite("Huge pages for large pixel buffers")
struct HugePagesTests {
    /// The `VmFlags` of the mapping that holds `address`, from /proc/self/smaps.
    static func flags(at address: UnsafeRawPointer) throws -> [Substring] {
        // Read to the end: procfs files report a size of 0, and a sized read stops short.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: Int(bitPattern: address))
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (low..<high).contains(target)
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return []
    }

    /// Whether this kernel has transparent huge pages at all.
    static let kernelHasTHP = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")

    @Test("a block of the threshold or more: its aligned inside is advised", .enabled(if: kernelHasTHP))
    func large() throws {
        let count = HugePages.threshold + 3 * 4096
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        defer { block.deallocate() }
        #expect(HugePages.advise(block))
        // A byte a few MiB in lies in a whole 2 MiB page inside the block.
        let inner = try Self.flags(at: block.baseAddress! + 8 << 20)
        #expect(inner.contains("hg"), "VmFlags \(inner)")
    }

    @Test("a block under the threshold is not advised")
    func small() throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: HugePages.threshold - 1, alignment: 64)
        defer { block.deallocate() }
        // glibc may carve even a block this large out of its heap, whose other parts an
        // earlier large block may have advised: what is checked is that this call changed
        // nothing, not the flags the heap already had.
        let before = try Self.flags(at: block.baseAddress! + 8 << 20)
        #expect(!HugePages.advise(block))
        let after = try Self.flags(at: block.baseAddress! + 8 << 20)
        #expect(after.contains("hg") == before.contains("hg"), "VmFlags \(before) before, \(after) after")
    }
}
