/// The orientation Pillow 13's `ImageOps.exif_transpose` finds, from every place it looks
/// (its `Image.getexif`): the EXIF block when it has an Orientation tag, else XMP's
/// `tiff:Orientation`. The EXIF block is the JPEG's first APP1 "Exif" segment, or the PNG's
/// eXIf chunk, or, in a PNG without one, ImageMagick's "Raw profile type exif" text chunk.
/// An EXIF block without the tag leaves the choice to XMP; one with it (even 1) decides.
struct MetadataOrientation {
    /// From the EXIF block: nil when there is none or it has no Orientation tag.
    var exif: ImageOrientation?
    /// From XMP: nil when there is none or it names no orientation.
    var xmp: ImageOrientation?

    var resolved: ImageOrientation { exif ?? xmp ?? .topLeft }

    /// Pillow's `re.search(r'tiff:Orientation(="|>)([0-9])', xmp)`: the first
    /// `tiff:Orientation` directly followed by `="` or `>` and a digit. Digits other than 1–8
    /// are no orientation (`exif_transpose` does nothing for them).
    static func xmpOrientation(in text: UnsafeRawBufferPointer) -> ImageOrientation? {
        let key = Array("tiff:Orientation".utf8)
        guard text.count > key.count else { return nil }
        var at = 0
        while at + key.count < text.count {
            if text[at] == key[0], text[at..<(at + key.count)].elementsEqual(key) {
                var digit = at + key.count
                if text[digit] == UInt8(ascii: "=") {
                    if digit + 1 < text.count, text[digit + 1] == UInt8(ascii: "\"") { digit += 2 } else { at += 1; continue }
                } else if text[digit] == UInt8(ascii: ">") {
                    digit += 1
                } else {
                    at += 1
                    continue
                }
                if digit < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[digit]) {
                    return ImageOrientation(rawValue: Int(text[digit] - UInt8(ascii: "0"))) ?? .topLeft
                }
            }
            at += 1
        }
        return nil
    }

    /// The EXIF block of ImageMagick's "Raw profile type exif" text: Pillow drops the first
    /// three lines ("", "exif", the length) and reads the rest as hexadecimal
    /// (`bytes.fromhex`, which skips whitespace). Nil when that is not hexadecimal.
    static func rawProfileBytes(_ text: [UInt8]) -> [UInt8]? {
        var lines = 0, at = 0
        while at < text.count && lines < 3 {
            if text[at] == UInt8(ascii: "\n") { lines += 1 }
            at += 1
        }
        guard lines == 3 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - at) / 2)
        var high: UInt8? = nil
        for c in text[at...] {
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
                || c == 0x0B || c == 0x0C {
                guard high == nil else { return nil }      // fromhex: whitespace only between bytes
                continue
            }
            let value: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let h = high {
                bytes.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return high == nil ? bytes : nil
    }
}
