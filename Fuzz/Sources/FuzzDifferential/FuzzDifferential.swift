import ComputeDevices
import FuzzSupport
import GPUOps
import ImageMaths

/// The CPU backend against every OpenCL device (POCL in CI): a small image and up to four
/// operations (resize with or without a window, crop, glitch, premultiply, sepia, tilt-shift, sharpen,
/// and a user's own kernel, a 3×3 convolution), all with parameters from the input. The two
/// must give the same bytes, or both fail with the same argument error (docs/SPEC.md: every
/// backend gives the same bytes).
@_cdecl("FuzzDifferential_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let image = smallImage(&input)
        var steps: [Step] = []
        for _ in 0..<input.int(in: 1...4) { steps.append(Step(&input)) }
        let reference = outcome(of: steps, on: image, backend: cpu)
        for device in devices {
            let result = outcome(of: steps, on: image, backend: device)
            switch (reference, result) {
            case (.success(let a), .success(let b)):
                FuzzDriver.require(a == b, "\(device.name) differs from the CPU backend for \(steps) on "
                                   + "\(image.width)×\(image.height): \(PixelDifference.first(a, b).map { "\($0)" } ?? "sizes")")
            case (.failure(let a), .failure(let b)):
                FuzzDriver.require(a == b, "\(steps): CPU backend failed with \(a), \(device.name) with \(b)")
            default:
                FuzzDriver.require(false, "\(steps): CPU backend \(reference), \(device.name) \(result)")
            }
        }
    }
}

/// Every OpenCL device, opened once (on the first input).
private let devices: [any ComputeBackend] = {
    let (devices, unusable) = BackendParity.openCLBackends()
    guard !devices.isEmpty else {
        fatalError("FuzzDifferential needs an OpenCL device (POCL); none usable: \(unusable)")
    }
    return devices
}()

private let cpu = CPUBackend(threads: 1)

/// 1…24 × 1…24 pixels, opaque or not, from a SplitMix64 stream seeded by the input.
private func smallImage(_ input: inout FuzzInput) -> HostImage {
    let width = input.int(in: 1...24), height = input.int(in: 1...24)
    let alpha = input.bool()
    return ParityImages.noise(width: width, height: height, seed: UInt64(input.uint32()), alpha: alpha)
}

/// One operation with its parameters.
private enum Step: CustomStringConvertible {
    case resize(width: Int, height: Int, window: PixelRect?, filter: ResampleFilter)
    case crop(PixelRect)
    case glitch(GlitchParameters)
    case premultiply
    case unpremultiply
    case effect(ImageEffect)
    case convolution(Convolution3x3Kernel)

    init(_ input: inout FuzzInput) {
        switch input.byte() % 7 {
        case 0:
            let width = input.int(in: 1...40), height = input.int(in: 1...40)
            var window: PixelRect? = nil
            if input.bool() {
                let x = input.int(in: 0...width - 1), y = input.int(in: 0...height - 1)
                window = PixelRect(x: x, y: y, width: input.int(in: 1...width - x), height: input.int(in: 1...height - y))
            }
            self = .resize(width: width, height: height, window: window, filter: input.pick(ResampleFilter.allCases))
        case 1:
            // Sometimes outside the image: both backends must refuse it alike.
            self = .crop(PixelRect(x: input.int(in: -2...30), y: input.int(in: -2...30),
                                   width: input.int(in: 0...30), height: input.int(in: 0...30)))
        case 2:
            let optional = { (input: inout FuzzInput, range: ClosedRange<Int>) -> Int? in
                input.bool() ? input.int(in: range) : nil
            }
            self = .glitch(GlitchParameters(seed: input.uint32(), shift: optional(&input, -1...40),
                                            edge: input.pick(GlitchEdge.allCases),
                                            scanlinePeriod: input.int(in: -1...8), scanlineThickness: input.int(in: -1...8),
                                            scanlineStrength: input.int(in: -1...256), tears: input.int(in: -1...40),
                                            tearShift: optional(&input, -1...60), tearHeight: optional(&input, 0...30)))
        case 3: self = .premultiply
        case 4: self = .unpremultiply
        case 5:
            if input.bool() {
                let colour = { (input: inout FuzzInput) in RGBColor(red: input.byte(), green: input.byte(), blue: input.byte()) }
                self = .effect(.sepia(SepiaKernel(black: colour(&input), mid: colour(&input), white: colour(&input))))
            } else if input.bool() {
                // Sharpen, past its limits at times: a refused one is a premultiply.
                if let kernel = try? SharpenKernel(radius: Double(input.int(in: 0...400)) / 10,
                                                   percent: input.int(in: -1...1000) * 11, threshold: input.int(in: 0...256)) {
                    self = .effect(.sharpen(kernel))
                } else {
                    self = .premultiply
                }
            } else {
                let fraction = { (input: inout FuzzInput) in Double(input.int(in: 0...1000)) / 1000 }
                let radius = Double(input.int(in: 0...400)) / 10
                if let kernel = try? TiltShiftKernel(radius: radius, centre: fraction(&input), band: fraction(&input),
                                                     fade: fraction(&input)) {
                    self = .effect(.tiltShift(kernel))
                } else {
                    self = .premultiply
                }
            }
        default:
            let weights = (0..<9).map { _ in Int32(input.int(in: -64...64)) }
            let divisor = Int32(input.int(in: 1...64)) * (input.bool() ? -1 : 1)
            self = .convolution(Convolution3x3Kernel(weights: weights, divisor: divisor))
        }
    }

    func apply(_ image: PipelineImage, on backend: any ComputeBackend) throws -> PipelineImage {
        switch self {
        case let .resize(width, height, window, filter):
            return try backend.resample(image, plan: ResamplePlan(inputWidth: image.width, inputHeight: image.height,
                                                                  outputWidth: width, outputHeight: height,
                                                                  window: window, filter: filter))
        case .crop(let rect): return try backend.crop(image, to: rect)
        case .glitch(let parameters):
            return try backend.run(GlitchKernel(parameters: parameters), on: image)
        case .premultiply: return try backend.premultiply(image)
        case .unpremultiply: return try backend.unpremultiply(image)
        case .effect(let effect): return try backend.run(effect.kernel, on: image)
        case .convolution(let kernel): return try backend.run(kernel, on: image)
        }
    }

    var description: String {
        switch self {
        case let .resize(width, height, window, filter): "resize(\(width)×\(height), window: \(window.map { "\($0)" } ?? "all"), \(filter))"
        case .crop(let rect): "crop(\(rect))"
        case .glitch(let p): "glitch(\(p))"
        case .premultiply: "premultiply"
        case .unpremultiply: "unpremultiply"
        case .effect(let effect): "\(effect)"
        case .convolution(let k): "convolution(\(k.weights) / \(k.divisor))"
        }
    }
}

/// The result's bytes, or the error's description (the same on every backend for a bad
/// argument; a backend's own failure, such as a device error, names the backend and so shows
/// as a difference).
private func outcome(of steps: [Step], on image: HostImage, backend: any ComputeBackend) -> Result<HostImage, FuzzFailure> {
    do {
        var current = PipelineImage.host(image)
        for step in steps { current = try step.apply(current, on: backend) }
        return .success(try current.hostImage())
    } catch {
        return .failure(FuzzFailure(description: "\(error)"))
    }
}

private struct FuzzFailure: Error, Equatable, CustomStringConvertible {
    var description: String
}

/// A user's own kernel, written with the public kernel API only: a 3×3 integer convolution,
/// edges clamped, alpha kept, truncating division (as C and Swift divide).
struct Convolution3x3Kernel: ImageKernel {
    var weights: [Int32]
    var divisor: Int32

    var name: String { "fuzz_convolution3x3" }

    var program: KernelProgramSource {
        KernelProgramSource("""
            __kernel void fuzz_convolution3x3(__global const uchar4 *src, __global uchar4 *dst, int width, int height,
                                              __global const int *w, int divisor) {
                int x = get_global_id(0), y = get_global_id(1);
                if (x >= width || y >= height) return;
                int4 sum = (int4)(0);
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int sx = clamp(x + dx, 0, width - 1), sy = clamp(y + dy, 0, height - 1);
                        sum += convert_int4(src[sy * width + sx]) * w[(dy + 1) * 3 + dx + 1];
                    }
                }
                int4 v = clamp(sum / divisor, 0, 255);
                dst[y * width + x] = (uchar4)((uchar)v.x, (uchar)v.y, (uchar)v.z, src[y * width + x].w);
            }
            """)
    }

    static let function = KernelFunction<KernelImage, KernelImage, Int32, Int32, KernelTable, Int32>("fuzz_convolution3x3")

    func encode(_ launches: inout KernelLaunches) throws {
        let (w, h) = (launches.input.width, launches.input.height)
        try launches.launch(Self.function, global: [w, h], local: nil,
                            launches.input, launches.output, Int32(w), Int32(h), KernelTable(weights), divisor)
    }

    func outputIsOpaque(inputIsOpaque: Bool) -> Bool { inputIsOpaque }

    func runOnHost(_ input: HostImage) throws -> HostImage {
        let (w, h) = (input.width, input.height)
        var out = input.pixels
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    var sum: Int32 = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let sx = min(max(x + dx, 0), w - 1), sy = min(max(y + dy, 0), h - 1)
                            sum += Int32(input.pixels[(sy * w + sx) * 4 + c]) * weights[(dy + 1) * 3 + dx + 1]
                        }
                    }
                    out[(y * w + x) * 4 + c] = UInt8(min(max(sum / divisor, 0), 255))
                }
            }
        }
        return HostImage(width: w, height: h, computedPixels: out)
    }
}
