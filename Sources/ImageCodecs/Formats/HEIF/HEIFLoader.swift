import CHEIF
import CHEIFZeroFill

/// HEIC/HEIF through libheif 1.15 (HEVC by libde265): the primary image with its
/// transformations (`irot`, `imir`, `clap`) applied, as pillow-heif shows it, with alpha;
/// converted by libheif to 8-bit RGBA, within 1 of pillow-heif 1.8.1 (which carries a newer
/// libheif). The orientation is baked in by libheif, so it is reported as `.topLeft`; the
/// `colr` ICC profile is read, and the `Exif` and XMP items when asked (`HEIFMetadataItems`).
///
/// libheif before 1.18 refuses some iOS 18 files ("Metadata not correctly assigned to image");
/// the error says so and what to do.
///
/// A damaged HEVC stream whose slices end before the picture does decodes with libheif's
/// success and no warning from libde265; the CTBs never decoded are zeros (Y = Cb = Cr = 0:
/// RGB (0, 135, 0) after libheif 1.15's conversion, (0, 136, 0) in pillow-heif, whose libde265
/// clears new pictures), never what the heap held: see `picturesStartAsZeros`. A grid whose tiles do
/// not cover it is refused, as libheif 1.18 and pillow-heif do (`HEIFGridCoverage`).
struct HEIFLoader: ReopeningImageLoader {
    let file: [UInt8]
    let source: String
    let header: ImageHeader

    /// Brands of HEVC-coded and generic HEIF files (AVIF's are checked first by the registry).
    static let brands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    static let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult = { b in
        guard let found = ISOMediaBrands.brands(b), !ISOMediaBrands.isAVIF(b),
              found.contains(where: { brands.contains($0) }) else { return .unrecognised }
        return .format(.heif)
    }

    /// The hint added to libheif's message for the iOS 18 files it cannot read.
    static let metadataHint = "libheif 1.18 or later reads this file (some iOS 18 HEICs need it): upgrade libheif, "
        + "or convert the file with a newer heif-convert first"

    /// Whether libde265 clears each picture it allocates: from 1.0.16 it does; for older ones
    /// (Debian 12 has 1.0.11) CHEIFZeroFill replaces its allocator, once, before the first
    /// decode (a `static let` runs once, and every HEIF decode reads it first).
    static let picturesStartAsZeros = gg_heif_zero_fill_new_pictures() != 0

    /// A context over `bytes` (which must outlive it) and its primary image's handle.
    final class Primary {
        let context: OpaquePointer
        let handle: OpaquePointer

        init(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
            guard let context = heif_context_alloc() else {
                throw ImageCodecError(source: source, reason: .corrupt("libheif: out of memory"))
            }
            var error = heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil)
            var handle: OpaquePointer?
            if error.code == heif_error_Ok { error = heif_context_get_primary_image_handle(context, &handle) }
            guard error.code == heif_error_Ok, let handle else {
                // The message lives in the context: read it before freeing it.
                let failure = HEIFLoader.failure(error, source: source)
                heif_context_free(context)
                throw failure
            }
            self.context = context
            self.handle = handle
        }

        deinit {
            heif_image_handle_release(handle)
            heif_context_free(context)
        }
    }

    static func failure(_ error: heif_error, source: String) -> ImageCodecError {
        if error.subcode == heif_suberror_End_of_data { return ImageCodecError(source: source, reason: .truncated) }
        return failure(message: error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)",
                       source: source)
    }

    /// libheif's message as one error, with `metadataHint` after the iOS 18 refusal.
    static func failure(message: String, source: String) -> ImageCodecError {
        let hint = message.contains("Metadata not correctly assigned to image") ? "; " + metadataHint : ""
        return ImageCodecError(source: source, reason: .corrupt("libheif: \(message)\(hint)"))
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) -> ImageHeader {
        let primary = try Primary(bytes, source: source)
        return ImageHeader(format: .heif, storedWidth: Int(heif_image_handle_get_width(primary.handle)),
                           storedHeight: Int(heif_image_handle_get_height(primary.handle)), orientation: .topLeft)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, options: DecodeOptions,
                               source: String) throws(ImageCodecError) -> DecodedImage {
        let primary = try Primary(bytes, source: source)
        let width = Int(heif_image_handle_get_width(primary.handle))
        let height = Int(heif_image_handle_get_height(primary.handle))
        guard width > 0, height > 0 else { throw ImageCodecError(source: source, reason: .corrupt("HEIF size \(width)x\(height)")) }
        // The coded size before a rotation may swap the sides; budget the larger decode.
        try ImageDecoder.checkMemoryBudget(width: width, height: height, options: options, source: source)
        guard picturesStartAsZeros else {
            let version = String(cString: gg_heif_libde265_version())
            throw ImageCodecError(source: source, reason: .corrupt(
                "libde265 \(version) does not clear new pictures and its allocator could not be replaced"))
        }
        // libheif 1.15 leaves the part of a grid its tiles do not reach as it found the memory.
        if let refusal = HEIFGridCoverage.refusal(bytes) {
            throw ImageCodecError(source: source, reason: .corrupt("libheif: \(refusal)"))
        }
        var image: OpaquePointer?
        let error = heif_decode_image(primary.handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
        guard error.code == heif_error_Ok, let image else { throw failure(error, source: source) }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(heif_image_get_width(image, heif_channel_interleaved)) == width,
              Int(heif_image_get_height(image, heif_channel_interleaved)) == height, Int(stride) >= width * 4 else {
            throw ImageCodecError(source: source, reason: .corrupt("libheif returned no RGBA plane of \(width)x\(height)"))
        }
        // Written whole: every row is copied from libheif's plane, checked above to be this size.
        let pixels = [UInt8](pixelCapacity: width * height * 4, .writtenWhole) { out, initialized in
            for y in 0..<height {
                UnsafeMutableRawPointer(out.baseAddress!).advanced(by: y * width * 4)
                    .copyMemory(from: plane.advanced(by: y * Int(stride)), byteCount: width * 4)
            }
            initialized = width * height * 4
        }
        let opaque = heif_image_handle_has_alpha_channel(primary.handle) == 0
        var decoded = finish(HostImage(width: width, height: height, computedPixels: pixels), header: header,
                             options: options, opaque: opaque)
        // libheif turns the pixels by `irot`/`imir` whatever `applyOrientation` says: a kept
        // EXIF Orientation must say 1.
        decoded.metadata.orientationApplied = true
        return decoded
    }

    /// The primary image's `Exif` and XMP (`mime`, `application/rdf+xml`) items (`HEIFMetadataItems`).
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        guard wanted.contains(.exif) || wanted.contains(.xmp), let primary = try? Primary(bytes, source: "") else {
            return MetadataBlocks()
        }
        return HEIFMetadataItems.blocks(primary.handle, wanted: wanted)
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let primary = try? Primary(bytes, source: "") else { return nil }
        let type = heif_image_handle_get_color_profile_type(primary.handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(primary.handle)
        guard size > 0, size <= ICCProfile.maximumBytes else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(primary.handle, $0.baseAddress) }
        return error.code == heif_error_Ok ? profile : nil
    }
}
