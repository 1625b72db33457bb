import ComputeCore
import CPUCompute

/// The CPU backend handed out above the device layer: for the batch runner, which runs one
/// image per worker thread, and for an image a device had no memory for. Callers above this
/// layer never construct a backend themselves.
package enum CPUFallback {
    /// A CPU backend that uses one thread per image: the batch gets its parallelism from
    /// running one image per worker, and splitting each image's rows over threads as well would
    /// only add hand-offs.
    package static func singleThreaded() -> any ComputeBackend { CPUBackend(threads: 1) }

    /// Whether `error` says a device ran out of room, so that the image is worth redoing on
    /// the CPU (the bytes are the same either way).
    package static func isRecoverable(_ error: any Error) -> Bool {
        (error as? any DeviceResourceError)?.isOutOfDeviceResources ?? false
    }
}
