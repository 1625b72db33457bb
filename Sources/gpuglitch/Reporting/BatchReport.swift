import GPUOps

/// The JSON document `--report FILE` writes: what ran where, one record per input of the
/// shard in input order (including inputs that failed before processing), and totals.
/// Reports of the shards of one batch can be merged by concatenating their `images`.
struct BatchReport: Codable, Equatable {
    /// The device's name, e.g. `cpu` or `opencl:0 (NVIDIA H100)`.
    var device: String
    var settings: ReportSettings
    var images: [ImageRecord]
    var totals: Totals
    var transfers: Transfers
    /// `K/N` for `--shard`, absent otherwise.
    var shard: String?
    /// Whether SIGINT/SIGTERM stopped the batch; the inputs never started then have
    /// status `interrupted`.
    var interrupted: Bool

    /// How one input ended.
    enum Status: String, Codable {
        case ok, failed, skipped
        /// Never started because the batch was interrupted.
        case interrupted
    }

    struct ImageRecord: Codable, Equatable {
        var input: String
        var output: String?
        var status: Status
        /// One line naming the input and the reason, for failures.
        var error: String?
        /// Wall time of this input's work (0 for inputs never processed).
        var seconds: Double
        /// Seconds per stage, for processed inputs.
        var timings: StageTimings?
        var outputWidth: Int?
        var outputHeight: Int?
        /// Present (true) when the device had no room for this image and the CPU made it.
        var fellBackToCPU: Bool?
    }

    struct Totals: Codable, Equatable {
        var ok: Int
        var failed: Int
        var skipped: Int
        var interrupted: Int
        /// Wall time of the processing run.
        var seconds: Double
        /// `ok / seconds` (0 when nothing ran).
        var imagesPerSecond: Double
    }

    /// Host↔device image copies: one upload and one download per image on an OpenCL
    /// device, none on the CPU.
    struct Transfers: Codable, Equatable {
        var uploads: Int
        var downloads: Int
    }
}
