import ImageMaths
/// The launches of one run of an `ImageKernel`, recorded by its `encode` and then executed by
/// a device backend in order. Recording is pure host work, the same for every device
/// backend; only the execution is backend code.
public struct KernelLaunches: Sendable {
    /// One recorded launch.
    package struct Launch: Sendable, Equatable {
        package let kernel: String
        package let parameterCount: Int
        package let globalSize: [Int]
        package let localSize: [Int]?
        /// Whether `localSize` is a preference (`launch(_:global:preferredLocal:_:)`) that the
        /// backend shrinks to what this kernel runs on the device, rather than a requirement.
        package let localSizeIsPreferred: Bool
        package let arguments: [KernelArgument]
    }

    /// What the device can run, for kernels that size work-groups or local memory.
    public struct DeviceLimits: Sendable, Equatable {
        /// The largest work-group (product of the local sizes) a launch may ask for. A kernel
        /// that uses many registers may run less (`CL_KERNEL_WORK_GROUP_SIZE`); only the backend
        /// knows that, once the program is built, and checks it before anything is enqueued.
        public let maxWorkGroupSize: Int
        /// The largest local size in each dimension (`CL_DEVICE_MAX_WORK_ITEM_SIZES`).
        public let maxWorkItemSizes: [Int]
        /// Bytes of `__local` memory a work-group may use.
        public let localMemoryBytes: Int
        /// Whether the device is a CPU (POCL, say): kernels may pick a CPU-friendly shape.
        public let isCPU: Bool

        /// `maxWorkItemSizes` nil: any extent up to `maxWorkGroupSize` in each of 3 dimensions.
        package init(maxWorkGroupSize: Int, localMemoryBytes: Int, isCPU: Bool, maxWorkItemSizes: [Int]? = nil) {
            self.maxWorkGroupSize = maxWorkGroupSize
            self.maxWorkItemSizes = maxWorkItemSizes ?? [maxWorkGroupSize, maxWorkGroupSize, maxWorkGroupSize]
            self.localMemoryBytes = localMemoryBytes
            self.isCPU = isCPU
        }
    }

    /// The image the operation gets.
    public let input: KernelImage
    /// The image the operation returns; every pixel must be written by some launch.
    public let output: KernelImage
    public let device: DeviceLimits
    /// Scratch images asked for, in slot order (slot 2 first).
    package private(set) var scratchImages: [KernelImage] = []
    package private(set) var launches: [Launch] = []

    /// Launches for an input of `input` size and an output of `output` size.
    package init(input: PixelSize, output: PixelSize, device: DeviceLimits) {
        self.input = KernelImage(slot: 0, width: input.width, height: input.height)
        self.output = KernelImage(slot: 1, width: output.width, height: output.height)
        self.device = device
    }

    /// A device image for intermediate results, alive until the launches are done (from the
    /// buffer pool, uninitialised).
    public mutating func scratchImage(width: Int, height: Int) throws(ComputeArgumentError) -> KernelImage {
        guard width > 0, height > 0 else {
            throw .invalidKernelLaunch(kernel: "scratch image", reason: "size \(width)x\(height) is empty")
        }
        let image = KernelImage(slot: 2 + scratchImages.count, width: width, height: height)
        scratchImages.append(image)
        return image
    }

    /// Records a launch of `function` over `global` work-items (1 to 3 dimensions); `local`
    /// fixes the work-group shape (the backend rounds `global` up to a multiple of it, so the
    /// kernel must ignore work-items past the real size), nil lets the driver choose. A
    /// `local` the device cannot run is an error here; one this kernel cannot run (its
    /// `CL_KERNEL_WORK_GROUP_SIZE`) is an error from the backend before anything is enqueued.
    /// Kernels meant for any device use `launch(_:global:preferredLocal:_:)` instead.
    public mutating func launch<each P: KernelParameter>(_ function: KernelFunction<repeat each P>,
                                                          global: [Int], local: [Int]? = nil,
                                                          _ arguments: repeat each P) throws(ComputeArgumentError) {
        var bound: [KernelArgument] = []
        for argument in repeat each arguments { bound.append(argument.kernelArgument) }
        try check(function.name, global: global, local: local, preferred: false, arguments: bound)
        launches.append(Launch(kernel: function.name, parameterCount: bound.count, globalSize: global,
                               localSize: local, localSizeIsPreferred: false, arguments: bound))
    }

    /// Records a launch whose work-group is `preferredLocal` where the kernel and device can
    /// run it, else that shape with its largest extents halved until they can
    /// (`WorkGroupSizing.fit`), down to one work-item. The global size is rounded up to a
    /// multiple of the shape actually used, so the kernel must ignore work-items past the real
    /// size. This is how a kernel runs on any device's limits without knowing them.
    public mutating func launch<each P: KernelParameter>(_ function: KernelFunction<repeat each P>,
                                                          global: [Int], preferredLocal: [Int],
                                                          _ arguments: repeat each P) throws(ComputeArgumentError) {
        var bound: [KernelArgument] = []
        for argument in repeat each arguments { bound.append(argument.kernelArgument) }
        try check(function.name, global: global, local: preferredLocal, preferred: true, arguments: bound)
        launches.append(Launch(kernel: function.name, parameterCount: bound.count, globalSize: global,
                               localSize: preferredLocal, localSizeIsPreferred: true, arguments: bound))
    }

    private func check(_ name: String, global: [Int], local: [Int]?, preferred: Bool, arguments: [KernelArgument])
        throws(ComputeArgumentError) {
        guard (1...3).contains(global.count), global.allSatisfy({ $0 > 0 }) else {
            throw .invalidKernelLaunch(kernel: name, reason: "global size \(global) must have 1 to 3 positive sizes")
        }
        if let local {
            guard local.count == global.count, local.allSatisfy({ $0 > 0 }) else {
                throw .invalidKernelLaunch(kernel: name, reason: "local size \(local) does not match global size \(global)")
            }
            if !preferred {
                try WorkGroupSizing.check(local, kernel: name, groupLimit: device.maxWorkGroupSize,
                                          limitOwner: "the device's", itemSizes: device.maxWorkItemSizes)
            }
        }
        for argument in arguments {
            switch argument {
            case .image(let image):
                guard image.slot < 2 + scratchImages.count,
                      image == input || image == output || scratchImages.contains(image) else {
                    throw .invalidKernelLaunch(kernel: name, reason: "image slot \(image.slot) is not one of this run's images")
                }
            case .local(let bytes):
                guard bytes > 0, bytes <= device.localMemoryBytes else {
                    throw .invalidKernelLaunch(kernel: name,
                                               reason: "\(bytes) bytes of local memory; the device has \(device.localMemoryBytes)")
                }
            default:
                break
            }
        }
    }
}
