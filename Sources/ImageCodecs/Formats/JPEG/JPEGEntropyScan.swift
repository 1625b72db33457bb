/// A baseline JPEG's one scan, ready for a device to Huffman-decode into the coefficient layout
/// `JPEGCoefficients` describes (issue 35 stage 2): the entropy-coded data without its stuffed
/// zero bytes and restart markers, where each restart interval starts and ends in it, the
/// scan's Huffman tables and which blocks make an MCU. Made by `JPEGBaselineParser` from the
/// headers and one pass over the scan's bytes; the host does no entropy decoding.
///
/// The DC predictors start at 0 in each restart interval, as JPEG says; the device cuts each
/// interval into chunks (`JPEGHuffmanChunks`) and finds where each chunk's blocks start by
/// decoding them side by side (docs/SPEC.md §9.1).
package struct JPEGEntropyScan: Sendable {
    /// `Int32`s an interval takes in `intervals`.
    package static let intervalInts = 4
    /// `Int32`s a block of the MCU takes in `mcuBlocks`.
    package static let blockInts = 8

    /// The entropy-coded segment from the byte after the SOS header up to the EOI marker, each
    /// stuffed 0xFF00 as one 0xFF and without the restart markers.
    package let bytes: [UInt8]
    /// Per restart interval, in `bytes`: first byte, end byte, first MCU, MCU count.
    package let intervals: [Int32]
    /// The Huffman tables the blocks refer to, `JPEGHuffmanTable.deviceInts` each.
    package let tables: [Int32]
    /// Per block of an MCU, in decoding order: component index, DC table, AC table, the
    /// component's MCU width and height in blocks, the block's column and row in it, 0.
    package let mcuBlocks: [Int32]
    /// MCUs in a row of the scan.
    package let mcusPerRow: Int
    /// MCUs in the scan.
    package let mcuCount: Int

    package var intervalCount: Int { intervals.count / Self.intervalInts }
    package var blocksPerMCU: Int { mcuBlocks.count / Self.blockInts }
}
