import SystemIO

/// Reads a whole input file into memory, the way the decoders want it (see
/// `OpenFile.readAll`: no Foundation `Data`, no intermediate buffer for a regular file).
package enum ImageFileReader {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: `.unreadable` with the system's message for a missing file, a permission
    ///   problem or a directory; `.empty` for a file of 0 bytes.
    package static func readAll(path: String) throws(ImageCodecError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try OpenFile.readAll(path: path)
        } catch {
            throw ImageCodecError(source: path, reason: .unreadable(error.reason))
        }
        if bytes.isEmpty { throw ImageCodecError(source: path, reason: .empty) }
        return bytes
    }
}
