import Foundation

/// Device buffers kept for reuse, by exact byte size: allocating a fresh 48 MB buffer costs
/// ~30 ms on POCL against ~5 ms for writing into a reused one (DESIGN 2), and a batch asks for
/// the same few sizes over and over.
///
/// A buffer handed out is wrapped in a `PooledBuffer`, which gives it back when the last
/// reference goes (the `DeviceImage` holding it is dropped). Kernels still queued on it are
/// not a hazard: every user of the pool's buffers enqueues on the same in-order queue, so the
/// next user's commands run after them. Idle buffers are bounded in count and bytes; the
/// oldest are released first.
final class OpenCLBufferPool: @unchecked Sendable {
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

    private let lock = NSLock()
    /// Idle buffers, oldest first.
    private var idle: [CLBuffer] = []
    private var stats = Statistics()

    init(context: CLContext, maxIdleBytes: Int, maxIdleBuffers: Int = 32) {
        self.context = context
        self.maxIdleBytes = maxIdleBytes
        self.maxIdleBuffers = maxIdleBuffers
    }

    var statistics: Statistics { lock.withLock { stats } }

    /// A buffer of exactly `size` bytes (at least 1), reused when one is idle. When the device
    /// is out of memory the idle buffers are released and the allocation is tried once more.
    func buffer(size: Int) throws -> PooledBuffer {
        let size = max(size, 1)
        if let reused = takeIdle(size: size) {
            return PooledBuffer(buffer: reused, pool: self)
        }
        let allocate = { [context] () throws(CLCallError) in try CLBuffer(context: context, size: size) }
        var attempt = Result(catching: allocate)
        if case .failure(let error) = attempt, error.isOutOfResources {
            drain()
            attempt = Result(catching: allocate)
        }
        let made = try attempt.get()
        lock.withLock { stats.allocations += 1 }
        return PooledBuffer(buffer: made, pool: self)
    }

    /// Releases every idle buffer.
    func drain() {
        // Taken out under the lock, released (clReleaseMemObject) after it.
        let released = lock.withLock { () -> [CLBuffer] in
            let all = idle
            idle.removeAll()
            stats.idleBuffers = 0
            stats.idleBytes = 0
            return all
        }
        withExtendedLifetime(released) {}
    }

    fileprivate func giveBack(_ buffer: CLBuffer) {
        var evicted: [CLBuffer] = []
        lock.withLock {
            guard buffer.size <= maxIdleBytes else { evicted.append(buffer); return }
            idle.append(buffer)
            stats.idleBuffers += 1
            stats.idleBytes += buffer.size
            while stats.idleBytes > maxIdleBytes || stats.idleBuffers > maxIdleBuffers {
                let oldest = idle.removeFirst()
                stats.idleBuffers -= 1
                stats.idleBytes -= oldest.size
                evicted.append(oldest)
            }
        }
        withExtendedLifetime(evicted) {}  // released after the lock
    }

    private func takeIdle(size: Int) -> CLBuffer? {
        lock.withLock {
            guard let index = idle.lastIndex(where: { $0.size == size }) else { return nil }
            stats.reuses += 1
            stats.idleBuffers -= 1
            stats.idleBytes -= size
            return idle.remove(at: index)
        }
    }
}

/// A pool's buffer in use: the storage of an OpenCL `DeviceImage`. Goes back to its pool when
/// released.
final class PooledBuffer: @unchecked Sendable {
    let buffer: CLBuffer
    let pool: OpenCLBufferPool

    init(buffer: CLBuffer, pool: OpenCLBufferPool) {
        self.buffer = buffer
        self.pool = pool
    }

    deinit { pool.giveBack(buffer) }
}
