extension DecodedImage {
    /// Takes `blocks` into the metadata, EXIF and XMP made to describe the decoded pixels
    /// (Orientation 1 once they were turned, no embedded thumbnail); an EXIF block the
    /// rewriter cannot follow is left out with a line in `facts.metadataWarnings`.
    mutating func attach(_ blocks: MetadataBlocks) {
        let upright = metadata.orientationApplied
        if let exif = blocks.exif {
            do {
                let rewritten = try ExifRewriter.rewrite(exif, changes: ExifRewriter.Changes(uprightOrientation: upright))
                metadata.exif = rewritten.bytes
                if rewritten.droppedEntries > 0 {
                    facts.metadataWarnings.append(
                        "EXIF: \(rewritten.droppedEntries) \(rewritten.droppedEntries == 1 ? "entry" : "entries") with a value outside the block or of an unknown type dropped")
                }
            } catch {
                facts.metadataWarnings.append(error.description)
            }
        }
        if let xmp = blocks.xmp { metadata.xmp = XMPPacketRewriter.rewrite(xmp, uprightOrientation: upright, pixelSize: nil) }
        metadata.iptc = blocks.iptc
    }
}
