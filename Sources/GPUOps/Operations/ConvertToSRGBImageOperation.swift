import ComputeCore
import ImageCodecs
import OperationChain

/// Converts an image from its embedded ICC profile to sRGB (`--icc srgb`) with lcms2,
/// perceptual intent, no black-point compensation, as Pillow's `ImageCms.profileToProfile`.
///
/// The batch runs it right after the scale and crop, so it converts thumbnail-sized images.
/// lcms2 runs on the host for every backend, so the CPU and a device give the same bytes; on a
/// device it costs one download and one upload of the image. An image without a profile is
/// sRGB already and passes unchanged (so does a CMYK image its decoder converted through its
/// profile: it no longer has one). A profile lcms2 cannot use fails the image with a
/// `ColourProfileError`.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class ConvertToSRGBImageOperation: ChainableOperation<PipelineImage, PipelineImage>, @unchecked Sendable {
    public let backend: any ComputeBackend
    /// The image's ICC profile, asked for when the operation runs (so it can come from the
    /// load operation before it), or nil when it has none.
    public let profile: @Sendable () -> [UInt8]?

    public init(backend: any ComputeBackend, profile: @escaping @Sendable () -> [UInt8]?, input: PipelineImage? = nil) {
        self.backend = backend
        self.profile = profile
        super.init(input: input)
    }

    public override func execute(_ input: PipelineImage) throws -> PipelineImage {
        guard let profile = profile() else { return input }
        let transform = try ColourTransform.toSRGB(from: profile)
        guard transform.input != .cmyk else {
            // A CMYK profile on an image decoded as RGB (its decoder found no CMYK pixels).
            throw ColourProfileError.doesNotMatchImage("CMYK")
        }
        var image = try input.hostImage()
        // Decoders write gray as R = G = B, and the scale keeps it so (the same arithmetic on
        // each channel): anything else is a colour image with a gray profile.
        if transform.input == .gray, !Self.isGray(image) { throw ColourProfileError.doesNotMatchImage("GRAY") }
        transform.apply(to: &image)
        if case .device = input { return try backend.makeResident(.host(image)) }
        return .host(image)
    }

    static func isGray(_ image: HostImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            stride(from: 0, to: p.count, by: 4).allSatisfy { p[$0] == p[$0 + 1] && p[$0] == p[$0 + 2] }
        }
    }
}
