/// A decoded picture with everything its file carried: the frames (one for a still image),
/// the metadata and what decoding learned about the source.
public struct DecodedImage: Sendable {
    /// At least one; every frame has the size of the first.
    public let frames: [ImageFrame<HostImage>]
    public var metadata: ImageMetadata
    public var facts: DecodeFacts
    /// The frames after the first of an animation decoded with `DecodeOptions.frames == .all`,
    /// read as they are asked for; nil for a still image or when only the first frame was asked for.
    public package(set) var animation: AnimationFrames?

    /// The first (for a still image, the only) frame's pixels: RGBA8, oriented when
    /// `metadata.orientationApplied`, possibly shrunk on load.
    public var image: HostImage { frames[0].pixels }

    /// - Throws: `ImageGeometryError` when `frames` is empty or its sizes differ.
    package init(frames: [ImageFrame<HostImage>], metadata: ImageMetadata, facts: DecodeFacts)
        throws(ImageGeometryError) {
        try frames.checkFrameGeometry()
        self.frames = frames
        self.metadata = metadata
        self.facts = facts
    }

    /// A still picture, as a decoder makes it.
    package init(image: HostImage, metadata: ImageMetadata, facts: DecodeFacts) {
        frames = [ImageFrame(image)]
        self.metadata = metadata
        self.facts = facts
    }
}
