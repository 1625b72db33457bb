import SystemIO

extension Array where Element == UInt8 {
    /// `count` bytes that `fill` initialises, as `init(unsafeUninitializedCapacity:initializingWith:)`
    /// does, for a whole image's pixels: storage large enough for a mapping of its own is first
    /// advised to use huge pages (`HugePages`), which spares the kernel most of the page faults
    /// of filling it. Every image-sized pixel buffer of the decoders and backends is made here.
    package init<E: Error>(pixelCapacity count: Int,
                           initializingWith fill: (inout UnsafeMutableBufferPointer<UInt8>, inout Int) throws(E) -> Void) throws(E) {
        var failure: E?
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
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
