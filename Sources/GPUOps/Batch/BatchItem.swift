import Foundation
import ImageCodecs

/// One unit of work for the batch engine: read `source` once, write one output per entry of
/// the settings' sizes, in `format`. The caller (the CLI) has already resolved names,
/// collisions and `--skip-existing`.
public struct BatchItem: Sendable, Hashable {
    public var source: ImageSource
    /// Final paths of the output files, one per entry of `ThumbnailSettings.sizes`, in that
    /// order; each written atomically (temporary file, then rename).
    public var outputs: [String]
    public var format: ImageFormat

    /// The first output (the only one for a single size).
    public var output: String { outputs.first ?? "" }

    /// An item with one output (settings with one size).
    public init(source: ImageSource, output: String, format: ImageFormat) {
        self.init(source: source, outputs: [output], format: format)
    }

    public init(source: ImageSource, outputs: [String], format: ImageFormat) {
        self.source = source
        self.outputs = outputs
        self.format = format
    }
}

/// How one input ended.
public enum BatchItemStatus: String, Sendable, Codable {
    case ok, failed, skipped
}

/// The outcome of one item.
public struct BatchItemResult: Sendable {
    /// Position of the item in the list given to `BatchRunner.run`.
    public var index: Int
    public var item: BatchItem
    public var status: BatchItemStatus
    /// One line naming the input and the reason, for failures.
    public var error: String?
    /// Wall time from the start of the item's work to its end.
    public var seconds: Double
    public var timings: StageTimings
    /// Size of the decoded input (after shrink-on-load) and of the output, when known.
    public var decodedWidth: Int?
    public var decodedHeight: Int?
    /// The first output's size.
    public var outputWidth: Int?
    public var outputHeight: Int?
    /// Every output written, in the order of `item.outputs` (empty unless ok).
    public var savedOutputs: [SavedImage] = []
    /// The device had no room for this image and it was processed on the CPU instead.
    public var fellBackToCPU = false

    public init(index: Int, item: BatchItem, status: BatchItemStatus, error: String? = nil,
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
public struct BatchSummary: Sendable {
    /// One result per item that finished (ok or failed), in completion order, from
    /// `BatchRunner.run`; empty from `BatchRunner.stream`, which keeps none. Items never
    /// started because the run was cancelled have no result.
    public var results: [BatchItemResult]
    public var seconds: Double
    /// Whether `cancel()` stopped the run before every item was done.
    public var cancelled: Bool
    /// Host↔device image copies made during the run.
    public var uploads: Int
    public var downloads: Int
    /// Items written, and items that failed.
    public var ok: Int
    public var failed: Int

    public init(results: [BatchItemResult], seconds: Double, cancelled: Bool, uploads: Int, downloads: Int) {
        self.init(results: results, ok: results.count { $0.status == .ok }, failed: results.count { $0.status == .failed },
                  seconds: seconds, cancelled: cancelled, uploads: uploads, downloads: downloads)
    }

    public init(results: [BatchItemResult], ok: Int, failed: Int, seconds: Double, cancelled: Bool,
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
