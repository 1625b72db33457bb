/// Seconds spent in each stage for one image. Device time is the time to enqueue and, for a
/// device backend, to wait for the download.
public struct StageTimings: Sendable, Equatable, Codable {
    public var read: Double = 0
    public var decode: Double = 0
    public var process: Double = 0
    public var encode: Double = 0
    public var write: Double = 0
    public init() {}
}
