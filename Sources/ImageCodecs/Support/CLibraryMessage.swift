/// The text a C library (libjpeg through the shim, libtiff) wrote into a fixed `char` buffer:
/// the bytes up to the first NUL, as UTF-8 (invalid bytes replaced, never trapping on what a
/// damaged file made the library print).
enum CLibraryMessage {
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
