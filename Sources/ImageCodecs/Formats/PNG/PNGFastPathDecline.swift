/// Why the fast PNG decoder (`PNGFastDecoder`) left a file to libpng.
///
/// Not an error the caller sees: the fast path takes only files it can decode exactly as
/// libpng would, and hands everything else (other layouts, and any damage or oddity at all)
/// to the libpng path, which then decodes the file or reports the failure with libpng's own
/// message, exactly as before the fast path existed. The reason is kept for tests and
/// diagnostics.
struct PNGFastPathDecline: Error, Equatable, CustomStringConvertible {
    /// What the fast path does not handle or did not like, in a few words.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}
