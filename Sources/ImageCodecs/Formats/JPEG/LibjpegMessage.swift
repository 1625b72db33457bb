/// The text libjpeg wrote into a `JMSG_LENGTH_MAX` buffer of the shim's: the bytes up to the
/// first NUL, as UTF-8 (invalid bytes replaced, never trapping on what a damaged file made
/// libjpeg print).
enum LibjpegMessage {
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
