import ArgumentParser
import Foundation
import GPUOps
import ImageCodecs
import SystemIO

/// `gpuglitch verify INPUT... --device D [image options]`: runs the job of `process` (decode,
/// scale and crop, effects, glitch; no encode) on the CPU backend and on D, and prints per
/// input "identical" or the first differing pixel with both values. How a user learns
/// whether a new GPU or driver gives the promised bytes (docs/CLI.md).
///
/// Exit codes: 0 every input identical, 1 any difference or an input that could not be
/// verified, 2 usage error, 3 the device is missing or is the CPU backend itself.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a device gives the CPU backend's bytes for each input.",
        discussion: """
            Runs the image pipeline of process (same options, no encoding) on the CPU backend \
            and on the device, and prints one line per input: identical, or the first \
            differing pixel with both RGBA values. Exit codes: 0 all identical, 1 a difference \
            or an input that could not be verified, 2 usage error, 3 device missing.
            """)

    /// Set to a byte index, flips the lowest bit of that byte of every device result: a
    /// self-test showing that verify reports a difference (used by the end-to-end tests).
    static let faultVariable = "GPUGLITCH_VERIFY_INJECT_FAULT"

    @Argument(help: ArgumentHelp("Image files and folders.", valueName: "input"))
    var inputs: [String] = []

    @OptionGroup(title: "Image options")
    var image: ThumbnailOptions

    @OptionGroup(title: "Device")
    var device: DeviceOptions

    mutating func validate() throws {
        if inputs.isEmpty { throw ValidationError("no inputs: give image files or folders") }
    }

    func run() throws {
        let selection = try device.select(quiet: false)
        guard selection.backend.kind != .cpu else {
            Console.error("gpuglitch: verify compares the CPU backend with an OpenCL device, and \(try device.request()) selected the CPU backend; name one with --device opencl or opencl:N\n")
            throw ExitStatus.deviceUnavailable
        }
        let target = selection.backend
        // Exactly the settings `process` runs with, but one image in flight at a time.
        var settings = try image.settings()
        settings.memoryBudgetPerImage = MemoryBudget.perImage(imagesInFlight: 1)
        settings.decode = device.decode.mode
        // A fixed --format jpeg flattens transparent images as process does (with keep, only
        // --flatten does: the format follows each input).
        let pipeline = ThumbnailPipeline(settings: settings, outputFormat: image.format.fixedFormat)
        // The reference is always libjpeg-turbo's decode on the CPU; the device's side is
        // decoded as `process` would decode it there (`--decode device`: the exactness check
        // of the device JPEG decoder, at every size of the run).
        let hostDecode = DecodeStep(options: pipeline.decodeOptions, mode: .host)
        let decodesOnDevice = settings.decode.decodesOnDevice(target)
        let fault = ProcessInfo.processInfo.environment[Self.faultVariable].flatMap(Int.init)
        var identical = 0, other = 0
        for input in InputDiscovery().discover(inputs) {
            let name = ControlCharacterEscaping.escaped(input.name)
            let line: String
            do {
                let decoded = try Self.decode(input, step: hostDecode, for: nil)
                let onTarget = decodesOnDevice ? try Self.decode(input, step: pipeline.decode, for: target) : decoded
                // Every size from the one decode through the path process takes (shared passes
                // included), on the CPU and on the device; the first size that differs is named.
                let reference = try pipeline.render(decoded, on: CPUBackend(threads: 1))
                var results = try pipeline.render(onTarget, on: target)
                if let fault { results = results.map { Self.flippingLowestBit(of: fault, in: $0) } }
                var mismatchLine: String?
                for (index, size) in settings.sizes.enumerated() where mismatchLine == nil {
                    if let difference = PixelDifference.first(reference[index], results[index]) {
                        let label = settings.sizes.count > 1 ? " at size \(size)" : ""
                        mismatchLine = "\(name): \(difference)\(label) (cpu vs \(target.name))"
                    }
                }
                if let mismatchLine {
                    line = mismatchLine
                    other += 1
                } else {
                    line = "\(name): identical" + (onTarget.facts?.decodedOnDevice == true ? " (decoded on the device)" : "")
                    identical += 1
                }
            } catch {
                line = "\(name): cannot verify: \(ControlCharacterEscaping.escaped(String(describing: error)))"
                other += 1
            }
            Console.output(line + "\n")
        }
        Console.output("\(identical) identical, \(other) not, on \(target.name)\n")
        if other > 0 { throw ExitStatus.someInputsFailed }
    }

    /// `input` decoded by `step`, for `backend` when one is given (`DecodeStep.decode(contentsOf:for:)`).
    private static func decode(_ input: DiscoveredInput, step: DecodeStep,
                               for backend: (any ComputeBackend)?) throws -> ImageContainer {
        switch input.content {
        case .failure(let reason):
            throw VerifyInputError(reason: reason)
        case .image(source: .url, _, _):
            throw VerifyInputError(reason: "verify reads files only; download the URL first")
        case .image(source: .file(let path), _, _):
            guard let backend else { return try step.decode(contentsOf: path) }
            return try step.decode(contentsOf: path, for: backend)
        }
    }

    /// The fault self-test: `image` with the lowest bit of byte `index` flipped (unchanged
    /// when the image has no such byte).
    private static func flippingLowestBit(of index: Int, in image: HostImage) -> HostImage {
        guard image.pixels.indices.contains(index) else { return image }
        var pixels = image.pixels
        pixels[index] ^= 1
        return HostImage(width: image.width, height: image.height, computedPixels: pixels)
    }
}

/// An input verify cannot read, with the reason for its line.
struct VerifyInputError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
