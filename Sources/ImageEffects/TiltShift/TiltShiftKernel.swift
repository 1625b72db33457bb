import ComputeCore
import ImageCodecs

/// Seed 003's tilt-shift as an `ImageKernel`: Pillow 13's
/// `Image.composite(im.filter(GaussianBlur(radius)), im, mask)` with a mask that is 0 in a band
/// around a horizontal line and fades to 255 away from it (docs/SPEC.md §5). On a
/// transparent image alpha is blurred and composited like the colours, as Pillow does.
///
/// On a device: a transpose, three box passes down each column of the transposed image (the
/// row passes), a transpose back, three box passes down each column with the composite folded
/// into the last. On a CPU device a work-item per column runs an axis's three passes; on a GPU
/// each pass is a launch with a work-item per segment of a column (`BoxBlurSegments`), the
/// same sums so the same bytes. Either way neighbouring work-items read neighbouring bytes;
/// two scratch images, no per-image program build, the mask rows computed on the host. The
/// host implementation runs the same passes in the same order.
public struct TiltShiftKernel: ImageKernel, Equatable {
    @usableFromInline package static let defaultRadius = 6.0
    @usableFromInline package static let defaultCentre = 0.5
    @usableFromInline package static let defaultBand = 0.3
    @usableFromInline package static let defaultFade = 0.2
    /// The largest radius accepted, in pixels (a blur wider than any thumbnail).
    public static let maximumRadius = 1000.0

    /// Gaussian radius in pixels of the image it is applied to.
    public let radius: Double
    /// Centre line, a fraction of the height from the top.
    public let centre: Double
    /// Height of the sharp band, a fraction of the height.
    public let band: Double
    /// Height of the fade on each side of the band, a fraction of the height.
    public let fade: Double
    /// The box passes (nil for radius 0: Pillow's blur is then a copy).
    let blur: BoxBlurPlan?

    /// Throws `EffectParameterError` naming the key of a value out of range.
    public init(radius: Double = TiltShiftKernel.defaultRadius, centre: Double = TiltShiftKernel.defaultCentre,
                band: Double = TiltShiftKernel.defaultBand, fade: Double = TiltShiftKernel.defaultFade) throws {
        func check(_ key: String, _ value: Double, _ range: ClosedRange<Double>) throws {
            guard value.isFinite, range.contains(value) else {
                throw EffectParameterError(effect: "tilt-shift", key: key,
                                           reason: "must be a number from \(range.lowerBound) to \(range.upperBound), got \(value)")
            }
        }
        try check("radius", radius, 0...Self.maximumRadius)
        try check("centre", centre, 0...1)
        try check("band", band, 0...1)
        try check("fade", fade, 0...1)
        self.radius = radius
        self.centre = centre
        self.band = band
        self.fade = fade
        // Pillow passes the radius to C as a float.
        blur = BoxBlurPlan(gaussianRadius: Float(radius))
    }

    public var name: String { "tilt-shift" }
    public var program: KernelProgramSource { Self.source }
    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(EffectKernelSources.boxBlur + EffectKernelSources.tiltShift)

    /// The last column pass composited over the input, a work-item per column (CPU devices).
    static let columnsComposite = KernelFunction<KernelImage, KernelImage, KernelImage, KernelImage, KernelTable,
                                                 Int32, Int32, Int32, UInt32, UInt32>("gpuglitch_box_blur_columns_composite")
    /// The last column pass composited over the input, a work-item per segment (GPUs).
    static let segmentsComposite = KernelFunction<KernelImage, KernelImage, KernelImage, KernelTable,
                                                  Int32, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_segments_composite")

    public func encode(_ launches: inout KernelLaunches) throws {
        let (input, output) = (launches.input, launches.output)
        let width = input.width, height = input.height
        guard let blur else {
            // Radius 0: the blur is a copy, and so is the composite of an image with itself.
            try launches.launch(GaussianBlurLaunches.copy, global: [width * height],
                                preferredLocal: GaussianBlurLaunches.lineGroup, input, output, UInt32(width * height))
            return
        }
        let a = try launches.scratchImage(width: height, height: width)
        let b = try launches.scratchImage(width: height, height: width)
        let mask = KernelTable(TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade))
        let (r, ww, fw) = (blur.radius, blur.inner, blur.edge)
        try GaussianBlurLaunches.rowPasses(&launches, input, a, b, width: width, height: height, plan: blur)
        // The column passes, the composite folded into the last.
        if launches.device.isCPU {
            try launches.launch(Self.columnsComposite, global: [width], preferredLocal: GaussianBlurLaunches.lineGroup,
                                a, b, input, output, mask, Int32(width), Int32(height), r, ww, fw)
            return
        }
        try GaussianBlurLaunches.segmentPass(&launches, a, b, width: width, height: height, plan: blur)
        try GaussianBlurLaunches.segmentPass(&launches, b, a, width: width, height: height, plan: blur)
        let segments = BoxBlurSegments(columns: width, height: height, radius: Int(r))
        try launches.launch(Self.segmentsComposite, global: [width, segments.count],
                            preferredLocal: GaussianBlurLaunches.segmentGroup,
                            a, input, output, mask, Int32(width), Int32(height), Int32(segments.rows), r, ww, fw)
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        guard let blur else { return input }
        let width = input.width, height = input.height, count = input.pixels.count
        let mask = TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade)
        // Written whole: the last pass writes every pixel.
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                HostBoxBlur.gaussianBlur(src.baseAddress!, into: out.baseAddress!, width: width, height: height,
                                         plan: blur, blend: (src.baseAddress!, mask))
            }
            initialised = count
        }
        return try HostImage(width: width, height: height, pixels: pixels)
    }
}
