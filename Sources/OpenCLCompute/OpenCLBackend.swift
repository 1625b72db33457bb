import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths

/// The image operations on one OpenCL device.
///
/// Kernels are enqueued on the device's in-order queue without waiting; only `download`
/// waits. Device images are pooled buffers (`PooledBuffer`) that return to this backend's pool
/// when dropped, or, on a CPU device, large uploads read in place (`HostBackedBuffer`). The
/// program and kernels are built once per device per process (`OpenCLDeviceRuntime`). Safe
/// to use from several threads at once: kernel arguments are set under the runtime's lock,
/// everything else is thread-safe OpenCL or locked.
package final class OpenCLBackend: ComputeBackend, Sendable {
    package let kind = BackendKind.opencl
    /// E.g. `opencl:0 (pthread-haswell-AMD EPYC 7B13)`.
    package let name: String
    package let transfers = TransferCounters()
    package let device: CLDevice

    let runtime: OpenCLDeviceRuntime
    let pool: OpenCLBufferPool
    /// Whether the resampling passes run the x86 kernels of resample.cl (CPU devices whose
    /// compiler builds them), else the portable ones. Both give the same bytes.
    let usesX86Kernels: Bool
    /// Whether large uploads are read in place (`HostBackedBuffer`): on a CPU device the
    /// "device memory" is host memory, so copying a decoded photo into a buffer is pure cost.
    let readsLargeUploadsInPlace: Bool

    /// Uploads from this size on are read in place on a CPU device. Smaller ones are copied
    /// into pooled buffers: their copy costs less than the buffer, marker and callback that
    /// reading in place needs per image.
    static let inPlaceUploadBytes = 1 << 20

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

    /// A backend over `runtime` (tests give it a runtime of their own, with a forcing driver).
    init(runtime: OpenCLDeviceRuntime, index: Int, maxIdleBytes: Int?, allowsX86Kernels: Bool) throws {
        let device = runtime.device
        self.device = device
        self.runtime = runtime
        usesX86Kernels = allowsX86Kernels && runtime.hasX86Kernels
        readsLargeUploadsInPlace = try device.type == .cpu
        let quarter = Int(clamping: try device.globalMemory / 4)
        let cap = (try? device.type) == .cpu ? 16 << 20 : 512 << 20
        pool = OpenCLBufferPool(context: runtime.context, maxIdleBytes: maxIdleBytes ?? min(quarter, cap))
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

    /// Copies a host image into a pooled device buffer. The write is blocking, so the host
    /// array only has to live for this call; on the in-order queue it runs after the work
    /// queued before it. On a CPU device a large image is not copied but read where it lies
    /// (`HostBackedBuffer` keeps it alive as long as kernels may read it).
    func upload(_ host: HostImage) throws -> PipelineImage {
        if readsLargeUploadsInPlace && host.pixels.count >= Self.inPlaceUploadBytes {
            let storage = try HostBackedBuffer(pixels: host.pixels, queue: runtime.queue)
            transfers.recordUpload(bytes: host.pixels.count)
            return .device(DeviceImage(width: host.width, height: host.height, isOpaque: !host.hasTransparency,
                                       backend: self, storage: storage))
        }
        let target = try pool.buffer(size: host.pixels.count)
        if !host.pixels.isEmpty {
            try host.pixels.withUnsafeBytes { bytes in
                _ = try runtime.queue.writeBlocking(target.buffer, from: bytes)
            }
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
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { bytes, initialised in
            if count > 0 {
                _ = try runtime.queue.readBlocking(source, into: UnsafeMutableRawBufferPointer(bytes))
            }
            initialised = count
        }
        transfers.recordDownload(bytes: count)
        return HostImage(width: image.width, height: image.height, pixels: pixels)
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

    /// Enqueues `kernel` after `setArguments` under the kernel lock, then flushes so the
    /// device starts without waiting for a later blocking call.
    private func run(_ pick: (OpenCLKernelSet) -> CLKernel, size: [Int],
                     _ setArguments: (CLKernel) throws -> Void) throws {
        let shape = runtime.launchShape.launch(size)
        try runtime.withKernels { kernels in
            let kernel = pick(kernels)
            try setArguments(kernel)
            try runtime.queue.enqueue(kernel, globalSize: shape.global, localSize: shape.local)
        }
        try runtime.queue.flush()
    }

    // MARK: - Operations

    package func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage {
        try ComputeArgumentCheck.horizontal(width: image.width, height: image.height, weights: weights, rows: rows)
        let job = try prepare(image, width: weights.count, height: rows.count, isOpaque: image.isOpaque)
        // The x86 kernel reads rows in place, so it takes only windows that need no padded copy.
        if usesX86Kernels, let split = SplitWeights.Groups(weights, sourceWidth: job.input.width),
           split.paddedWidth == job.input.width {
            let windows = try CLBuffer(context: runtime.context, copying: split.windows)
            let words = try CLBuffer(context: runtime.context, copying: split.words.isEmpty ? [0] : split.words)
            // One work-item per column and four rows.
            try run({ $0.x86!.horizontal }, size: [weights.count, (rows.count + 3) / 4]) { k in
                try k.setArguments(.buffer(job.source), .int(Int32(job.input.width)), .int(Int32(rows.lowerBound)),
                                   .buffer(job.target), .int(Int32(weights.count)), .int(Int32(rows.count)),
                                   .buffer(windows), .buffer(words))
            }
            return .device(job.output)
        }
        let bounds = try CLBuffer(context: runtime.context, copying: weights.bounds)
        let coefficients = try CLBuffer(context: runtime.context, copying: weights.coefficients)
        // One work-item per column and pair of rows (see resample.cl).
        try run({ $0.resampleHorizontal }, size: [weights.count, (rows.count + 1) / 2]) { k in
            try k.setArguments(.buffer(job.source), .int(Int32(job.input.width)), .int(Int32(rows.lowerBound)),
                               .buffer(job.target), .int(Int32(weights.count)), .int(Int32(rows.count)),
                               .buffer(bounds), .buffer(coefficients), .int(Int32(weights.taps)))
        }
        return .device(job.output)
    }

    package func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        try ComputeArgumentCheck.vertical(height: image.height, weights: weights)
        let job = try prepare(image, width: image.width, height: weights.count, isOpaque: image.isOpaque)
        let bounds = try CLBuffer(context: runtime.context, copying: weights.bounds)
        let coefficients = try CLBuffer(context: runtime.context, copying: weights.coefficients)
        if usesX86Kernels, let split = SplitWeights.Pairs(weights) {
            let pairs = try CLBuffer(context: runtime.context, copying: split.words)
            // One work-item per eight columns and row.
            try run({ $0.x86!.vertical }, size: [(job.input.width + 7) / 8, weights.count]) { k in
                try k.setArguments(.buffer(job.source), .int(Int32(job.input.width)), .buffer(job.target),
                                   .int(Int32(weights.count)), .buffer(bounds), .buffer(coefficients),
                                   .int(Int32(weights.taps)), .buffer(pairs), .int(Int32(split.pairStride)))
            }
            return .device(job.output)
        }
        // One work-item per pair of columns and row (see resample.cl).
        try run({ $0.resampleVertical }, size: [(job.input.width + 1) / 2, weights.count]) { k in
            try k.setArguments(.buffer(job.source), .int(Int32(job.input.width)), .buffer(job.target), .int(Int32(weights.count)),
                               .buffer(bounds), .buffer(coefficients), .int(Int32(weights.taps)))
        }
        return .device(job.output)
    }

    package func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        try ComputeArgumentCheck.crop(width: image.width, height: image.height, rect: rect)
        // A crop of a transparent image may be opaque; saying "not opaque" is safe, because
        // premultiplying an opaque image changes nothing.
        let job = try prepare(image, width: rect.width, height: rect.height, isOpaque: image.isOpaque)
        try run({ $0.crop }, size: [rect.width, rect.height]) { k in
            try k.setArguments(.buffer(job.source), .int(Int32(job.input.width)), .int(Int32(rect.x)),
                               .int(Int32(rect.y)), .buffer(job.target), .int(Int32(rect.width)), .int(Int32(rect.height)))
        }
        return .device(job.output)
    }

    package func premultiply(_ image: PipelineImage) throws -> PipelineImage {
        try perPixel(image) { $0.premultiply }
    }

    package func unpremultiply(_ image: PipelineImage) throws -> PipelineImage {
        try perPixel(image) { $0.unpremultiply }
    }

    private func perPixel(_ image: PipelineImage, _ pick: (OpenCLKernelSet) -> CLKernel) throws -> PipelineImage {
        let job = try prepare(image, width: image.width, height: image.height, isOpaque: image.isOpaque)
        let count = image.width * image.height
        if count == 0 { return .device(job.output) }
        try run(pick, size: [count]) { k in
            try k.setArguments(.buffer(job.source), .buffer(job.target), .uint(UInt32(count)))
        }
        return .device(job.output)
    }

    package func glitch(_ image: PipelineImage, plan: GlitchPlan) throws -> PipelineImage {
        try ComputeArgumentCheck.glitch(width: image.width, height: image.height, plan: plan)
        let arguments = OpenCLGlitchArguments(plan: plan)
        let job = try prepare(image, width: image.width, height: image.height, isOpaque: image.isOpaque)
        let rows = try CLBuffer(context: runtime.context, copying: arguments.rows)
        // One work-item per eight pixels of a row (see glitch.cl).
        try run({ $0.glitch }, size: [(image.width + 7) / 8, image.height]) { k in
            try k.setArguments(.buffer(job.source), .buffer(job.target), .int(Int32(image.width)),
                               .int(Int32(image.height)), .buffer(rows),
                               .int(arguments.shift), .int(arguments.wrapEdge))
        }
        return .device(job.output)
    }
}

extension OpenCLBackend {
    /// Buffers created and reused by this backend's pool.
    var bufferPoolStatistics: OpenCLBufferPool.Statistics { pool.statistics }
}
