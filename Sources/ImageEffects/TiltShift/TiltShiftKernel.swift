import ComputeCore
import ImageCodecs

/// Seed 003's tilt-shift as an `ImageKernel`: Pillow 13's
/// `Image.composite(im.filter(GaussianBlur(radius)), im, mask)` with a mask that is 0 in a band
/// around a horizontal line and fades to 255 away from it (docs/SPEC.md §4.4). On a
/// transparent image alpha is blurred and composited like the colours, as Pillow does.
///
/// On a device: one launch of three box passes per row (a work-item per row), one of three
/// box passes per column with the composite folded into the last (a work-item per column,
/// so neighbouring work-items read neighbouring bytes). Two scratch images, no per-image
/// program build, the tables (mask rows) computed on the host.
public struct TiltShiftKernel: ImageKernel, Equatable {
    public static let defaultRadius = 6.0
    public static let defaultCentre = 0.5
    public static let defaultBand = 0.3
    public static let defaultFade = 0.2
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
    public let blur: BoxBlurPlan?

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
    public var program: KernelProgramSource { KernelProgramSource(EffectKernelSources.tiltShift) }

    static let copy = KernelFunction<KernelImage, KernelImage, UInt32>("gpuglitch_copy")
    static let rows = KernelFunction<KernelImage, KernelImage, KernelImage, Int32, Int32, Int32, UInt32, UInt32>(
        "gpuglitch_box_blur_rows")
    static let columns = KernelFunction<KernelImage, KernelImage, KernelImage, KernelImage, KernelTable,
                                        Int32, Int32, Int32, UInt32, UInt32>("gpuglitch_box_blur_columns_composite")

    public func encode(_ launches: inout KernelLaunches) throws {
        let (input, output) = (launches.input, launches.output)
        let width = input.width, height = input.height
        let group = min(64, launches.device.maxWorkGroupSize)
        guard let blur else {
            // Radius 0: the blur is a copy, and so is the composite of an image with itself.
            try launches.launch(Self.copy, global: [width * height], local: [group], input, output, UInt32(width * height))
            return
        }
        let a = try launches.scratchImage(width: width, height: height)
        let b = try launches.scratchImage(width: width, height: height)
        try launches.launch(Self.rows, global: [height], local: [group], input, a, b,
                            Int32(width), Int32(height), blur.radius, blur.inner, blur.edge)
        let mask = TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade)
        try launches.launch(Self.columns, global: [width], local: [group], a, b, input, output, KernelTable(mask),
                            Int32(width), Int32(height), blur.radius, blur.inner, blur.edge)
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        guard let blur else { return input }
        let width = input.width, height = input.height, count = input.pixels.count
        let mask = TiltShiftMask.rows(height: height, centre: centre, band: band, fade: fade)
        var a = [UInt8](repeating: 0, count: count), b = [UInt8](repeating: 0, count: count)
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                a.withUnsafeMutableBufferPointer { a in
                    b.withUnsafeMutableBufferPointer { b in
                        let s = src.baseAddress!, pa = a.baseAddress!, pb = b.baseAddress!
                        // The passes of tilt_shift.cl, buffer for buffer.
                        HostBoxBlur.blurRows(s, pa, width: width, height: height, plan: blur)
                        HostBoxBlur.blurRows(pa, pb, width: width, height: height, plan: blur)
                        HostBoxBlur.blurRows(pb, pa, width: width, height: height, plan: blur)
                        HostBoxBlur.blurColumns(pa, pb, width: width, height: height, plan: blur)
                        HostBoxBlur.blurColumns(pb, pa, width: width, height: height, plan: blur)
                        HostBoxBlur.blurColumns(pa, out.baseAddress!, width: width, height: height, plan: blur,
                                                blend: (s, mask))
                    }
                }
            }
            initialised = count
        }
        return HostImage(width: width, height: height, pixels: pixels)
    }
}
