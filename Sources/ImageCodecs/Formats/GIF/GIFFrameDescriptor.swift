/// One GIF frame as its records describe it: where it lies on the screen, its colours and its
/// graphic control extension (transparency, delay, disposal).
struct GIFFrameDescriptor {
    var x: Int, y: Int, width: Int, height: Int
    var interlaced: Bool
    /// RGB of each colour, from the frame's local table, else the global one; nil when neither.
    var palette: [(UInt8, UInt8, UInt8)]?
    /// The index that is transparent, from the frame's graphic control extension.
    var transparentIndex: Int?
    /// The delay of the graphic control extension in hundredths of a second; nil without one.
    var delay: Int?
    /// The disposal method of the graphic control extension (bits 2–4); 0 without one.
    var disposal: Int
}

/// The colour indices of the part of a frame that lies on the canvas: a rectangle at (`x`, `y`)
/// of `width` × `height`, row by row.
struct GIFFrameIndices {
    var x: Int, y: Int, width: Int, height: Int
    var indices: [UInt8]
}
