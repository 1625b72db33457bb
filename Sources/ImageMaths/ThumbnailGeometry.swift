/// How a picture is fitted into its box (docs/SPEC.md §3).
public enum FitMode: String, Sendable, CaseIterable {
    /// The picture covers the box (the side that does not match is at least the box's), then
    /// the box is cut out.
    case cover
    /// The picture fits inside the box, aspect kept; nothing is cut.
    case contain
    /// As contain (the other side rounded as Pillow's `ImageOps.contain` rounds it), then
    /// centred on a background that fills the box exactly: Pillow's `ImageOps.pad`.
    case pad
}

/// Where the box is cut from when `cover` leaves more than the box on one axis.
public enum Gravity: String, Sendable, CaseIterable {
    case centre, north, south, east, west

    /// The `side × side` square anchored here inside a `width × height` image (integer
    /// halving of the slack, as docs/SPEC.md §3 says).
    package func square(side n: Int, inWidth width: Int, height: Int) -> PixelRect {
        rect(width: n, height: n, inWidth: width, height: height)
    }

    /// The `boxWidth × boxHeight` rectangle anchored here inside a `width × height` image.
    package func rect(width boxWidth: Int, height boxHeight: Int, inWidth width: Int, height: Int) -> PixelRect {
        let slackX = width - boxWidth, slackY = height - boxHeight
        let x: Int, y: Int
        switch self {
        case .centre: (x, y) = (slackX / 2, slackY / 2)
        case .north: (x, y) = (slackX / 2, 0)
        case .south: (x, y) = (slackX / 2, slackY)
        case .west: (x, y) = (0, slackY / 2)
        case .east: (x, y) = (slackX, slackY / 2)
        }
        return PixelRect(x: x, y: y, width: boxWidth, height: boxHeight)
    }
}

/// The resize and crop that turn a `width × height` picture into the pipeline's result: the
/// integer formulas of docs/SPEC.md §3, shared by every backend and by shrink-on-load.
package struct ThumbnailGeometry: Sendable, Equatable {
    /// Size after resizing.
    package let scaledWidth: Int
    package let scaledHeight: Int
    /// The part of the resized image that is kept (the whole of it for `contain` and `pad`).
    package let crop: PixelRect
    /// Where the kept pixels go on the box for `pad` with both sides given; nil otherwise (the
    /// kept pixels are the output).
    package let padding: PadPlacement?

    /// The square box `n × n`: the shorter side becomes `n` (cover) or the longer (contain).
    package init(width: Int, height: Int, size n: Int, fit: FitMode, gravity: Gravity = .centre) {
        self.init(width: width, height: height, boxWidth: n, boxHeight: n, fit: fit, gravity: gravity)
    }

    /// Fits a `width × height` picture to a `boxWidth × boxHeight` box; a nil side (a
    /// width-only or height-only entry) leaves that side to the aspect ratio.
    ///
    /// The side that matches the box is the one whose scale factor wins (the larger for
    /// cover, the smaller for contain and pad; width on a tie), or the one side given; the
    /// other is rounded half up, and is at least the box's (cover) or at least 1 (otherwise).
    /// `pad` with both sides rounds it as Pillow's `ImageOps.contain` does (the ratio in double
    /// precision, ties to even), so that its result is `ImageOps.pad`'s. Without `enlarges`, a
    /// box that would need a scale above 1 gets scale 1: contain and pad keep the picture's
    /// size, cover keeps it too and cuts at most the box.
    package init(width: Int, height: Int, boxWidth: Int?, boxHeight: Int?, fit: FitMode,
                gravity: Gravity = .centre, enlarges: Bool = true) {
        precondition(width > 0 && height > 0 && (boxWidth ?? 1) > 0 && (boxHeight ?? 1) > 0
                     && (boxWidth != nil || boxHeight != nil))
        let widthMatches: Bool
        if let boxWidth, let boxHeight {
            // boxWidth / width against boxHeight / height, without division.
            switch fit {
            case .cover: widthMatches = boxWidth * height >= boxHeight * width
            case .contain, .pad: widthMatches = boxWidth * height <= boxHeight * width
            }
        } else {
            widthMatches = boxWidth != nil
        }
        let bothSides = boxWidth != nil && boxHeight != nil
        let covers = fit == .cover && bothSides
        /// The side that follows the matching one: `other · box / matching`, at least `floor`.
        func following(_ other: Int, box: Int, matching: Int, floor: Int) -> Int {
            if fit == .pad && bothSides {
                return max(floor, Self.pillowContainSide(other, box: box, matching: matching))
            }
            return max(floor, (2 * other * box + matching) / (2 * matching))
        }
        let enlarging = widthMatches ? boxWidth! > width : boxHeight! > height
        if !enlarges && enlarging {
            scaledWidth = width
            scaledHeight = height
        } else if widthMatches, let boxWidth {
            scaledWidth = boxWidth
            scaledHeight = following(height, box: boxWidth, matching: width, floor: covers ? boxHeight! : 1)
        } else {
            scaledHeight = boxHeight!
            scaledWidth = following(width, box: boxHeight!, matching: height, floor: covers ? boxWidth! : 1)
        }
        if covers, let boxWidth, let boxHeight {
            crop = gravity.rect(width: min(boxWidth, scaledWidth), height: min(boxHeight, scaledHeight),
                                inWidth: scaledWidth, height: scaledHeight)
        } else {
            crop = PixelRect(x: 0, y: 0, width: scaledWidth, height: scaledHeight)
        }
        if fit == .pad, let boxWidth, let boxHeight {
            padding = PadPlacement(content: PixelSize(width: scaledWidth, height: scaledHeight),
                                   canvas: PixelSize(width: boxWidth, height: boxHeight))
        } else {
            padding = nil
        }
    }

    /// The output's size: the box for `pad` with both sides, else the kept pixels.
    package var outputSize: PixelSize {
        padding?.canvas ?? PixelSize(width: crop.width, height: crop.height)
    }

    /// Pillow's `round(other / matching * box)` (`ImageOps.contain`): a double-precision
    /// quotient, then product, rounded half to even, as Python's `round` does.
    static func pillowContainSide(_ other: Int, box: Int, matching: Int) -> Int {
        Int((Double(other) / Double(matching) * Double(box)).rounded(.toNearestOrEven))
    }

    /// The fused resize-and-crop for this geometry.
    package func resamplePlan(inputWidth: Int, inputHeight: Int, filter: ResampleFilter) -> ResamplePlan {
        ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight,
                     outputWidth: scaledWidth, outputHeight: scaledHeight, window: crop, filter: filter)
    }
}
