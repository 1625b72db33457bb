import SystemIO

/// The JSON document `--report FILE` writes: what ran where, one record per input of the
/// shard in input order (including inputs that failed before processing), and totals. With
/// one size entry a record names its output (`output`, `outputWidth`, `outputHeight`); with
/// several, the record of the input lists them all in `outputs`, in the order of the entries
/// (one decode made them, and they succeed or fail together).
/// Reports of the shards of one batch can be merged by concatenating their `images`.
package struct BatchReport: Codable, Equatable {
    /// The device's name, e.g. `cpu` or `opencl:0 (NVIDIA H100)`.
    package var device: String
    package var settings: ReportSettings
    package var images: [ImageRecord]
    package var totals: Totals
    package var transfers: Transfers
    /// `K/N` for `--shard`, absent otherwise.
    package var shard: String?
    /// Whether SIGINT/SIGTERM stopped the batch; the inputs never started then have
    /// status `interrupted`.
    package var interrupted: Bool

    /// How one input ended.
    package enum Status: String, Codable {
        case ok, failed, skipped
        /// Never started because the batch was interrupted.
        case interrupted
    }

    package struct ImageRecord: Codable, Equatable {
        package var input: String
        package var output: String?
        package var status: Status
        /// One line naming the input and the reason, for failures.
        package var error: String?
        /// Wall time of this input's work (0 for inputs never processed).
        package var seconds: Double
        /// Seconds per stage, for processed inputs.
        package var timings: StageTimings?
        package var outputWidth: Int?
        package var outputHeight: Int?
        /// With several size entries: every output of the input, in entry order (and no
        /// `output`, `outputWidth`, `outputHeight`).
        package var outputs: [OutputRecord]?
        /// Present (true) when the device had no room for this image and the CPU made it.
        package var fellBackToCPU: Bool?
        /// Present (true) when the device had its share of images and the CPU made this one.
        package var sharedToCPU: Bool?
        /// Where the input's pixels were decoded, once decoded: `host` (libjpeg-turbo and every
        /// other decoder) or `device` (a JPEG made from its coefficients on the OpenCL device).
        package var decodedOn: String?
        /// With `decodedOn` `device`: 1 (the host entropy-decoded, the device made the pixels of
        /// the coefficients) or 2 (the device did the Huffman decode too).
        package var decodeStage: Int?
        /// Metadata of the input dropped from its outputs, one line each; absent when none.
        package var warnings: [String]?
    }

    /// One output of an input with several size entries.
    package struct OutputRecord: Codable, Equatable {
        package var path: String
        /// The size entry as written (`512`, `640x480`).
        package var size: String
        /// The written image's size, for outputs written.
        package var width: Int?
        package var height: Int?
    }

    package struct Totals: Codable, Equatable {
        package var ok: Int
        package var failed: Int
        package var skipped: Int
        package var interrupted: Int
        /// Wall time of the processing run.
        package var seconds: Double
        /// `ok / seconds` (0 when nothing ran).
        package var imagesPerSecond: Double
    }

    /// Host↔device image copies: one upload and one download per image on an OpenCL
    /// device, none on the CPU.
    package struct Transfers: Codable, Equatable {
        package var uploads: Int
        package var downloads: Int
    }
}
