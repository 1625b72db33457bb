/// Which images of a batch run on the device it is given, and which on the CPU beside it.
///
/// The bytes are the same on either backend, so a batch is free to use both: a device fed
/// through a narrow path (every image is decoded on the host and copied across) can be slower
/// per image than the host's own cores, and then the cores should do most of the work.
public enum DeviceShare: Sendable, Equatable {
    /// Every image on the device.
    case all
    /// At most this many images (at least 1) on the device at once; the others on the CPU
    /// meanwhile.
    case atMost(Int)
    /// Image by image, the backend whose recent images cost less wall time per decoded
    /// megapixel (the device by a margin: its images cost the host more than their own wall
    /// time); every 16th image goes to the other one, so that a change in either is seen.
    case measured
}
