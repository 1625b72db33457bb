import ComputeCore
import Foundation
import Synchronization

/// Buffers kept for reuse: device buffers (`CLBuffer`), and on devices with memory of their
/// own the pinned staging of transfers (`CLPinnedBuffer`). Allocating device memory costs more
/// than writing into memory already mapped, and every image needs several buffers, so buffers
/// outlive the images that used them (figures: docs/BENCHMARKS.md, "The OpenCL buffer pool").
///
/// Requests are served by size class (`capacity(for:)`: the size rounded up to a multiple of an
/// eighth of its power of two, at most 12.5% more), not by exact size: photos of a real batch
/// almost all differ in size, so with exact sizes every upload and every intermediate image
/// would miss the pool, and on POCL each miss maps fresh memory that page-faults on first use.
/// An idle buffer of the request's class is taken first, else the smallest idle one at most
/// 50% larger.
///
/// A buffer handed out is wrapped in a `PooledBuffer`, which gives it back when the last
/// reference goes (the `DeviceImage` holding it is dropped). Kernels still queued on it are
/// not a hazard: every user of the pool's buffers enqueues on the same in-order queue, so the
/// next user's commands run after them (a pinned buffer's host-side user waits for its last
/// transfer, `CLPinnedBuffer.waitForLastTransfer`). Idle buffers are bounded in count and
/// bytes; the oldest are released first.
final class OpenCLBufferPool<Buffer: OpenCLPoolableBuffer>: Sendable {
    /// Counts for tests and reports.
    struct Statistics: Equatable, Sendable {
        /// Buffers created with `clCreateBuffer`.
        var allocations = 0
        /// Requests served from idle buffers.
        var reuses = 0
        /// Buffers idle in the pool now, and their bytes.
        var idleBuffers = 0
        var idleBytes = 0
    }

    let context: CLContext
    let maxIdleBytes: Int
    let maxIdleBuffers: Int

    /// Idle buffers, oldest first, and the counts.
    private struct Idle {
        var buffers: [Buffer] = []
        var stats = Statistics()
    }

    private let idle = Mutex(Idle())

    private let make: @Sendable (Int) throws(CLCallError) -> Buffer

    /// A pool of buffers of `context` made by `make(bytes)`.
    init(context: CLContext, maxIdleBytes: Int, maxIdleBuffers: Int = 32,
         make: @escaping @Sendable (Int) throws(CLCallError) -> Buffer) {
        self.context = context
        self.make = make
        self.maxIdleBytes = maxIdleBytes
        self.maxIdleBuffers = maxIdleBuffers
    }

    var statistics: Statistics { idle.withLock { $0.stats } }

    /// The bytes a buffer asked for with `size` bytes gets: `size` rounded up to a multiple of
    /// an eighth of the largest power of two not above it (1024 stays 1024, 3000 becomes
    /// 3072, 13 000 000 becomes 13 MiB), so at most 12.5% more and 8 classes per doubling.
    static func capacity(for size: Int) -> Int {
        let size = max(size, 1)
        let granule = max(1, (1 << (Int.bitWidth - 1 - size.leadingZeroBitCount)) / 8)
        return (size + granule - 1) / granule * granule
    }

    /// A buffer of at least `size` bytes (at least 1), reused when a fitting one is idle.
    /// When the device is out of memory the idle buffers are released and the allocation is
    /// tried once more.
    func buffer(size: Int) throws -> PooledBuffer<Buffer> {
        let capacity = Self.capacity(for: size)
        if let reused = takeIdle(capacity: capacity) {
            return PooledBuffer(buffer: reused, pool: self)
        }
        let allocate = { [make] () throws(CLCallError) in try make(capacity) }
        var attempt = Result(catching: allocate)
        if case .failure(let error) = attempt, error.isOutOfResources {
            drain()
            attempt = Result(catching: allocate)
        }
        let made = try attempt.get()
        idle.withLock { $0.stats.allocations += 1 }
        return PooledBuffer(buffer: made, pool: self)
    }

    /// Releases every idle buffer.
    func drain() {
        // Taken out under the lock, released (clReleaseMemObject) after it.
        let released = idle.withLock { idle -> [Buffer] in
            let all = idle.buffers
            idle.buffers.removeAll()
            idle.stats.idleBuffers = 0
            idle.stats.idleBytes = 0
            return all
        }
        withExtendedLifetime(released) {}
    }

    fileprivate func giveBack(_ buffer: Buffer) {
        let (maxIdleBytes, maxIdleBuffers) = (self.maxIdleBytes, self.maxIdleBuffers)
        let evicted = idle.withLock { idle -> [Buffer] in
            guard buffer.size <= maxIdleBytes else { return [buffer] }
            var evicted: [Buffer] = []
            idle.buffers.append(buffer)
            idle.stats.idleBuffers += 1
            idle.stats.idleBytes += buffer.size
            while idle.stats.idleBytes > maxIdleBytes || idle.stats.idleBuffers > maxIdleBuffers {
                let oldest = idle.buffers.removeFirst()
                idle.stats.idleBuffers -= 1
                idle.stats.idleBytes -= oldest.size
                evicted.append(oldest)
            }
            return evicted
        }
        withExtendedLifetime(evicted) {}  // released after the lock
    }

    /// The most recently returned idle buffer of exactly `capacity` bytes, else the smallest
    /// one of at most `capacity * 3 / 2` bytes.
    private func takeIdle(capacity: Int) -> Buffer? {
        idle.withLock { idle in
            let buffers = idle.buffers
            let index = buffers.lastIndex(where: { $0.size == capacity })
                ?? buffers.indices.filter { buffers[$0].size > capacity && buffers[$0].size <= capacity + capacity / 2 }
                    .min { buffers[$0].size < buffers[$1].size }
            guard let index else { return nil }
            let taken = idle.buffers.remove(at: index)
            idle.stats.reuses += 1
            idle.stats.idleBuffers -= 1
            idle.stats.idleBytes -= taken.size
            return taken
        }
    }
}

extension OpenCLBufferPool where Buffer == CLBuffer {
    /// A pool of device buffers of `context`.
    convenience init(context: CLContext, maxIdleBytes: Int, maxIdleBuffers: Int = 32) {
        self.init(context: context, maxIdleBytes: maxIdleBytes, maxIdleBuffers: maxIdleBuffers) { size throws(CLCallError) in
            try CLBuffer(context: context, size: size)
        }
    }
}

extension OpenCLBufferPool where Buffer == CLPinnedBuffer {
    /// A pool of pinned staging buffers for transfers on `queue`.
    convenience init(stagingFor queue: CLCommandQueue, maxIdleBytes: Int, maxIdleBuffers: Int = 32) {
        self.init(context: queue.context, maxIdleBytes: maxIdleBytes, maxIdleBuffers: maxIdleBuffers) { size throws(CLCallError) in
            try CLPinnedBuffer(queue: queue, size: size)
        }
    }
}

/// What a pool keeps: a buffer that knows its size.
protocol OpenCLPoolableBuffer: AnyObject, Sendable {
    var size: Int { get }
}

extension CLBuffer: OpenCLPoolableBuffer {}
extension CLPinnedBuffer: OpenCLPoolableBuffer {}

/// A pool's buffer in use (the storage of an OpenCL `DeviceImage`, or a transfer's staging).
/// Goes back to its pool when released.
final class PooledBuffer<Buffer: OpenCLPoolableBuffer>: Sendable {
    let buffer: Buffer
    let pool: OpenCLBufferPool<Buffer>

    init(buffer: Buffer, pool: OpenCLBufferPool<Buffer>) {
        self.buffer = buffer
        self.pool = pool
    }

    deinit { pool.giveBack(buffer) }
}
