/// Makes a kept XMP packet agree with the output, as `ExifRewriter` does for EXIF: XMP
/// repeats EXIF's `tiff:Orientation` and `exif:PixelXDimension`/`exif:PixelYDimension`, and a
/// stale `tiff:Orientation` would turn the upright pixels again in readers that prefer XMP
/// (sharp #4585). Each property is rewritten where it is written as an attribute
/// (`tiff:Orientation="6"`) or as an element (`<tiff:Orientation>6</tiff:Orientation>`); the
/// rest of the packet is left byte for byte.
package enum XMPPacketRewriter {
    package static func rewrite(_ packet: [UInt8], uprightOrientation: Bool, pixelSize: (width: Int, height: Int)?) -> [UInt8] {
        var out = packet
        if uprightOrientation { out = replacingValues(of: "tiff:Orientation", with: "1", in: out) }
        if let pixelSize {
            out = replacingValues(of: "exif:PixelXDimension", with: String(pixelSize.width), in: out)
            out = replacingValues(of: "exif:PixelYDimension", with: String(pixelSize.height), in: out)
        }
        return out
    }

    /// `packet` with the value of every `property="…"` and `<property>…<` replaced by `value`.
    static func replacingValues(of property: String, with value: String, in packet: [UInt8]) -> [UInt8] {
        let name = Array(property.utf8)
        let replacement = Array(value.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(packet.count)
        var at = 0
        while at < packet.count {
            guard packet[at] == name[0], packet.count - at > name.count,
                  packet[at..<(at + name.count)].elementsEqual(name),
                  at == 0 || !isNameCharacter(packet[at - 1]) else {
                out.append(packet[at])
                at += 1
                continue
            }
            var valueStart = at + name.count
            let terminator: UInt8
            if packet[valueStart] == UInt8(ascii: "="), valueStart + 1 < packet.count,
               packet[valueStart + 1] == UInt8(ascii: "\"") || packet[valueStart + 1] == UInt8(ascii: "'") {
                terminator = packet[valueStart + 1]
                valueStart += 2
            } else if packet[valueStart] == UInt8(ascii: ">"), at > 0, packet[at - 1] == UInt8(ascii: "<") {
                terminator = UInt8(ascii: "<")
                valueStart += 1
            } else {
                out.append(packet[at])
                at += 1
                continue
            }
            guard let valueEnd = packet[valueStart...].firstIndex(of: terminator) else {
                out.append(contentsOf: packet[at...])
                break
            }
            out.append(contentsOf: packet[at..<valueStart])
            out.append(contentsOf: replacement)
            at = valueEnd
        }
        return out
    }

    private static func isNameCharacter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: ":") || c == UInt8(ascii: "_")
            || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }
}
