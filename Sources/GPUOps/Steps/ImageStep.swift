import ComputeCore

/// One per-image step between decoding and encoding (scale, crop, colour conversion, a
/// kernel), as a plain value: what it does is fixed when it is made, and it can be applied to
/// any number of images from any thread.
///
/// A step applies to every frame of the image and passes the metadata on (changing it only
/// where it changes what the metadata describes: the sRGB conversion drops the profile it
/// converted from). The result is resident on `backend`: a device keeps the pixels for the
/// next step, so a run of steps costs one upload and one download per image. The
/// `…ImageOperation` classes are `Operation` adapters over these values, and the batch, `verify`
/// and `bench` run the same values through `ThumbnailPipeline`.
public protocol ImageStep: Sendable {
    func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer
}
