/// Which frames of an animated input a decode hands on (`--frames`).
public enum FrameSelection: String, Sendable, CaseIterable {
    /// Every frame, streamed one at a time (`DecodedImage.animation`).
    case all
    /// The first frame alone, as before animations were read: what an output that cannot
    /// animate (JPEG, PNG, AVIF) writes.
    case first
}
