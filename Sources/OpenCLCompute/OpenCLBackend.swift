import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths

/// The image operations on one OpenCL device.
///
/// Uploads and kernels are enqueued on the device's in-order queue without waiting or
/// flushing; only `download` waits, and its wait sends the queue to the device. Device images
/// are pooled buffers (`PooledBuffer`) that return to this backend's pool when dropped, or, on
/// a CPU device, large uploads read in place (`HostBackedBuffer`). On other devices transfers
/// go through pinned staging (`CLPinnedBuffer`), so an upload need not wait. The
/// programs and kernels are built once per device per process (`OpenCLDeviceRuntime`). The
/// built-in passes launch their kernels (`OpenCLBuiltInKernel`) the way users' `ImageKernel`s
/// do: recorded as `KernelLaunches`, then `settle` and `enqueue(_:images:)`. Safe to use from
/// several threads at once: kernel arguments are set under their program's lock, everything
/// else is thread-safe OpenCL or locked.
package final class OpenCLBackend: ComputeBackendCore, Sendable {
    package let kind = BackendKind.opencl
    /// E.g. `opencl:0 (pthread-haswell-AMD EPYC 7B13)`.
    package let name: String
    package let transfers = TransferCounters()
    package let device: CLDevice

    let runtime: OpenCLDeviceRuntime
    let pool: OpenCLBufferPool<CLBuffer>
    /// Pinned staging for transfers, on devices with memory of their own; nil on a CPU device,
    /// whose kernels read host memory anyway: there a transfer copies straight from or to the
    /// image's array.
    let staging: OpenCLBufferPool<CLPinnedBuffer>?
    /// Whether the resampling passes run the x86 kernels of resample.cl (CPU devices whose
    /// compiler builds them), else the portable ones. Both give the same bytes.
    let usesX86Kernels: Bool
    /// Whether large uploads are read in place (`HostBackedBuffer`): on a CPU device the
    /// "device memory" is host memory, so copying a decoded photo into a buffer is pure cost.
    let readsLargeUploadsInPlace: Bool
    /// What the kernels' launches are recorded against: the device's limits
    /// (`OpenCLDeviceRuntime.kernelLimits`), with `isCPU` overridable for tests.
    let kernelLimits: KernelLaunches.DeviceLimits

    /// Uploads from this size on are read in place on a CPU device. Smaller ones are copied
    /// into pooled buffers: their copy costs less than the buffer, marker and callback that
    /// reading in place needs per image.
    static let inPlaceUploadBytes = 1 << 20
    /// Idle pinned staging kept for reuse (host memory that the OS cannot page out).
    static let maxIdleStagingBytes = 128 << 20

    /// A backend on `device`; `index` is its place in `CLDevice.all()` and only names it.
    /// Builds the device's program on first use in the process (throws `CLBuildError` if it
    /// does not build). Idle pooled buffers are kept up to `maxIdleBytes` (default: a quarter
    /// of the device's memory, at most 512 MiB; 16 MiB on a CPU device such as POCL, whose
    /// "device memory" is the process's own and would show as resident memory).
    package convenience init(device: CLDevice, index: Int, maxIdleBytes: Int? = nil) throws {
        try self.init(device: device, index: index, maxIdleBytes: maxIdleBytes, allowsX86Kernels: true)
    }

    /// As `init(device:index:maxIdleBytes:)`; with `allowsX86Kernels` false the resampling
    /// passes run the portable kernels even where the x86 ones exist (tests check both on a
    /// CPU device, the only kind CI has).
    convenience init(device: CLDevice, index: Int, maxIdleBytes: Int?, allowsX86Kernels: Bool) throws {
        try self.init(runtime: OpenCLDeviceRuntime.shared(for: device), index: index, maxIdleBytes: maxIdleBytes,
                      allowsX86Kernels: allowsX86Kernels)
    }

    /// A backend on a runtime of its own whose OpenCL calls go through `driver` (tests force
    /// failures with it); not shared with other backends, not cached.
    package convenience init(device: CLDevice, index: Int, driver: CLDriver) throws {
        try self.init(runtime: OpenCLDeviceRuntime(device: device, driver: driver), index: index, maxIdleBytes: nil,
                      allowsX86Kernels: true)
    }

    /// A backend whose `ImageKernel`s are told the device is a CPU or not as `kernelsSeeACPU`
    /// says, whatever it is: tests run the shapes kernels choose for a GPU on the CPU device CI has.
    package convenience init(device: CLDevice, index: Int, kernelsSeeACPU: Bool) throws {
        try self.init(runtime: OpenCLDeviceRuntime.shared(for: device), index: index, maxIdleBytes: nil,
                      allowsX86Kernels: true, kernelsSeeACPU: kernelsSeeACPU)
    }

    /// A backend over `runtime` (tests give it a runtime of their own, with a forcing driver).
    /// `stagesTransfers` true takes the transfer path of a device with memory of its own
    /// (pinned staging, no in-place uploads) whatever the device is: tests run it on POCL.
    init(runtime: OpenCLDeviceRuntime, index: Int, maxIdleBytes: Int?, allowsX86Kernels: Bool,
         kernelsSeeACPU: Bool? = nil, stagesTransfers: Bool? = nil) throws {
        let device = runtime.device
        self.device = device
        self.runtime = runtime
        let limits = runtime.kernelLimits
        kernelLimits = KernelLaunches.DeviceLimits(maxWorkGroupSize: limits.maxWorkGroupSize,
                                                   localMemoryBytes: limits.localMemoryBytes,
                                                   isCPU: kernelsSeeACPU ?? limits.isCPU,
                                                   maxWorkItemSizes: limits.maxWorkItemSizes)
        usesX86Kernels = allowsX86Kernels && runtime.hasX86Kernels
        readsLargeUploadsInPlace = try !(stagesTransfers ?? (device.type != .cpu))
        let quarter = Int(clamping: try device.globalMemory / 4)
        let cap = (try? device.type) == .cpu ? 16 << 20 : 512 << 20
        pool = OpenCLBufferPool(context: runtime.context, maxIdleBytes: maxIdleBytes ?? min(quarter, cap))
        staging = readsLargeUploadsInPlace ? nil
            : OpenCLBufferPool(stagingFor: runtime.queue, maxIdleBytes: Self.maxIdleStagingBytes)
        name = "opencl:\(index) (\((try? device.name) ?? "unnamed device"))"
    }

    /// Waits until every command queued on the device has finished.
    package func finish() throws { try runtime.queue.finish() }

    // MARK: - Transfers

    package func makeResident(_ image: PipelineImage) throws -> PipelineImage {
        switch image {
        case .device(let d) where buffer(of: d) != nil:
            return image
        case .device(let d):
            return try upload(d.backend.download(d))
        case .host(let h):
            return try upload(h)
        }
    }

    /// Copies a host image into a pooled device buffer (`write(_:into:)`); on the in-order
    /// queue the copy runs after the work queued before it. On a CPU device a large image is
    /// not copied but read where it lies (`HostBackedBuffer` keeps it alive as long as kernels
    /// may read it).
    func upload(_ host: HostImage) throws -> PipelineImage {
        if readsLargeUploadsInPlace && host.pixels.count >= Self.inPlaceUploadBytes {
            let storage = try HostBackedBuffer(pixels: host.pixels, queue: runtime.queue)
            transfers.recordUpload(bytes: host.pixels.count)
            return .device(DeviceImage(width: host.width, height: host.height, isOpaque: !host.hasTransparency,
                                       backend: self, storage: storage))
        }
        let target = try pool.buffer(size: host.pixels.count)
        if !host.pixels.isEmpty {
            try write(host.pixels, into: target.buffer)
        }
        transfers.recordUpload(bytes: host.pixels.count)
        return .device(DeviceImage(width: host.width, height: host.height, isOpaque: !host.hasTransparency,
                                   backend: self, storage: target))
    }

    package func download(_ image: DeviceImage) throws -> HostImage {
        guard let source = buffer(of: image) else {
            throw ComputeArgumentError.foreignDeviceImage(owner: image.backend.name, backend: name)
        }
        let count = image.width * image.height * 4
        // Written whole: the read copies the device image, every byte of which a kernel or
        // an upload wrote, or throws.
        let pixels = try [UInt8](pixelCapacity: count, .writtenWhole) { bytes, initialised in
            if count > 0 {
                try read(source, into: UnsafeMutableRawBufferPointer(bytes))
            }
            initialised = count
        }
        transfers.recordDownload(bytes: count)
        return HostImage(width: image.width, height: image.height, computedPixels: pixels)
    }

    /// Starts copying `pixels` into `target`. With pinned staging (`staging`) the pixels are
    /// copied into it and the transfer runs on without this call waiting; on a CPU device the
    /// copy is from the array itself, so it is waited for.
    private func write(_ pixels: [UInt8], into target: CLBuffer) throws {
        let queue = runtime.queue
        guard staging != nil else {
            try pixels.withUnsafeBytes { try queue.write(target, from: $0).wait() }
            return
        }
        try write(byteCount: pixels.count, into: target) { bytes in pixels.withUnsafeBytes { bytes.copyMemory(from: $0) } }
    }

    /// Starts copying `byteCount` bytes that `fill` writes into `target`: through pinned
    /// staging where there is some (the transfer runs on without this call waiting), else from
    /// a temporary array, waited for.
    func write(byteCount: Int, into target: CLBuffer, fill: (UnsafeMutableRawBufferPointer) -> Void) throws {
        let queue = runtime.queue
        guard let staging else {
            let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialised in
                fill(UnsafeMutableRawBufferPointer(buffer))
                initialised = byteCount
            }
            try bytes.withUnsafeBytes { try queue.write(target, from: $0).wait() }
            return
        }
        // Held until the write is recorded: the pool hands the staging out again once it goes.
        let pooled = try staging.buffer(size: byteCount)
        try withExtendedLifetime(pooled) {
            let stage = pooled.buffer
            try stage.waitForLastTransfer()
            let bytes = UnsafeMutableRawBufferPointer(rebasing: stage.bytes[..<byteCount])
            fill(bytes)
            stage.transferStarted(try queue.write(target, from: UnsafeRawBufferPointer(bytes)))
        }
    }

    /// Copies `source` (at least `bytes.count` bytes) into `bytes` once the work queued before
    /// has finished: through pinned staging where there is some, else straight into `bytes`.
    /// The wait sends the queue to the device: this is where a chain's results are needed.
    func read(_ source: CLBuffer, into bytes: UnsafeMutableRawBufferPointer) throws {
        let queue = runtime.queue
        guard let staging else {
            try queue.read(source, into: bytes).wait()
            return
        }
        let pooled = try staging.buffer(size: bytes.count)
        try withExtendedLifetime(pooled) {
            let stage = pooled.buffer
            try stage.waitForLastTransfer()
            let staged = UnsafeMutableRawBufferPointer(rebasing: stage.bytes[..<bytes.count])
            try queue.read(source, into: staged).wait()
            bytes.copyMemory(from: UnsafeRawBufferPointer(staged))
        }
    }

    /// The buffer of a device image that lives in this device's context (made by this backend
    /// or another one on the same device), or nil.
    private func buffer(of image: DeviceImage) -> CLBuffer? {
        guard let stored = image.storage as? OpenCLImageStorage, stored.context === runtime.context else { return nil }
        return stored.buffer
    }

    /// The input resident here, its buffer, and a new image of `width × height` to write into.
    func prepare(_ image: PipelineImage, width: Int, height: Int, isOpaque: Bool)
        throws -> (input: DeviceImage, source: CLBuffer, output: DeviceImage, target: CLBuffer) {
        let resident = try makeResident(image)
        guard case .device(let input) = resident, let source = buffer(of: input) else {
            // makeResident moves every image here; reaching this is a bug, reported, not a crash.
            throw ComputeArgumentError.foreignDeviceImage(owner: "the host", backend: name)
        }
        let target = try pool.buffer(size: width * height * 4)
        let output = DeviceImage(width: width, height: height, isOpaque: isOpaque, backend: self, storage: target)
        return (input, source, output, target.buffer)
    }

    /// Runs one built-in pass (`OpenCLBuiltInKernel`): `record` records its launches as an
    /// `ImageKernel`'s `encode` would, for an input of `image`'s size and an output of
    /// `width × height`, and they take the launch path users' kernels take (`settle`, then
    /// `enqueue(_:images:)`) on the built-in program.
    private func runBuiltIn(_ image: PipelineImage, width: Int, height: Int, isOpaque: Bool,
                            _ record: (inout KernelLaunches) throws -> Void) throws -> PipelineImage {
        var launches = KernelLaunches(input: PixelSize(width: image.width, height: image.height),
                                      output: PixelSize(width: width, height: height), device: kernelLimits)
        try record(&launches)
        let settled = try settle(launches, in: runtime.builtIns)
        let job = try prepare(image, width: width, height: height, isOpaque: isOpaque)
        try enqueue(settled, images: [job.source, job.target])
        return .device(job.output)
    }

    // MARK: - Operations

    package func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage {
        try ComputeArgumentCheck.horizontal(width: image.width, height: image.height, weights: weights, rows: rows)
        let kernels = OpenCLBuiltInKernel.self
        let output = (width: Int32(weights.count), height: Int32(rows.count))
        // The x86 kernel reads rows in place, so it takes only windows that need no padded copy.
        if usesX86Kernels, let split = SplitWeights.Groups(weights, sourceWidth: image.width),
           split.paddedWidth == image.width {
            return try runBuiltIn(image, width: weights.count, height: rows.count, isOpaque: image.isOpaque) { l in
                // One work-item per column and four rows.
                try l.launch(kernels.resampleHorizontalX86, global: [weights.count, (rows.count + 3) / 4],
                             preferredLocal: kernels.preferredLocal2D,
                             l.input, Int32(image.width), Int32(rows.lowerBound), l.output, output.width, output.height,
                             KernelTable(split.windows), KernelTable(split.words))
            }
        }
        return try runBuiltIn(image, width: weights.count, height: rows.count, isOpaque: image.isOpaque) { l in
            // One work-item per column and pair of rows (see resample.cl).
            try l.launch(kernels.resampleHorizontal, global: [weights.count, (rows.count + 1) / 2],
                         preferredLocal: kernels.preferredLocal2D,
                         l.input, Int32(image.width), Int32(rows.lowerBound), l.output, output.width, output.height,
                         KernelTable(weights.bounds), KernelTable(weights.tapMajorCoefficients))
        }
    }

    package func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        try ComputeArgumentCheck.vertical(height: image.height, weights: weights)
        let kernels = OpenCLBuiltInKernel.self
        return try runBuiltIn(image, width: image.width, height: weights.count, isOpaque: image.isOpaque) { l in
            if usesX86Kernels, let split = SplitWeights.Pairs(weights) {
                // One work-item per eight columns and row.
                try l.launch(kernels.resampleVerticalX86, global: [(image.width + 7) / 8, weights.count],
                             preferredLocal: kernels.preferredLocal2D,
                             l.input, Int32(image.width), l.output, Int32(weights.count),
                             KernelTable(weights.bounds), KernelTable(weights.coefficients), Int32(weights.taps),
                             KernelTable(split.words), Int32(split.pairStride))
            } else {
                // One work-item per pair of columns and row (see resample.cl).
                try l.launch(kernels.resampleVertical, global: [(image.width + 1) / 2, weights.count],
                             preferredLocal: kernels.preferredLocal2D,
                             l.input, Int32(image.width), l.output, Int32(weights.count),
                             KernelTable(weights.bounds), KernelTable(weights.coefficients), Int32(weights.taps))
            }
        }
    }

    package func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        try ComputeArgumentCheck.crop(width: image.width, height: image.height, rect: rect)
        // A crop of a transparent image may be opaque; saying "not opaque" is safe, because
        // premultiplying an opaque image changes nothing.
        return try runBuiltIn(image, width: rect.width, height: rect.height, isOpaque: image.isOpaque) { l in
            try l.launch(OpenCLBuiltInKernel.crop, global: [rect.width, rect.height],
                         preferredLocal: OpenCLBuiltInKernel.preferredLocal2D,
                         l.input, Int32(image.width), Int32(rect.x), Int32(rect.y), l.output,
                         Int32(rect.width), Int32(rect.height))
        }
    }

    package func premultiply(_ image: PipelineImage) throws -> PipelineImage {
        try perPixel(image, OpenCLBuiltInKernel.premultiply)
    }

    package func unpremultiply(_ image: PipelineImage) throws -> PipelineImage {
        try perPixel(image, OpenCLBuiltInKernel.unpremultiply)
    }

    private func perPixel(_ image: PipelineImage, _ kernel: KernelFunction<KernelImage, KernelImage, UInt32>) throws -> PipelineImage {
        let count = image.width * image.height
        if count == 0 {
            return .device(try prepare(image, width: image.width, height: image.height, isOpaque: image.isOpaque).output)
        }
        return try runBuiltIn(image, width: image.width, height: image.height, isOpaque: image.isOpaque) { l in
            try l.launch(kernel, global: [count], preferredLocal: OpenCLBuiltInKernel.preferredLocal1D,
                         l.input, l.output, UInt32(count))
        }
    }
}

extension OpenCLBackend {
    /// Buffers created and reused by this backend's pool.
    var bufferPoolStatistics: OpenCLBufferPool<CLBuffer>.Statistics { pool.statistics }
}
