import Synchronization

/// Host memory a device transfers from and to directly: a buffer the implementation allocates
/// where the host can reach it (`CL_MEM_ALLOC_HOST_PTR`, pinned on a GPU), mapped for its
/// whole life and unmapped in `deinit`. The staging memory of uploads and downloads on
/// devices with memory of their own: a copy from pageable memory is staged through a pinned
/// buffer by the driver anyway, and from pinned memory it can run while the host goes on.
///
/// The buffer itself is never given to a command; its mapped bytes are the host side of
/// `CLCommandQueue.write` and `read`. The last transfer's event is kept, so that a later user
/// (the buffer is pooled) waits for it before touching the bytes.
// @unchecked Sendable: an OpenCL handle and its mapping; the event is behind a mutex.
final class CLPinnedBuffer: @unchecked Sendable {
    let buffer: CLBuffer
    /// The mapped bytes.
    let bytes: UnsafeMutableRawBufferPointer
    private let queue: CLCommandQueue
    private let lastTransfer = Mutex<CLEvent?>(nil)

    /// Size in bytes.
    var size: Int { buffer.size }

    /// A pinned buffer of `size` bytes (at least 1), mapped through `queue` (which waits for
    /// the commands queued before it).
    init(queue: CLCommandQueue, size: Int) throws(CLCallError) {
        let buffer = try CLBuffer(context: queue.context, flags: [.readWrite, .hostAllocated], size: size)
        let address = try queue.mapBlocking(buffer)
        self.buffer = buffer
        self.queue = queue
        bytes = UnsafeMutableRawBufferPointer(start: address, count: size)
    }

    deinit {
        // A transfer still running reads or writes the mapping: let it finish first.
        try? lastTransfer.withLock { $0 }?.wait()
        try? queue.unmap(buffer, bytes.baseAddress!)
    }

    /// Waits until the last transfer from or to the bytes has finished: call before touching them.
    func waitForLastTransfer() throws(CLCallError) {
        let pending = lastTransfer.withLock { event -> CLEvent? in
            let pending = event
            event = nil
            return pending
        }
        try pending?.wait()
    }

    /// Records `event`, a transfer from or to the bytes still running, for the next user to wait for.
    func transferStarted(_ event: CLEvent) {
        lastTransfer.withLock { $0 = event }
    }
}
