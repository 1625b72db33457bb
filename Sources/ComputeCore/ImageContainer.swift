import ImageCodecs
import ImageMaths

/// An image as it moves through steps and operations: its frames' pixels (on the host or on
/// one compute device), its metadata and what decoding learned about its source. Nuke's
/// `ImageContainer` and libvips' image header are the models: what an image has travels with
/// its pixels, so a step that needs the ICC profile, or a saver that writes it, finds it here
/// instead of in a closure reaching back to the decoder.
///
/// A value: steps return new containers. Every frame has the size of the first, checked
/// whenever frames are made or replaced.
public struct ImageContainer: Sendable {
    /// At least one; a still image has one.
    public private(set) var frames: [ImageFrame<PipelineImage>]
    public var metadata: ImageMetadata
    /// Set for decoded images; nil for images made in memory.
    public var facts: DecodeFacts?
    /// The frames after the first of an animation decoded with every frame
    /// (`DecodedImage.animation`), streamed: read by the one pipeline run that writes them.
    public package(set) var animation: AnimationFrames?

    /// The picture's size before shrink-on-load: the source's (oriented) size when these are the
    /// pixels of a reduced decode, else the pixels' own. Resizes compute their geometry from it.
    package var pictureSize: PixelSize {
        if let facts, facts.scaleDenominator > 1, facts.decodedSize == (width, height) {
            return PixelSize(width: facts.sourceWidth, height: facts.sourceHeight)
        }
        return PixelSize(width: width, height: height)
    }

    /// The first (for a still image, the only) frame's pixels.
    public var pixels: PipelineImage { frames[0].pixels }
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }

    /// An image made in memory, on the host.
    package init(_ image: HostImage, metadata: ImageMetadata = ImageMetadata()) {
        frames = [ImageFrame(.host(image))]
        self.metadata = metadata
        facts = nil
    }

    /// An image made in memory, on the host: `ImageContainer(image, metadata:)`, spelt as the
    /// pixels' own `.host(_:)` so chains read alike.
    public static func host(_ image: HostImage, metadata: ImageMetadata = ImageMetadata()) -> ImageContainer {
        ImageContainer(image, metadata: metadata)
    }

    /// Pixels already resident on a backend (a step's result), without metadata.
    package init(pixels: PipelineImage) {
        frames = [ImageFrame(pixels)]
        metadata = ImageMetadata()
        facts = nil
    }

    /// A decoded image: its frames on the host, its metadata and facts.
    public init(_ decoded: DecodedImage) {
        frames = decoded.frames.map { ImageFrame(.host($0.pixels), duration: $0.duration) }
        metadata = decoded.metadata
        facts = decoded.facts
        animation = decoded.animation
    }

    /// - Throws: `ImageGeometryError` when `frames` is empty or its sizes differ.
    public init(frames: [ImageFrame<PipelineImage>], metadata: ImageMetadata = ImageMetadata(),
                facts: DecodeFacts? = nil) throws(ImageGeometryError) {
        try frames.checkFrameGeometry()
        self.frames = frames
        self.metadata = metadata
        self.facts = facts
    }

    /// The same image with each frame's pixels replaced by `transform`'s result (one step
    /// applied to every frame); durations, metadata and facts are kept.
    public func mapFrames(_ transform: (PipelineImage) throws -> PipelineImage) throws -> ImageContainer {
        var copy = self
        copy.frames = try frames.map { ImageFrame(try transform($0.pixels), duration: $0.duration) }
        try copy.frames.checkFrameGeometry()
        return copy
    }

    /// The first frame's pixels on the host, downloading them from the device that holds them
    /// if needed.
    public func hostImage() throws -> HostImage { try pixels.hostImage() }

    /// The same image with its one frame's pixels replaced (a step's result on a still image);
    /// metadata, facts and the duration are kept.
    /// - Throws: `ImageGeometryError.frameSizesDiffer` when the image has several frames.
    package func replacingPixels(with pixels: PipelineImage) throws(ImageGeometryError) -> ImageContainer {
        guard frames.count == 1 else { throw .frameSizesDiffer }
        var copy = self
        copy.frames = [ImageFrame(pixels, duration: frames[0].duration)]
        return copy
    }
}
