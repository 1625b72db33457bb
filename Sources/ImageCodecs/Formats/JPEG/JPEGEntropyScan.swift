/// A baseline JPEG's one scan, ready for a device to Huffman-decode into the coefficient layout
/// `JPEGCoefficients` describes (issue 35 stage 2): the entropy-coded bytes as they are in the
/// file, where each restart interval starts and ends in them, the scan's Huffman tables and
/// which blocks make an MCU. Made by `JPEGBaselineParser` from the headers and one byte scan
/// for markers; the host does no entropy decoding.
///
/// One device work-item decodes one restart interval (the DC predictors start at 0 in each, as
/// JPEG says), so a file without restart intervals is one work-item.
package struct JPEGEntropyScan: Sendable {
    /// `Int32`s an interval takes in `intervals`.
    package static let intervalInts = 4
    /// `Int32`s a block of the MCU takes in `mcuBlocks`.
    package static let blockInts = 8

    /// The entropy-coded segment: from the byte after the SOS header up to the EOI marker.
    package let bytes: [UInt8]
    /// Per restart interval: first byte, end byte (where its RST marker or EOI starts), first
    /// MCU, MCU count.
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

    /// The longest restart interval `JPEGDeviceStage.entropy` gives a device, in MCUs: four MCU
    /// rows of a 4,000-pixel-wide 4:2:0 photo. A work-item decodes its interval serially, so a
    /// longer one keeps the device waiting on a few threads.
    package static let parallelIntervalMCUs = 1_024

    package var intervalCount: Int { intervals.count / Self.intervalInts }
    /// MCUs in the longest restart interval.
    package var longestIntervalMCUs: Int {
        stride(from: 3, to: intervals.count, by: Self.intervalInts).map { Int(intervals[$0]) }.max() ?? 0
    }
    package var blocksPerMCU: Int { mcuBlocks.count / Self.blockInts }
}
