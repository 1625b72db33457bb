import Foundation

/// How many bytes one image may take while it is decoded and processed, checked against an
/// estimate from its header before any pixel memory is allocated: a file whose header promises
/// more than the machine can hold fails alone, with one line, instead of the allocation taking
/// the whole process (and every other image of the batch) down.
///
/// The default for a batch is half of the memory this process may use — the smaller of the
/// machine's available memory (`MemAvailable`) and a cgroup v2 limit (`memory.max`) — shared
/// by the images in flight.
@usableFromInline package enum MemoryBudget {
    /// Bytes a decoded image is estimated to need per pixel: the RGBA result (4), the decoder's
    /// own buffer (up to 8 for 16-bit RGBA PNG data); the resampling copies after it are bounded
    /// by the output size, not the input.
    package static let bytesPerPixel = 12

    /// The estimated peak bytes of decoding (and starting to process) a `width × height` image
    /// (`Int.max` when that does not fit an `Int`).
    package static func estimate(width: Int, height: Int) -> Int {
        saturating(saturating(width, times: height), times: bytesPerPixel)
    }

    /// The same, for a decoder whose own buffers hold `decoderBytes` at its peak, which may be
    /// more than the 8 bytes a pixel `estimate` allows (a TIFF of many samples a pixel): the
    /// RGBA result and those buffers, or `estimate`, whichever is larger.
    package static func estimate(width: Int, height: Int, decoderBytes: Int) -> Int {
        let rgba = saturating(saturating(width, times: height), times: 4)
        return max(estimate(width: width, height: height), saturating(rgba, plus: decoderBytes))
    }

    /// `a + b`, or `Int.max` when it overflows (both non-negative).
    static func saturating(_ a: Int, plus b: Int) -> Int {
        let sum = a.addingReportingOverflow(b)
        return sum.overflow ? Int.max : sum.partialValue
    }

    /// `a · b`, or `Int.max` when it overflows (both non-negative).
    static func saturating(_ a: Int, times b: Int) -> Int {
        let product = a.multipliedReportingOverflow(by: b)
        return product.overflow ? Int.max : product.partialValue
    }

    /// The budget of one image when `imagesInFlight` are processed at once.
    @usableFromInline package static func perImage(imagesInFlight: Int) -> Int {
        max(64 << 20, usableBytes / 2 / max(1, imagesInFlight))
    }

    /// The memory this process may use: the smaller of `MemAvailable` and the cgroup limit.
    package static let usableBytes: Int = {
        var limit = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        if let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kib = Int(line.split(separator: " ").dropFirst().first ?? "") {
            limit = min(limit, kib * 1024)
        }
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
           let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            limit = min(limit, bytes)
        }
        return limit
    }()
}
