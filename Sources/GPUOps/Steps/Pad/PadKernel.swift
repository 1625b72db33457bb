import ComputeCore
import ImageCodecs
import ImageMaths

/// The placement half of `--fit pad` as an `ImageKernel`: the input copied into a
/// `box`-sized output at `PadPlacement`'s offsets (Pillow's `ImageOps.pad` centring), the
/// background everywhere else. Pure copies, so the OpenCL launch and the host loop give the
/// same bytes.
struct PadKernel: ImageKernel, Equatable {
    let box: PixelSize
    let background: BackgroundColor

    var name: String { "pad" }
    var program: KernelProgramSource { Self.source }
    /// Made once, not per run: the backend looks it up on every run.
    static let source = KernelProgramSource(String(decoding: PackageResources.pad_cl, as: UTF8.self))
    static let pad = KernelFunction<KernelImage, KernelImage, Int32, Int32, Int32, Int32, Int32, Int32, UInt32>(
        "gpuglitch_pad")

    /// Where an input of `width × height` goes, or the error for one larger than the box.
    func placement(width: Int, height: Int) throws -> PadPlacement {
        guard let placement = PadPlacement(content: PixelSize(width: width, height: height), canvas: box) else {
            throw ImageOperationError.largerThanPadBox(width: width, height: height, box: box)
        }
        return placement
    }

    func outputSize(width: Int, height: Int) throws -> PixelSize { try placement(width: width, height: height).canvas }

    func outputIsOpaque(inputIsOpaque: Bool) -> Bool { inputIsOpaque && background.alpha == 255 }

    func encode(_ launches: inout KernelLaunches) throws {
        let input = launches.input, output = launches.output
        let at = try placement(width: input.width, height: input.height).content
        let rgba = background.rgba.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        try launches.launch(Self.pad, global: [output.width, output.height], preferredLocal: [16, 4],
                            input, output, Int32(input.width), Int32(input.height), Int32(output.width),
                            Int32(output.height), Int32(at.x), Int32(at.y), rgba)
    }

    func runOnHost(_ input: HostImage) throws -> HostImage {
        let placement = try placement(width: input.width, height: input.height)
        let canvas = placement.canvas, at = placement.content
        let rowBytes = canvas.width * 4, inputRowBytes = input.width * 4
        let fill = background.rgba
        // Written whole: every pixel gets the background, then the picture's rows over it.
        let pixels = [UInt8](pixelCapacity: canvas.height * rowBytes, .writtenWhole) { out, initialised in
            for i in stride(from: 0, to: out.count, by: 4) {
                out[i] = fill[0]
                out[i + 1] = fill[1]
                out[i + 2] = fill[2]
                out[i + 3] = fill[3]
            }
            input.pixels.withUnsafeBufferPointer { src in
                for row in 0..<at.height {
                    let from = row * inputRowBytes, to = (at.y + row) * rowBytes + at.x * 4
                    UnsafeMutableRawPointer(out.baseAddress! + to)
                        .copyMemory(from: src.baseAddress! + from, byteCount: inputRowBytes)
                }
            }
            initialised = out.count
        }
        return try HostImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }
}
