import ComputeCore
/// The storage of an OpenCL `DeviceImage`: a buffer in one context.
protocol OpenCLImageStorage: AnyObject {
    var buffer: CLBuffer { get }
    var context: CLContext { get }
}

extension PooledBuffer: OpenCLImageStorage where Buffer == CLBuffer {
    var context: CLContext { pool.context }
}

/// A host image a CPU device reads where it lies (`CL_MEM_USE_HOST_PTR`), instead of a copy
/// in a pooled buffer: on POCL the upload's copy was 5% of a batch's CPU time (13 MB per
/// decoded photo), and the pool's large buffers page-faulted when they were new.
///
/// The pixels are kept (a copy of the array, which shares its storage) for as long as the
/// buffer can be read: while this object lives, and after it goes until every command queued
/// by then has finished, since kernels enqueued on it may still be waiting in the queue.
final class HostBackedBuffer: OpenCLImageStorage, Sendable {
    let buffer: CLBuffer
    let context: CLContext
    private let queue: CLCommandQueue
    private let pixels: [UInt8]

    /// Wraps `pixels` (not empty) for kernels on `queue`'s device.
    init(pixels: [UInt8], queue: CLCommandQueue) throws(CLCallError) {
        precondition(!pixels.isEmpty)
        self.pixels = pixels
        self.queue = queue
        context = queue.context
        // The array's storage does not move while `self.pixels` holds it, and it is never
        // written: every copy of the array that could be written shares it, so a write makes
        // its own storage first.
        let made = pixels.withUnsafeBytes { bytes in
            Result { () throws(CLCallError) in try CLBuffer(context: queue.context, usingHostMemory: bytes) }
        }
        buffer = try made.get()
    }

    deinit {
        let pixels = self.pixels
        let keep: @Sendable () -> Void = { withExtendedLifetime(pixels) {} }
        do {
            try queue.whenQueuedCommandsFinish(keep)
        } catch {
            // No marker: wait here rather than free memory a queued kernel may still read.
            try? queue.finish()
            keep()
        }
    }
}
