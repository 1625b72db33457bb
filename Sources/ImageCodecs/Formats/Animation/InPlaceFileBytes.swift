/// The input file shared with a C decoder that keeps reading it in place after it was opened
/// on it (libwebp's `WebPAnimDecoder`, libavif's memory IO), for an animation's frame reader.
///
/// Why not a copy: the reader outlives the loader, and a copy of the file per reader made a
/// long animation's peak memory grow with its file. Holding the loader's array keeps its
/// storage alive (and, as nothing mutates it, where it is) for as long as the reader lives,
/// at no cost.
///
/// Why each read goes through `read(_:)`: Swift promises the address that `withUnsafeBytes`
/// gives only inside its closure. So the decoder is opened inside one (`open(_:)`), which
/// notes the address, and every later call that may read the file runs inside another, and
/// only if the bytes are still at that address; were they ever not, the read is refused
/// rather than made from memory the decoder no longer owns.
struct InPlaceFileBytes {
    private let file: [UInt8]
    private var address: UnsafeRawPointer?

    init(_ file: [UInt8]) {
        self.file = file
    }

    /// Runs `body`, which opens the decoder on the file's bytes; they are where later reads
    /// find them.
    mutating func open<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var opened: UnsafeRawPointer? = nil
        defer { address = opened }
        return try file.withTypedBytes { bytes throws(E) in
            opened = bytes.baseAddress
            return try body(bytes)
        }
    }

    /// `body`'s result, run while the file's bytes are at the address the decoder was opened
    /// on; nil, without running it, when they are not (or the decoder was never opened).
    func read<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R? {
        guard let address else { return nil }
        return try file.withTypedBytes { bytes throws(E) -> R? in
            guard bytes.baseAddress == address else { return nil }
            return try body()
        }
    }
}
