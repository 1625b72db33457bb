import CBoxBlur
import ComputeCore
import ImageCodecs

/// Pillow 13's `ImageFilter.UnsharpMask(radius, percent, threshold)` as an `ImageKernel`, byte for
/// byte (docs/SPEC.md §5.3): the image's `GaussianBlur(radius)`, then for each byte whose
/// difference from the blur exceeds `threshold` that difference times `percent`/100 added back.
/// On a transparent image alpha is sharpened like the colours, as Pillow does; an opaque image
/// stays opaque (its alpha equals its blur).
///
/// The blur is the tilt-shift's (`BoxBlurPlan`, computed once on the host in Pillow's float
/// arithmetic; `GaussianBlurLaunches` on a device, `HostBoxBlur` on the host); the unsharp mask
/// is integer arithmetic, the same on every backend, one launch of a work-item per pixel after
/// the blur's last pass (two scratch images).
public struct SharpenKernel: ImageKernel, Equatable {
    // Pillow's defaults (`UnsharpMask()`): the init's, and the spec parser's.
    @usableFromInline package static let defaultRadius = 2.0
    @usableFromInline package static let defaultPercent = 150
    @usableFromInline package static let defaultThreshold = 3
    /// The largest radius accepted, in pixels (a blur wider than any thumbnail).
    public static let maximumRadius = 1000.0
    /// The largest strength accepted: 100× the difference. Any percent from 25,500 on gives the
    /// same bytes (a difference of 1 already moves a byte to 0 or 255).
    public static let maximumPercent = 10_000
    /// The largest threshold accepted: at 255 no difference exceeds it and the image is unchanged.
    public static let maximumThreshold = 255

    /// Gaussian radius of the blur, in pixels of the image it is applied to.
    public let radius: Double
    /// Strength: the share of the difference from the blur added back, in percent.
    public let percent: Int
    /// Differences of at most this much (per byte, 0…255) are left alone.
    public let threshold: Int
    /// The box passes (nil for radius 0: Pillow's blur is then a copy).
    let blur: BoxBlurPlan?

    /// Throws `EffectParameterError` naming the key of a value out of range (a negative radius
    /// too, which Pillow takes as its absolute value).
    public init(radius: Double = SharpenKernel.defaultRadius, percent: Int = SharpenKernel.defaultPercent,
                threshold: Int = SharpenKernel.defaultThreshold) throws(EffectParameterError) {
        guard radius.isFinite, (0...Self.maximumRadius).contains(radius) else {
            throw EffectParameterError(effect: "sharpen", key: "radius", reason:
                "must be a number from 0 to \(ImageEffect.number(Self.maximumRadius)), got \(ImageEffect.number(radius))")
        }
        guard (0...Self.maximumPercent).contains(percent) else {
            throw EffectParameterError(effect: "sharpen", key: "percent",
                                       reason: "must be a whole number from 0 to \(Self.maximumPercent), got \(percent)")
        }
        guard (0...Self.maximumThreshold).contains(threshold) else {
            throw EffectParameterError(effect: "sharpen", key: "threshold",
                                       reason: "must be a whole number from 0 to \(Self.maximumThreshold), got \(threshold)")
        }
        self.radius = radius
        self.percent = percent
        self.threshold = threshold
        // Pillow passes the radius to C as a float.
        blur = BoxBlurPlan(gaussianRadius: Float(radius))
    }

    /// Whether the result is the input: no blur (radius 0), no strength, or a threshold no
    /// difference exceeds.
    var leavesImageUnchanged: Bool { blur == nil || percent == 0 || threshold >= Self.maximumThreshold }

    public var name: String { "sharpen" }
    public var program: KernelProgramSource { Self.source }
    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(EffectKernelSources.boxBlur + EffectKernelSources.sharpen)

    static let unsharpMask = KernelFunction<KernelImage, KernelImage, KernelImage, UInt32, Int32, Int32>(
        "gpuglitch_unsharp_mask")

    public func encode(_ launches: inout KernelLaunches) throws {
        let (input, output) = (launches.input, launches.output)
        let width = input.width, height = input.height, count = width * height
        guard let blur, !leavesImageUnchanged else {
            try launches.launch(GaussianBlurLaunches.copy, global: [count], preferredLocal: GaussianBlurLaunches.lineGroup,
                                input, output, UInt32(count))
            return
        }
        let a = try launches.scratchImage(width: height, height: width)
        let b = try launches.scratchImage(width: height, height: width)
        try GaussianBlurLaunches.rowPasses(&launches, input, a, b, width: width, height: height, plan: blur)
        try GaussianBlurLaunches.columnPasses(&launches, a, b, into: b, width: width, height: height, plan: blur)
        try launches.launch(Self.unsharpMask, global: [count], preferredLocal: GaussianBlurLaunches.lineGroup,
                            input, b, output, UInt32(count), Int32(percent), Int32(threshold))
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        guard let blur, !leavesImageUnchanged else { return input }
        let count = input.pixels.count
        // Written whole: the blur's last pass writes every byte, the unsharp mask rewrites each.
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                HostBoxBlur.gaussianBlur(src.baseAddress!, into: out.baseAddress!, width: input.width,
                                         height: input.height, plan: blur)
                gg_unsharp_mask(src.baseAddress!, out.baseAddress!, count, Int32(percent), Int32(threshold))
            }
            initialised = count
        }
        return try HostImage(width: input.width, height: input.height, pixels: pixels)
    }
}
