import ComputeCore
import ComputeDevices
import FuzzSupport
import ImageCodecs
import ImageMaths
import OpenCLCompute

/// The device JPEG decoder (issue 35 stages 1 and 2) against libjpeg-turbo on the host, on mutated
/// JPEGs: the first byte picks the shrink-on-load scale (1, 1/2, 1/4, 1/8), `--fail-on
/// warning` and whether the EXIF orientation is applied; the rest is the file. A file the
/// host refuses must be refused for the device with the same error; one the host reads must
/// be decoded on every OpenCL device (POCL in CI) to the host's bytes, or sent to the host
/// (`JPEGCoefficientReader` returning nil, or a device turning the coefficients down): never
/// decoded differently. Metadata and facts must match too. Baseline files take stage 2 (the
/// Huffman decode on the device, which must decline any stream that is not clean), every
/// input also goes through `JPEGBaselineParser` on its own (it must not trap on any bytes),
/// and where the parser accepts a file, the stage 1 path must give the same pixels. Such a
/// file's scan is also cut into chunks of 1, 4, 32 or 256 bytes (bits 2–3 of the first byte;
/// a decode cuts it into 512-byte ones, more than most inputs here hold), so that chunks start
/// mid-block and must settle in the rounds: the device's coefficients must be libjpeg-turbo's,
/// or the image declined.
@_cdecl("FuzzJPEGDevice_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let flags = input.byte()
        let file = input.rest()
        var options = DecodeOptions(applyOrientation: flags & 0x10 == 0, failOnWarnings: flags & 0x20 != 0,
                                    memoryBudget: 256 << 20)
        options.maxPixels = 4_000_000
        let denominator = 1 << Int(flags & 3)
        if denominator > 1 {
            options.minimumSize = { @Sendable w, h in
                PixelSize(width: max(1, w / (2 * denominator)), height: max(1, h / (2 * denominator)))
            }
        }
        let baseline = file.withUnsafeBytes { JPEGBaselineParser.parse($0) } != nil
        let host: Result<DecodedImage, ImageCodecError> = Result { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: file, source: "fuzz", options: options)
        }
        let stage2 = compare(file, host: host, options: options, stage: .entropy)
        if baseline {
            let stage1 = compare(file, host: host, options: options, stage: .coefficients)
            if case .jpegCoefficients(let stage2)? = stage2, case .jpegCoefficients(let stage1)? = stage1 {
                compareChunks(stage2: stage2, stage1: stage1, chunkBytes: [1, 4, 32, 256][Int(flags >> 2) & 3])
            }
        }
    }
}

/// Every OpenCL device, opened once (on the first input).
private let devices: [any ComputeBackend] = {
    let (devices, unusable) = BackendParity.openCLBackends()
    guard !devices.isEmpty else {
        fatalError("FuzzJPEGDevice needs an OpenCL device (POCL); none usable: \(unusable)")
    }
    return devices
}()

/// Compares `file` read for the device at `stage` with the host's decode of it (`host`), and
/// returns what was read for the device, for `compareChunks` to use again.
private func compare(_ file: [UInt8], host: Result<DecodedImage, ImageCodecError>, options: DecodeOptions,
                     stage: JPEGDeviceStage) -> DeviceDecodeInput? {
    let device: Result<DeviceDecodeInput, ImageCodecError> = Result { () throws(ImageCodecError) in
        try ImageDecoder.decodeForDevice(data: file, source: "fuzz", options: options, stage: stage)
    }
    switch (host, device) {
    case (.failure(let expected), .failure(let actual)):
        FuzzDriver.require(expected.description == actual.description, "host: \(expected); for the device: \(actual)")
    case (.success(let expected), .success(.decoded(let actual))):
        FuzzDriver.require(expected.image == actual.image && expected.metadata == actual.metadata
                           && expected.facts == actual.facts, "the host decoder gave two answers")
    case (.success(let expected), .success(.jpegCoefficients(let jpeg))):
        var facts = jpeg.facts
        facts.decodedOnDevice = false
        facts.deviceDecodeStage = nil
        FuzzDriver.require(jpeg.metadata == expected.metadata && facts == expected.facts,
                           "metadata or facts differ: \(jpeg.facts) against \(expected.facts)")
        for backend in devices {
            do {
                guard let pixels = try backend.core.decodeJPEG(jpeg.coefficients) else {
                    let host = try jpeg.decodeOnHost()
                    FuzzDriver.require(host.image == expected.image, "declined, then the host decode differs")
                    continue
                }
                let image = try pixels.hostImage()
                FuzzDriver.require(image == expected.image,
                                   "\(backend.name): \(PixelDifference.first(expected.image, image).map { "\($0)" } ?? "sizes")")
            } catch {
                FuzzDriver.require(false, "\(backend.name) failed: \(error)")
            }
        }
    case (.failure(let expected), .success(.jpegCoefficients(let jpeg))) where !jpeg.coefficients.scanReadOnHost:
        // Stage 2 leaves the scan unread on the host: every device must decline a stream
        // libjpeg-turbo refuses, and the host decode the caller then makes must fail alike.
        for backend in devices {
            let decoded = try? backend.core.decodeJPEG(jpeg.coefficients)
            FuzzDriver.require(decoded == nil, "\(backend.name) decoded a stream the host refuses (\(expected))")
        }
        do {
            _ = try jpeg.decodeOnHost()
            FuzzDriver.require(false, "the host refused it (\(expected)); decodeOnHost read it")
        } catch {
            FuzzDriver.require(error.description == expected.description, "host: \(expected); after the device: \(error)")
        }
    case (.success, .failure(let error)):
        FuzzDriver.require(false, "the host decoded it; for the device: \(error)")
    case (.failure(let error), .success):
        FuzzDriver.require(false, "the host refused it (\(error)); for the device it was read")
    }
    return try? device.get()
}

/// The device's Huffman decode of a file read for stage 2, cut into chunks of `chunkBytes`,
/// against libjpeg-turbo's coefficients (the same file read for stage 1): equal, or declined
/// (always allowed; required where libjpeg-turbo warns).
private func compareChunks(stage2: JPEGCoefficientImage, stage1: JPEGCoefficientImage, chunkBytes: Int) {
    guard stage2.coefficients.entropyScan != nil else { return }
    let expected = stage1.coefficients.hostBlockArrays()
    for case let opencl as OpenCLBackend in devices {
        do {
            guard let got = try opencl.entropyDecodeJPEG(stage2.coefficients, chunkBytes: chunkBytes) else { continue }
            FuzzDriver.require(expected != nil, "\(opencl.name): chunks of \(chunkBytes) B decoded a stream libjpeg-turbo warns on")
            FuzzDriver.require(got == expected, "\(opencl.name): chunks of \(chunkBytes) B gave other coefficients")
        } catch {
            FuzzDriver.require(false, "\(opencl.name) failed: \(error)")
        }
    }
}
