import ComputeCore
import ImageCodecs

/// Seed 001's sepia tone as an `ImageKernel`: grey level by Pillow's luma, then the
/// colorize table (`SepiaPalette`); alpha unchanged. Written only with the public kernel API,
/// as a user's own kernel would be.
public struct SepiaKernel: ImageKernel, Equatable {
    // The seed's tones (#1f1209, #8c6239, #f5e6c8): the init's defaults, and the spec parser's.
    @usableFromInline package static let defaultBlack = RGBColor(red: 0x1f, green: 0x12, blue: 0x09)
    @usableFromInline package static let defaultMid = RGBColor(red: 0x8c, green: 0x62, blue: 0x39)
    @usableFromInline package static let defaultWhite = RGBColor(red: 0xf5, green: 0xe6, blue: 0xc8)

    public let black: RGBColor
    public let mid: RGBColor
    public let white: RGBColor
    package let palette: SepiaPalette

    public init(black: RGBColor = SepiaKernel.defaultBlack, mid: RGBColor = SepiaKernel.defaultMid,
                white: RGBColor = SepiaKernel.defaultWhite) {
        self.black = black
        self.mid = mid
        self.white = white
        palette = SepiaPalette(black: black, mid: mid, white: white)
    }

    public var name: String { "sepia" }
    public var program: KernelProgramSource { Self.source }
    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(EffectKernelSources.sepia)

    static let sepia = KernelFunction<KernelImage, KernelImage, UInt32, KernelTable>("gpuglitch_sepia")

    public func encode(_ launches: inout KernelLaunches) throws {
        let count = launches.input.width * launches.input.height
        try launches.launch(Self.sepia, global: [count], preferredLocal: [128],
                            launches.input, launches.output, UInt32(count), KernelTable(palette.entries))
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        let count = input.width * input.height
        // Written whole: one output pixel for every input pixel.
        let pixels = [UInt8](pixelCapacity: count * 4, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                palette.entries.withUnsafeBufferPointer { table in
                    for i in 0..<count {
                        let p = i * 4
                        let level = SepiaPalette.gray(red: src[p], green: src[p + 1], blue: src[p + 2]) * 4
                        out[p] = table[level]
                        out[p + 1] = table[level + 1]
                        out[p + 2] = table[level + 2]
                        out[p + 3] = src[p + 3]
                    }
                }
            }
            initialised = count * 4
        }
        return try HostImage(width: input.width, height: input.height, pixels: pixels)
    }
}
