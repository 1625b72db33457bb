import SystemIO

/// How every byte of a pixel buffer comes to be one the code wrote: no byte of an output may
/// be memory left over from earlier work (another photo's pixels, in a batch). Each image-sized
/// buffer names one case where it is made, and the reason in a comment beside it.
package enum PixelBufferCoverage: Sendable {
    /// The fill writes every byte it reports initialised, whatever the input: a loop over
    /// every output pixel, or a library call that writes the whole buffer when it succeeds
    /// (and the buffer is dropped when it fails).
    case writtenWhole
    /// The buffer is zeroed before the fill, which may stop short of its end (a decoder on
    /// partial data, a library that may write fewer rows than asked): bytes it leaves read 0.
    case zeroedFirst
}

extension Array where Element == UInt8 {
    /// `count` bytes that `fill` initialises, as `init(unsafeUninitializedCapacity:initializingWith:)`
    /// does, for a whole image's pixels: storage large enough for a mapping of its own is first
    /// advised to use huge pages (`HugePages`), which spares the kernel most of the page faults
    /// of filling it. Every image-sized pixel buffer of the decoders and backends is made here,
    /// and says by `coverage` why no byte of it is left unwritten.
    package init<E: Error>(pixelCapacity count: Int, _ coverage: PixelBufferCoverage,
                           initializingWith fill: (inout UnsafeMutableBufferPointer<UInt8>, inout Int) throws(E) -> Void) throws(E) {
        var failure: E?
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            if coverage == .zeroedFirst { buffer.initialize(repeating: 0) }
            do throws(E) {
                try fill(&buffer, &initialized)
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
    }
}
