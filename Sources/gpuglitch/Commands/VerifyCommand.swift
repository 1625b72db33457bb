import ArgumentParser
import Foundation
import GPUOps

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
        let reference = CPUFallback.singleThreaded()
        var settings = try image.settings()
        settings.memoryBudgetPerImage = MemoryBudget.perImage(imagesInFlight: 1)
        let pipeline = ThumbnailPipeline(settings: settings)
        let fault = ProcessInfo.processInfo.environment[Self.faultVariable].flatMap(Int.init)
        var identical = 0, other = 0
        for input in InputDiscovery().discover(inputs) {
            let name = ControlCharacterEscaping.escaped(input.name)
            let line: String
            do {
                let decoded = try decode(input)
                let expected = try pipeline.render(decoded, on: reference)
                var actual = try pipeline.render(decoded, on: target)
                if let fault, actual.pixels.indices.contains(fault) {
                    var pixels = actual.pixels
                    pixels[fault] ^= 1
                    actual = HostImage(width: actual.width, height: actual.height, pixels: pixels)
                }
                if let difference = PixelDifference.first(expected, actual) {
                    line = "\(name): \(difference) (cpu vs \(target.name))"
                    other += 1
                } else {
                    line = "\(name): identical"
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

    private func decode(_ input: DiscoveredInput) throws -> HostImage {
        switch input.content {
        case .failure(let reason):
            throw VerifyInputError(reason: reason)
        case .image(source: .url, _, _):
            throw VerifyInputError(reason: "verify reads files only; download the URL first")
        case .image(source: .file(let path), _, _):
            return try ImageDecoder.decode(contentsOf: path, options: ThumbnailPipeline(settings: image.settings()).decodeOptions).image
        }
    }
}

/// An input verify cannot read, with the reason for its line.
struct VerifyInputError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
