import ComputeCore

/// Recorded launches of one program's kernels with the work-group each will run with, settled
/// (`OpenCLBackend.settle`) before any image memory is taken or anything is enqueued.
struct OpenCLSettledLaunches {
    let launches: KernelLaunches
    let program: OpenCLProgramKernels
    /// Per launch: nil lets the driver choose.
    let localSizes: [[Int]?]
}

extension OpenCLBackend {
    /// `launches` of kernels of `program`, each with its work-group: a preferred shape fitted
    /// to, or a required shape checked against, what that kernel runs on this device
    /// (`WorkGroupSizing`), so a shape that cannot run fails the image with nothing queued.
    func settle(_ launches: KernelLaunches, in program: OpenCLProgramKernels) throws -> OpenCLSettledLaunches {
        OpenCLSettledLaunches(launches: launches, program: program,
                              localSizes: try launches.launches.map { try workGroup(of: $0, in: program) })
    }

    /// Enqueues settled launches on this device's in-order queue, without waiting: the one
    /// launch path, taken by the built-in passes (`OpenCLBuiltInKernel`) and by users'
    /// `ImageKernel`s alike. `images` are the buffers of the launches' image slots (input,
    /// output, then scratch images). Each global size is rounded up to a multiple of its
    /// work-group (the kernels ignore work-items past the image). Tables are copied to
    /// read-only buffers that OpenCL keeps alive until the launches that read them are done.
    /// Arguments are bound and the launch enqueued under the program's lock
    /// (`OpenCLProgramKernels.withKernel`). Nothing is flushed here: the download that needs
    /// the chain's result waits for it, which sends the queue to the device.
    func enqueue(_ settled: OpenCLSettledLaunches, images: [CLBuffer]) throws {
        let program = settled.program
        for (launch, localSize) in zip(settled.launches.launches, settled.localSizes) {
            var copied: [CLBuffer] = []
            for case .table(let table) in launch.arguments {
                copied.append(try table.bytes.withUnsafeBytes { try CLBuffer(context: runtime.context, copying: $0) })
            }
            let tables = copied
            let queue = runtime.queue
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
                try queue.enqueue(k, globalSize: global, localSize: localSize)
            }
        }
    }

    /// The work-group `launch` runs with (see `settle`).
    private func workGroup(of launch: KernelLaunches.Launch, in program: OpenCLProgramKernels) throws -> [Int]? {
        guard let local = launch.localSize else { return nil }
        let kernelLimit = try program.workGroupLimit(launch.kernel, parameterCount: launch.parameterCount)
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
