import ComputeCore
import ImageCodecs

extension OpenCLBackend {
    /// Runs a user's `ImageKernel`: the launches its `encode` records, on this device's
    /// in-order queue, without waiting. The program is built once per device
    /// (`OpenCLDeviceRuntime.userProgram`); the output and scratch images come from the buffer
    /// pool (scratch buffers go back to it when this returns, which the in-order queue makes
    /// safe: any later user is enqueued behind these launches); tables are copied to
    /// read-only buffers that OpenCL keeps alive until the launches that read them are done.
    package func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage {
        let size = try kernel.checkedOutputSize(width: image.width, height: image.height)
        var launches = KernelLaunches(input: PixelSize(width: image.width, height: image.height), output: size,
                                      device: runtime.kernelLimits)
        try kernel.encode(&launches)
        let program = try runtime.userProgram(kernel.program)
        let localSizes = try launches.launches.map { try workGroup(of: $0, in: program) }
        let job = try prepare(image, width: size.width, height: size.height,
                              isOpaque: kernel.outputIsOpaque(inputIsOpaque: image.isOpaque))
        var scratch: [PooledBuffer] = []
        for image in launches.scratchImages {
            scratch.append(try pool.buffer(size: image.width * image.height * 4))
        }
        let images = [job.source, job.target] + scratch.map(\.buffer)
        for (launch, localSize) in zip(launches.launches, localSizes) {
            var copied: [CLBuffer] = []
            for case .table(let table) in launch.arguments {
                copied.append(try table.bytes.withUnsafeBytes { try CLBuffer(context: runtime.context, copying: $0) })
            }
            let tables = copied
            try program.withKernel(launch.kernel, parameterCount: launch.parameterCount) { k in
                var nextTable = tables.makeIterator()
                for (index, argument) in launch.arguments.enumerated() {
                    switch argument {
                    case .image(let image): try k.setArgument(index, images[image.slot])
                    case .int32(let value): try k.setArgument(index, value)
                    case .uint32(let value): try k.setArgument(index, value)
                    case .float(let value): try k.setArgument(index, value)
                    case .table: try k.setArgument(index, nextTable.next()!)
                    case .local(let bytes): try k.setLocalArgument(index, bytes: bytes)
                    }
                }
                var global = launch.globalSize
                if let localSize {
                    global = zip(global, localSize).map { extent, group in (extent + group - 1) / group * group }
                }
                try runtime.queue.enqueue(k, globalSize: global, localSize: localSize)
            }
        }
        try runtime.queue.flush()
        withExtendedLifetime(scratch) {}
        return .device(job.output)
    }

    /// The work-group `launch` runs with: its preferred shape fitted to, or its required shape
    /// checked against, what this kernel runs on this device. Asked for every launch before
    /// the first is enqueued, so a shape that cannot run fails the image with nothing queued.
    private func workGroup(of launch: KernelLaunches.Launch, in program: OpenCLUserProgram) throws -> [Int]? {
        guard let local = launch.localSize else { return nil }
        let kernelLimit = try program.withKernel(launch.kernel, parameterCount: launch.parameterCount) {
            try $0.workGroupSize(on: runtime.device)
        }
        let groupLimit = min(kernelLimit, runtime.kernelLimits.maxWorkGroupSize)
        let itemSizes = runtime.kernelLimits.maxWorkItemSizes
        if launch.localSizeIsPreferred {
            return WorkGroupSizing.fit(local, groupLimit: groupLimit, itemSizes: itemSizes)
        }
        try WorkGroupSizing.check(local, kernel: launch.kernel, groupLimit: groupLimit,
                                  limitOwner: "the kernel's limit on this device of", itemSizes: itemSizes)
        return local
    }
}
