/// A JPEG's quantised DCT coefficients, with everything a device needs to make from them the
/// pixels `JPEGDecoder` (libjpeg-turbo 2.1 with the accurate integer IDCT and fancy
/// upsampling) makes: per component the blocks, the quantisation table, the IDCT size and the
/// upsampling libjpeg-turbo chooses at the decode's scale (docs/SPEC.md §9 states each rule).
///
/// Made by `JPEGCoefficientReader` only for what the device reproduces exactly: grayscale and
/// YCbCr files, any sampling libjpeg-turbo decodes, progressive ones where libjpeg-turbo does
/// not smooth blocks. Every other file is decoded on the host.
package struct JPEGCoefficients: Sendable {
    package enum ColourSpace: Int32, Sendable {
        /// One component, copied to R, G and B.
        case grayscale = 0
        /// Three components converted with jdcolor.c's tables.
        case yCbCr = 1
    }

    /// How a component's samples become one per output pixel (jdsample.c's choice).
    package enum Upsampling: Int32, Sendable {
        /// One sample a pixel already.
        case fullSize = 0
        /// Twice as wide: 3/4 of the nearer sample and 1/4 of the further one.
        case h2v1Fancy = 1
        /// Twice as wide and high: 9/16, 3/16, 3/16, 1/16 of the four nearest samples.
        case h2v2Fancy = 2
        /// Twice as high: 3/4 of the nearer row and 1/4 of the further one.
        case h1v2Fancy = 3
        /// Each sample repeated `horizontalExpansion` × `verticalExpansion` times.
        case replicate = 4
    }

    /// A component's blocks are `widthInBlocks × heightInBlocks` blocks of 64 coefficients in
    /// natural (row-major) order, block rows top to bottom, after the blocks of the components
    /// before it (`hostBlocks`, or the device's Huffman decode).
    package struct Component: Sendable {
        /// The 64 quantisation values in natural order.
        package let quantTable: [UInt16]
        package let widthInBlocks: Int
        package let heightInBlocks: Int
        /// Samples a block side makes at this scale: 8, 4, 2 or 1.
        package let idctSize: Int
        /// Samples of the component that hold picture (the rest of the last blocks is padding).
        package let downsampledWidth: Int
        package let downsampledHeight: Int
        package let upsampling: Upsampling
        /// For `.replicate`, how many pixels one sample covers across and down (1 otherwise).
        package let horizontalExpansion: Int
        package let verticalExpansion: Int
    }

    package let colourSpace: ColourSpace
    package let components: [Component]
    /// The decoded size, in the stored orientation (before `orientation`).
    package let width: Int
    package let height: Int
    /// Turns the decoded pixels into the displayed ones, as `JPEGDecoder` does on the host.
    package let orientation: ImageOrientation
    /// The full size of the picture, displayed orientation, and the shrink-on-load factor
    /// (`DecodeFacts`).
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let scaleDenominator: Int
    /// Set when the device Huffman-decodes the blocks from the file's scan (issue 35 stage 2);
    /// nil when libjpeg-turbo decoded them on the host into `blocks` (stage 1).
    package let entropyScan: JPEGEntropyScan?
    /// The blocks libjpeg-turbo entropy-decodes on the host (stage 1); nil with `entropyScan`.
    package let hostBlocks: JPEGHostBlocks?

    /// Whether the host has read the whole scan already: false when libjpeg-turbo decodes it
    /// only into the upload (`JPEGHostBlocks`) or the device decodes it (stage 2), so that a
    /// damaged stream is found there and the device declines the file.
    package var scanReadOnHost: Bool { hostBlocks?.readWithFile ?? false }

    /// Each component's blocks as an array, decoded by libjpeg-turbo on the host (for checks of
    /// the device's decode); nil where libjpeg-turbo stops on the stream or warns.
    package func hostBlockArrays() -> [[Int16]]? {
        hostBlocks?.arrays(blockCounts: components.map { $0.widthInBlocks * $0.heightInBlocks })
    }

    /// Bytes of coefficients: what a device decode uploads (stage 1) or decodes (stage 2).
    package var coefficientBytes: Int {
        components.reduce(0) { $0 + $1.widthInBlocks * $1.heightInBlocks * 64 * 2 }
    }
}
