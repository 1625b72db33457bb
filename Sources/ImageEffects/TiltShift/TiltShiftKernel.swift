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
    static let source = KernelProgramSource(EffectKernelSources.tiltShift)

    static let copy = KernelFunction<KernelImage, KernelImage, UInt32>("gpuglitch_copy")
    /// The transpose for GPUs: a tile at a time through local memory (tilt_shift.cl).
    static let transpose = KernelFunction<KernelImage, KernelImage, Int32, Int32, LocalMemory>("gpuglitch_transpose")
    /// The transpose for CPU devices: one work-item per pixel, no barrier.
    static let transposePixels = KernelFunction<KernelImage, KernelImage, Int32, Int32>("gpuglitch_transpose_pixels")
    /// The tiled transpose's preferred work-group, which is also its tile.
    static let transposeTile = [16, 16]
    /// Local memory for a tile of at most `transposeTile`, each row one pixel longer.
    static let transposeTileMemory = LocalMemory(bytes: (transposeTile[0] + 1) * transposeTile[1] * 4)
    /// The three box passes of an axis, a work-item per column (CPU devices).
    static let blurColumns = KernelFunction<KernelImage, KernelImage, KernelImage, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_columns")
    static let columns = KernelFunction<KernelImage, KernelImage, KernelImage, KernelImage, KernelTable,
                                        Int32, Int32, Int32, UInt32, UInt32>("gpuglitch_box_blur_columns_composite")
    /// One box pass, a work-item per segment of a column (GPUs: `BoxBlurSegments`).
    static let blurSegments = KernelFunction<KernelImage, KernelImage, Int32, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_segments")
    static let segmentsComposite = KernelFunction<KernelImage, KernelImage, KernelImage, KernelTable,
                                                  Int32, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_segments_composite")
    /// The segment passes' preferred work-group: neighbouring columns of the same rows.
    static let segmentGroup = [64, 1]

    public func encode(_ launches: inout KernelLaunches) throws {
        let (input, output) = (launches.input, launches.output)
        let width = input.width, height = input.height
        // Preferred shapes: the backend shrinks them to what each kernel runs on the device.
        let group = [64]
        guard let blur else {
            // Radius 0: the blur is a copy, and so is the composite of an image with itself.
            try launches.launch(Self.copy, global: [width * height], preferredLocal: group, input, output, UInt32(width * height))
            return
        }
        // The row passes run as column passes of the transposed image (A, B are height × width),
        // so every pass walks columns: coalesced on a GPU, vector code on POCL.
        let a = try launches.scratchImage(width: height, height: width)
        let b = try launches.scratchImage(width: height, height: width)
        // Tiled through local memory on a GPU; on a CPU device the barrier costs more than the
        // strided writes it saves, so one work-item per pixel there.
        func transpose(_ source: KernelImage, _ target: KernelImage, width: Int, height: Int) throws {
            if launches.device.isCPU {
                try launches.launch(Self.transposePixels, global: [width, height], preferredLocal: [16, 4],
                                    source, target, Int32(width), Int32(height))
            } else {
                try launches.launch(Self.transpose, global: [width, height], preferredLocal: Self.transposeTile,
                                    source, target, Int32(width), Int32(height), Self.transposeTileMemory)
            }
        }
        let mask = KernelTable(TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade))
        let (r, ww, fw) = (blur.radius, blur.inner, blur.edge)
        try transpose(input, a, width: width, height: height)
        if launches.device.isCPU {
            // A work-item per column, its three passes in series: the columns are the lanes
            // of POCL's vector code, and one launch per axis costs less than three.
            try launches.launch(Self.blurColumns, global: [height], preferredLocal: group, a, b, b,
                                Int32(height), Int32(width), r, ww, fw)
            try transpose(b, a, width: height, height: width)
            try launches.launch(Self.columns, global: [width], preferredLocal: group, a, b, input, output, mask,
                                Int32(width), Int32(height), r, ww, fw)
            return
        }
        // A work-item per segment of a column, one launch per pass (each pass needs the last
        // one's whole column): a → b → a → b, transposed back into a, then a → b → a → output.
        func pass(_ source: KernelImage, _ target: KernelImage, width: Int, height: Int) throws {
            let segments = BoxBlurSegments(columns: width, height: height, radius: Int(r))
            try launches.launch(Self.blurSegments, global: [width, segments.count], preferredLocal: Self.segmentGroup,
                                source, target, Int32(width), Int32(height), Int32(segments.rows), r, ww, fw)
        }
        try pass(a, b, width: height, height: width)
        try pass(b, a, width: height, height: width)
        try pass(a, b, width: height, height: width)
        try transpose(b, a, width: height, height: width)
        try pass(a, b, width: width, height: height)
        try pass(b, a, width: width, height: height)
        let segments = BoxBlurSegments(columns: width, height: height, radius: Int(r))
        try launches.launch(Self.segmentsComposite, global: [width, segments.count], preferredLocal: Self.segmentGroup,
                            a, input, output, mask, Int32(width), Int32(height), Int32(segments.rows), r, ww, fw)
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        guard let blur else { return input }
        let width = input.width, height = input.height, count = input.pixels.count
        let mask = TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade)
        // Written whole, all three: each pass (transpose, blur, blend) writes every pixel of
        // its target before the next reads it.
        var a = [UInt8](pixelCapacity: count, .writtenWhole) { $1 = count }
        var b = [UInt8](pixelCapacity: count, .writtenWhole) { $1 = count }
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                a.withUnsafeMutableBufferPointer { a in
                    b.withUnsafeMutableBufferPointer { b in
                        let s = src.baseAddress!, pa = a.baseAddress!, pb = b.baseAddress!
                        // The passes of tilt_shift.cl. The row passes run down the columns of the
                        // transposed image, where every step is vector work (the bytes equal:
                        // the arithmetic is exact integer either way).
                        HostBoxBlur.transpose(s, pa, width: width, height: height)
                        HostBoxBlur.blurColumns(pa, pb, width: height, height: width, plan: blur)
                        HostBoxBlur.blurColumns(pb, pa, width: height, height: width, plan: blur)
                        HostBoxBlur.blurColumns(pa, pb, width: height, height: width, plan: blur)
                        HostBoxBlur.transpose(pb, pa, width: height, height: width)
                        HostBoxBlur.blurColumns(pa, pb, width: width, height: height, plan: blur)
                        HostBoxBlur.blurColumns(pb, pa, width: width, height: height, plan: blur)
                        HostBoxBlur.blurColumns(pa, out.baseAddress!, width: width, height: height, plan: blur,
                                                blend: (s, mask))
                    }
                }
            }
            initialised = count
        }
        return try HostImage(width: width, height: height, pixels: pixels)
    }
}
