/// One animation file being read frame after frame, each frame the whole canvas as Pillow 13
/// shows it after `seek(i)` (the format's disposal and blending applied), in RGBA. A reader
/// holds the file and at most the canvas and what its disposal needs (the previous canvas),
/// never the frames it has handed out: an animation streams through the pipeline.
///
/// A class: it wraps a C decoder's state, which moves on with every frame. Not thread-safe;
/// `AnimationFrames` serialises access.
package protocol AnimationFrameReader: AnyObject {
    /// The canvas, which every frame fills.
    var width: Int { get }
    var height: Int { get }
    /// How often the animation plays: 0 forever, N times N, nil when the file says nothing
    /// (a GIF without a NETSCAPE2.0 block plays once).
    var loopCount: Int? { get }
    /// The number of frames when the file states it before they are read (WebP, APNG, AVIF);
    /// nil for GIF, whose frames are only counted by reading them.
    var declaredFrameCount: Int? { get }
    /// The next frame with its duration (nil when the file gives none), or nil after the
    /// last. Damaged frame data is an error (`.truncated`, `.corrupt`), never a short frame.
    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>?
}
