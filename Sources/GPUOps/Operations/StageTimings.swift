/// Seconds spent in each stage for one image. Device time is the time to enqueue and, for a
/// device backend, to wait for the download.
package struct StageTimings: Sendable, Equatable, Codable {
    package var read: Double = 0
    package var decode: Double = 0
    package var process: Double = 0
    package var encode: Double = 0
    package var write: Double = 0
    package init() {}
}
