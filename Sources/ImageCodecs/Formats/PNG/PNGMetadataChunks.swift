/// A PNG's EXIF and XMP: the `eXIf` chunk (else ImageMagick's "Raw profile type exif" text,
/// as Pillow's `getexif` falls back to it), the iTXt `XML:com.adobe.xmp` (else "Raw profile
/// type xmp"), and IPTC from "Raw profile type iptc"; read from an input and written by
/// `PNGEncoder` (`eXIf` and an uncompressed iTXt; PNG has no standard place for IPTC).
enum PNGMetadataChunks {
    /// The blocks `wanted` names. Text chunks are inflated only for the keywords wanted.
    static func read(_ b: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var keywords: [[UInt8]] = []
        if wanted.contains(.exif) { keywords.append(PNGTextChunk.rawExifProfile) }
        if wanted.contains(.xmp) { keywords += [PNGTextChunk.xmp, PNGTextChunk.rawXMPProfile] }
        if wanted.contains(.iptc) { keywords.append(PNGTextChunk.rawIPTCProfile) }
        var eXIf: [UInt8]? = nil
        var text: [[UInt8]: [UInt8]] = [:]               // the last chunk of each keyword wins, as in Pillow
        chunks: for chunk in PNGChunks(b) {
            switch chunk.type {
            case PNGChunk.iend:
                break chunks
            case PNGChunk.exif where wanted.contains(.exif) && eXIf == nil:
                eXIf = MetadataBlocks.tiffStructure(b[chunk.data])
            case PNGChunk.text, PNGChunk.compressedText, PNGChunk.internationalText:
                if !keywords.isEmpty, let entry = PNGTextChunk(type: chunk.type, data: UnsafeRawBufferPointer(rebasing: b[chunk.data]),
                                            keywords: keywords) {
                    text[entry.keyword] = entry.text
                }
            default:
                break
            }
        }
        var blocks = MetadataBlocks()
        blocks.exif = eXIf ?? text[PNGTextChunk.rawExifProfile].flatMap(MetadataOrientation.rawProfileBytes)
            .flatMap { MetadataBlocks.tiffStructure($0) }
        blocks.xmp = text[PNGTextChunk.xmp] ?? text[PNGTextChunk.rawXMPProfile].flatMap(MetadataOrientation.rawProfileBytes)
        if let raw = text[PNGTextChunk.rawIPTCProfile].flatMap(MetadataOrientation.rawProfileBytes) {
            blocks.iptc = raw.starts(with: PhotoshopResources.blockType)
                ? PhotoshopResources.data(of: PhotoshopResources.iptcResource, in: raw) : raw
        }
        if blocks.xmp?.isEmpty == true { blocks.xmp = nil }
        if blocks.iptc?.isEmpty == true { blocks.iptc = nil }
        return blocks
    }

    /// The type and data of the chunks that carry `blocks`: `eXIf` with the TIFF structure
    /// (no `Exif\0\0`, as the PNG extension says), an iTXt `XML:com.adobe.xmp`, uncompressed
    /// (XMP's own advice, so that tools find the packet by scanning).
    static func chunks(_ blocks: MetadataBlocks) -> [(type: StaticString, data: [UInt8])] {
        var out: [(type: StaticString, data: [UInt8])] = []
        if let exif = blocks.exif { out.append(("eXIf", exif)) }
        if let xmp = blocks.xmp {
            // keyword NUL, compression flag 0, method 0, empty language NUL, empty translation NUL.
            out.append(("iTXt", PNGTextChunk.xmp + [0, 0, 0, 0, 0] + xmp))
        }
        return out
    }
}
