import ComputeCore
import ImageCodecs
import ImageMaths

/// The glitch filter of docs/SPEC.md §4 (RGB channel shift, torn rows, scanlines) as an
/// `ImageKernel`, like sepia and tilt-shift: one launch of glitch.cl on a device, the same
/// arithmetic on the host (`GlitchRenderer`), split over the CPU backend's cores.
///
/// The parameters suit any size; what depends on the size (the tears, the shift reduced to
/// the row, `GlitchPlan`) is computed on the host for each image from its own size, in
/// `encode` and `runOnHost` (through `GlitchPlanCache`: a batch of one thumbnail size plans
/// once), and reaches the device as one table of per-row values, so one kernel serves a whole
/// batch of different sizes and the program is built once per device.
/// Out-of-range parameters are a `GlitchPlanError` from `outputSize`, before anything runs,
/// the same on every backend.
public struct GlitchKernel: ImageKernel, Equatable {
    public let parameters: GlitchParameters

    public init(parameters: GlitchParameters = GlitchParameters()) {
        self.parameters = parameters
    }

    public var name: String { "glitch" }
    public var program: KernelProgramSource { Self.source }

    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(EffectKernelSources.glitch)
    /// `src, dst, width, height, rows, shift, wrapEdge` (`GlitchKernelArguments`).
    static let glitch = KernelFunction<KernelImage, KernelImage, Int32, Int32, KernelTable, Int32, Int32>("glitch")
    /// Neighbouring eight-pixel runs of a few rows. Left to choose, a driver must pick a
    /// work-group that divides the global size, which for a prime width is 1; so the shape is
    /// given and fitted to the device, and the kernel returns at once past the image.
    static let preferredLocal = [32, 4]

    /// The input's size, once the parameters and the size are known to make a plan.
    public func outputSize(width: Int, height: Int) throws -> PixelSize {
        try GlitchPlan.check(parameters: parameters, width: width, height: height)
        return PixelSize(width: width, height: height)
    }

    public func encode(_ launches: inout KernelLaunches) throws {
        let width = launches.input.width, height = launches.input.height
        let arguments = try GlitchPlanCache.shared.entry(parameters: parameters, width: width, height: height).arguments
        // One work-item per eight pixels of a row (see glitch.cl).
        try launches.launch(Self.glitch, global: [(width + 7) / 8, height], preferredLocal: Self.preferredLocal,
                            launches.input, launches.output, Int32(width), Int32(height), KernelTable(arguments.rows),
                            arguments.shift, arguments.wrapEdge)
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        try runOnHost(input, parallelism: .serial)
    }

    /// The rows are independent: each band of `parallelism` renders its own.
    public func runOnHost(_ input: HostImage, parallelism: RowParallelism) throws -> HostImage {
        let plan = try GlitchPlanCache.shared.entry(parameters: parameters, width: input.width, height: input.height).plan
        let count = input.pixels.count
        // Written whole: the bands cover every row, and each writes every pixel of its rows.
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                parallelism.forEachBand(rows: input.height, bytes: count) { band in
                    GlitchRenderer.render(src.baseAddress!, out.baseAddress!, plan: plan, rows: band)
                }
            }
            initialised = count
        }
        return try HostImage(width: input.width, height: input.height, pixels: pixels)
    }
}
