import ComputeCore
import ImageCodecs

/// Converts an image from its embedded ICC profile (`metadata.iccProfile`) to sRGB with lcms2,
/// perceptual intent, no black-point compensation, as Pillow's `ImageCms.profileToProfile`;
/// the result carries no profile (it is sRGB now).
///
/// lcms2 runs on the host for every backend, so the CPU and a device give the same bytes; on a
/// device it costs one download and one upload of the image, which is why the thumbnail
/// pipeline runs it after the scale. An image without a profile is sRGB already and passes
/// unchanged (so does a CMYK image its decoder converted through its profile: it no longer has
/// one). A profile lcms2 cannot use fails the image with a `ColourProfileError`.
public struct ConvertToSRGBStep: ImageStep, Equatable {
    public init() {}

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        guard let profile = image.metadata.iccProfile else { return image }
        let transform = try ColourTransform.toSRGB(from: profile)
        guard transform.input != .cmyk else {
            // A CMYK profile on an image decoded as RGB (its decoder found no CMYK pixels).
            throw ColourProfileError.doesNotMatchImage("CMYK")
        }
        var converted = try image.mapFrames { pixels in
            var host = try pixels.hostImage()
            // Decoders write gray as R = G = B, and the scale keeps it so (the same arithmetic on
            // each channel): anything else is a colour image with a gray profile.
            if transform.input == .gray, !Self.isGray(host) { throw ColourProfileError.doesNotMatchImage("GRAY") }
            transform.apply(to: &host)
            if case .device = pixels { return try backend.makeResident(.host(host)) }
            return .host(host)
        }
        converted.metadata.iccProfile = nil
        return converted
    }

    static func isGray(_ image: HostImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            stride(from: 0, to: p.count, by: 4).allSatisfy { p[$0] == p[$0 + 1] && p[$0] == p[$0 + 2] }
        }
    }
}
