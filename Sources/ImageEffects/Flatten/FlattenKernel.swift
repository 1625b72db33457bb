import ComputeCore
import ImageCodecs

/// Transparent pixels laid over one colour: exactly Pillow's
/// `Image.alpha_composite(Image.new("RGBA", size, background), image)`, in its integer
/// arithmetic (`AlphaComposition`), so an output in a format without alpha shows what a
/// browser shows over that colour instead of the colour hidden under transparent pixels.
/// With an opaque background the result is opaque; an opaque pixel is left as it is.
public struct FlattenKernel: ImageKernel, Equatable {
    public let background: RGBColor
    /// The background's alpha, straight; 255 (the default) gives an opaque result.
    public let backgroundAlpha: UInt8

    public init(background: RGBColor, backgroundAlpha: UInt8 = 255) {
        self.background = background
        self.backgroundAlpha = backgroundAlpha
    }

    public var name: String { "flatten" }
    public var program: KernelProgramSource { Self.source }
    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(EffectKernelSources.flatten)

    static let flatten = KernelFunction<KernelImage, KernelImage, UInt32, UInt32>("gpuglitch_flatten")

    public func outputIsOpaque(inputIsOpaque: Bool) -> Bool { inputIsOpaque || backgroundAlpha == 255 }

    /// The background as one little-endian RGBA word, as the OpenCL C reads it.
    var backgroundWord: UInt32 {
        UInt32(background.red) | UInt32(background.green) << 8 | UInt32(background.blue) << 16
            | UInt32(backgroundAlpha) << 24
    }

    public func encode(_ launches: inout KernelLaunches) throws {
        let count = launches.input.width * launches.input.height
        try launches.launch(Self.flatten, global: [count], preferredLocal: [128],
                            launches.input, launches.output, UInt32(count), backgroundWord)
    }

    public func runOnHost(_ input: HostImage) throws -> HostImage {
        try runOnHost(input, parallelism: .serial)
    }

    public func runOnHost(_ input: HostImage, parallelism: RowParallelism) throws -> HostImage {
        let rowBytes = input.width * 4
        let composition = AlphaComposition(background: [background.red, background.green, background.blue, backgroundAlpha])
        // Written whole: every band writes each byte of its rows.
        let pixels = [UInt8](pixelCapacity: input.height * rowBytes, .writtenWhole) { out, initialised in
            input.pixels.withUnsafeBufferPointer { src in
                parallelism.forEachBand(rows: input.height, bytes: out.count) { band in
                    for p in stride(from: band.lowerBound * rowBytes, to: band.upperBound * rowBytes, by: 4) {
                        composition.composite(src, at: p, into: out)
                    }
                }
            }
            initialised = out.count
        }
        return try HostImage(width: input.width, height: input.height, pixels: pixels)
    }
}
