import CJXL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes one libjxl decoder may hold at once: its `JxlMemoryManager`. A codestream can
/// declare frames, layers and extra channels far larger than its file, and libjxl allocates
/// for them as it goes; past `limit` an allocation fails, which libjxl reports as an error.
/// One decoder runs on one thread (no parallel runner), so the count needs no lock.
final class JXLAllocationBudget {
    /// What reading a header or a profile may use: libjxl needs a few MiB for that.
    static let headerLimit = 64 << 20
    /// Bytes before each block, recording its size (16 keeps malloc's alignment).
    private static let prefix = 16

    var limit: Int
    private(set) var inUse = 0
    /// Whether an allocation was refused (the decode then fails for memory, not damage).
    private(set) var refused = false

    init(limit: Int) { self.limit = limit }

    /// The manager handed to `JxlDecoderCreate`; valid while `self` lives.
    var memoryManager: JxlMemoryManager {
        JxlMemoryManager(opaque: Unmanaged.passUnretained(self).toOpaque(), alloc: { opaque, size in
            let budget = Unmanaged<JXLAllocationBudget>.fromOpaque(opaque!).takeUnretainedValue()
            return budget.allocate(size)
        }, free: { opaque, address in
            let budget = Unmanaged<JXLAllocationBudget>.fromOpaque(opaque!).takeUnretainedValue()
            budget.release(address)
        })
    }

    private func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        guard size <= limit - inUse - Self.prefix, let block = malloc(size + Self.prefix) else {
            refused = true
            return nil
        }
        block.storeBytes(of: size, as: Int.self)
        inUse += size + Self.prefix
        return block + Self.prefix
    }

    private func release(_ address: UnsafeMutableRawPointer?) {
        guard let address else { return }
        let block = address - Self.prefix
        inUse -= block.load(as: Int.self) + Self.prefix
        free(block)
    }
}
