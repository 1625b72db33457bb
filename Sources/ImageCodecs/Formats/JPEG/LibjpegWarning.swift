/// Tells libjpeg's warnings from its errors by their text, which is all TurboJPEG 2 passes on.
///
/// Why the text: TurboJPEG's `tjGetErrorCode` answers `TJERR_WARNING` for every failure once
/// any warning was seen, so a fatal error after a warning ("Quantization table 0x00 was not
/// defined" after "67 extraneous bytes before marker") reads as a warning. Such a decode
/// stopped part way and left rows unwritten; accepting it would hand on whatever memory held.
/// The last message is the one that ended the decode, and libjpeg's warnings (its `JWRN_`
/// messages in jerror.h) are a short, fixed list.
enum LibjpegWarning {
    /// The warning TurboJPEG's memory source gives when the data ends before the end of image.
    /// It says nothing about the rows (a file cut just before its end-of-image marker may have
    /// them all, and Pillow then reads it); `JPEGPillowVerdict` decides. A decode that stopped on it
    /// (`--fail-on warning`) is reported as `.truncated`.
    static let truncation = "Premature end of JPEG file"

    /// The beginnings of every `JWRN_` message of libjpeg-turbo 2.x. No error (`JERR_`)
    /// message begins with any of them.
    static let prefixes = [
        "Corrupt JPEG data: ",                          // extraneous bytes, premature end of data
                                                        // segment, bad Huffman or arithmetic code,
                                                        // marker instead of RST, bad ICC marker
        "Unknown Adobe color transform code ",
        "Inconsistent progression sequence for component ",
        "Warning: unknown JFIF revision number ",
        "Invalid SOS parameters for sequential JPEG",
        truncation,
        "Application transferred too many scanlines",
    ]

    /// Whether `message` (from `tjGetErrorStr2`) is one of libjpeg's warnings.
    static func isWarning(_ message: String) -> Bool {
        prefixes.contains { message.hasPrefix($0) }
    }
}
