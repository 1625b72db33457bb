import Foundation
import ImageCodecs

/// One unit of work for the batch engine: read `source` once, write one output per entry of
/// the settings' sizes, in `format`. The caller (the CLI) has already resolved names,
/// collisions and `--skip-existing`.
package struct BatchItem: Sendable, Hashable {
    package var source: ImageSource
    /// Final paths of the output files, one per entry of `ThumbnailSettings.sizes`, in that
    /// order; each written atomically (temporary file, then rename).
    package var outputs: [String]
    package var format: ImageFormat

    /// The first output (the only one for a single size).
    package var output: String { outputs.first ?? "" }

    /// An item with one output (settings with one size).
    package init(source: ImageSource, output: String, format: ImageFormat) {
        self.init(source: source, outputs: [output], format: format)
    }

    package init(source: ImageSource, outputs: [String], format: ImageFormat) {
        self.source = source
        self.outputs = outputs
        self.format = format
    }
}

/// How one input ended.
package enum BatchItemStatus: String, Sendable, Codable {
    case ok, failed, skipped
}

/// The outcome of one item.
package struct BatchItemResult: Sendable {
    /// Position of the item in the list given to `BatchRunner.run`.
    package var index: Int
    package var item: BatchItem
    package var status: BatchItemStatus
    /// Why it failed (nil unless failed).
    package var error: BatchInputError?
    /// Wall time from the start of the item's work to its end.
    package var seconds: Double
    package var timings: StageTimings
    /// Size of the decoded input (after shrink-on-load) and of the output, when known.
    package var decodedWidth: Int?
    package var decodedHeight: Int?
    /// Whether the device made the pixels from the JPEG's coefficients (false: the host
    /// decoded it), once decoded.
    package var decodedOnDevice: Bool?
    /// With `decodedOnDevice` true: 1 or 2, the part of the decode the device did
    /// (`DecodeFacts.deviceDecodeStage`).
    package var decodeStage: Int?
    /// The first output's size.
    package var outputWidth: Int?
    package var outputHeight: Int?
    /// Every output written, in the order of `item.outputs` (empty unless ok).
    package var savedOutputs: [SavedImage] = []
    /// The device had no room for this image and it was processed on the CPU instead.
    package var fellBackToCPU = false
    /// The device had its share of images (`BatchJob.deviceShare`) and the CPU made this one.
    package var sharedToCPU = false
    /// Metadata of the input that was dropped, one line each (`DecodeFacts.metadataWarnings`).
    package var warnings: [String] = []

    /// The one line naming the input and the reason, for failures: what the CLI prints.
    package var errorLine: String? { error?.line(naming: "\(item.source)") }

    package init(index: Int, item: BatchItem, status: BatchItemStatus, error: BatchInputError? = nil,
                seconds: Double = 0, timings: StageTimings = StageTimings()) {
        self.index = index
        self.item = item
        self.status = status
        self.error = error
        self.seconds = seconds
        self.timings = timings
    }
}

/// What a batch run did.
package struct BatchSummary: Sendable {
    /// One result per item that finished (ok or failed), in completion order, from
    /// `BatchRunner.run`; empty from `BatchRunner.stream`, which keeps none. Items never
    /// started because the run was cancelled have no result.
    package var results: [BatchItemResult]
    package var seconds: Double
    /// Whether `cancel()` stopped the run before every item was done.
    package var cancelled: Bool
    /// Host↔device image copies made during the run.
    package var uploads: Int
    package var downloads: Int
    /// Items written, and items that failed.
    package var ok: Int
    package var failed: Int

    package init(results: [BatchItemResult], seconds: Double, cancelled: Bool, uploads: Int, downloads: Int) {
        self.init(results: results, ok: results.count { $0.status == .ok }, failed: results.count { $0.status == .failed },
                  seconds: seconds, cancelled: cancelled, uploads: uploads, downloads: downloads)
    }

    package init(results: [BatchItemResult], ok: Int, failed: Int, seconds: Double, cancelled: Bool,
                uploads: Int, downloads: Int) {
        self.results = results
        self.ok = ok
        self.failed = failed
        self.seconds = seconds
        self.cancelled = cancelled
        self.uploads = uploads
        self.downloads = downloads
    }
}
