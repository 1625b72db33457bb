import CTurboJPEG

/// Whether Pillow 13 reads a JPEG that made libjpeg warn or fail, told by running libjpeg the
/// way Pillow does (the C side is in the CTurboJPEG shim).
///
/// Why a second look: TurboJPEG decodes from memory, and when the data runs out its source warns
/// "Premature end of JPEG file", invents an end of image and fills the rest with grey. TurboJPEG
/// keeps only the *first* warning's text, so a cut-off file that warned earlier for something
/// else ("3 extraneous bytes before marker 0xdb") reads as recoverable damage, and its grey rows
/// passed as pixels. The text is no guide the other way either: a file cut just before its end
/// of image, whose rows were all decoded, warns "Premature end" and Pillow reads it. Pillow's
/// source suspends instead: with no more bytes, "image file is truncated" unless every scanline
/// is out. The look runs only for a decode that warned or failed, so good files pay nothing.
enum JPEGPillowVerdict: Equatable {
    /// Pillow reads it (its rows were all decoded before the data ran out, if it did).
    case read
    /// Pillow: "image file is truncated".
    case truncated
    /// libjpeg stopped with a fatal error before the data ran out (Pillow: "broken data
    /// stream").
    case error(String)

    init(_ bytes: UnsafeRawBufferPointer) {
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let verdict = message.withUnsafeMutableBufferPointer { text in
            gpuglitch_jpeg_pillow_verdict(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                          text.baseAddress)
        }
        switch Int(verdict) {
        case Int(GPUGLITCH_JPEG_READ): self = .read
        case Int(GPUGLITCH_JPEG_TRUNCATED): self = .truncated
        default: self = .error(CLibraryMessage.text(message))
        }
    }
}
