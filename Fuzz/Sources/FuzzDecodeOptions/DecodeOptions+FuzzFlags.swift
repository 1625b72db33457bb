import ImageCodecs
import ImageMaths

extension DecodeOptions {
    /// The decode options the image targets (FuzzDecode, FuzzDeterminism) take from an
    /// input's first byte. Bit 0: orientation applied; 1: strict (`--fail-on warning`); 2: ICC
    /// profile and the EXIF, XMP and IPTC blocks read (`--keep all`); 3: CMYK converted through its profile at decode; bits 4–5: shrink-on-load
    /// asking for at least 1/2, 1/4 or 1/8 of the size (0: none). Bits 6 and 7 belong to the
    /// target. Pixels and memory are capped, so a huge image is a refusal, not an
    /// out-of-memory.
    public init(fuzzFlags flags: UInt8) {
        let shrink = Int(flags >> 4 & 3)
        self.init(maxPixels: 1 << 22, applyOrientation: flags & 1 != 0, failOnWarnings: flags & 2 != 0,
                  memoryBudget: 1 << 28)
        if shrink > 0 {
            minimumSize = { @Sendable width, height in
                PixelSize(width: max(1, width >> shrink), height: max(1, height >> shrink))
            }
        }
        readsICCProfile = flags & 4 != 0
        readsMetadata = flags & 4 != 0 ? .all : []
        convertsCMYKToSRGB = flags & 8 != 0
    }
}
