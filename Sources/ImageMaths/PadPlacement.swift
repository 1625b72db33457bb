/// Where a picture sits on the box that `--fit pad` fills (docs/SPEC.md §3): centred as
/// Pillow's `ImageOps.pad` centres it with `centering=(0.5, 0.5)`, each offset Python's
/// `round(slack * 0.5)`, which rounds a half to the even neighbour (a slack of 5 gives 2, of 7
/// gives 4). The rest of the box is the background.
package struct PadPlacement: Sendable, Equatable {
    /// The box: the output's size.
    package let canvas: PixelSize
    /// The picture's pixels within the box.
    package let content: PixelRect

    /// nil when `content` is larger than `canvas` on either side (a pad never cuts).
    package init?(content: PixelSize, canvas: PixelSize) {
        guard content.width > 0, content.height > 0,
              content.width <= canvas.width, content.height <= canvas.height else { return nil }
        self.canvas = canvas
        self.content = PixelRect(x: Self.offset(slack: canvas.width - content.width),
                                 y: Self.offset(slack: canvas.height - content.height),
                                 width: content.width, height: content.height)
    }

    /// Whether the picture already fills the box: the pad is then no step at all.
    package var fillsCanvas: Bool { content.width == canvas.width && content.height == canvas.height }

    /// Python's `round(slack * 0.5)` for a non-negative `slack`: half of it, a half rounded to
    /// the even neighbour.
    package static func offset(slack: Int) -> Int {
        let half = slack / 2
        return slack % 2 == 1 && half % 2 == 1 ? half + 1 : half
    }
}
