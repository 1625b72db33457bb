import ImageMaths
/// The size a `ScaleImageOperation` produces.
public enum ScaleTarget: Sendable, Equatable {
    /// Exactly `width × height` (aspect ratio not kept).
    case size(width: Int, height: Int)
    /// Shorter side to `side`, then the `side × side` square at `gravity` — resize and crop in
    /// one pass that computes only the pixels of the square (docs/SPEC.md §3, cover). For
    /// `attention` and `entropy` the whole image is resized, then the square chosen from its
    /// pixels and cut (§3.1).
    case cover(side: Int, gravity: Gravity)
    /// Longer side to `side`, aspect ratio kept (docs/SPEC.md §3, contain).
    case contain(side: Int)
    /// Shorter side to `side`, aspect ratio kept, nothing cut (the first half of cover).
    case shorterSide(Int)
    /// Fitted to a `width × height` box (docs/SPEC.md §3): cover fills it and cuts it out at
    /// `gravity`, contain fits inside it, pad fits inside it as `ImageOps.contain` rounds (a
    /// `PadStep` then fills the box). A nil side (a width-only or height-only entry) follows
    /// the aspect ratio, whatever the fit. Without `enlarges`, a box that would scale the
    /// picture up scales it by 1 instead. A square box that enlarges is `cover`/`contain`.
    case box(width: Int?, height: Int?, fit: FitMode, gravity: Gravity, enlarges: Bool)

    /// The target one entry of a size list asks for.
    public init(_ size: ThumbnailSize, fit: FitMode, gravity: Gravity = .centre, enlarges: Bool = true) {
        self = .box(width: size.width, height: size.height, fit: fit, gravity: gravity, enlarges: enlarges)
    }

    /// The resize plan for an input of `inputWidth × inputHeight`, its geometry (resized size
    /// and crop) computed from `pictureSize`: the picture's size before shrink-on-load, of which
    /// the input is a reduced decode (the input's own size when nil).
    package func plan(inputWidth: Int, inputHeight: Int, pictureSize: PixelSize? = nil,
                      filter: ResampleFilter) throws -> ResamplePlan {
        let width = pictureSize?.width ?? inputWidth, height = pictureSize?.height ?? inputHeight
        switch self {
        case .size(let w, let h):
            guard w > 0, h > 0 else { throw ImageOperationError.invalidSize(width: w, height: h) }
            return ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight, outputWidth: w, outputHeight: h, filter: filter)
        case .cover(let side, let gravity):
            guard side > 0 else { throw ImageOperationError.invalidSize(width: side, height: side) }
            let g = ThumbnailGeometry(width: width, height: height, size: side, fit: .cover, gravity: gravity)
            return gravity.isContentAware ? g.uncroppedPlan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
                : g.resamplePlan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
        case .contain(let side):
            guard side > 0 else { throw ImageOperationError.invalidSize(width: side, height: side) }
            return ThumbnailGeometry(width: width, height: height, size: side, fit: .contain)
                .resamplePlan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
        case .shorterSide(let side):
            guard side > 0 else { throw ImageOperationError.invalidSize(width: side, height: side) }
            let g = ThumbnailGeometry(width: width, height: height, size: side, fit: .cover)
            return ResamplePlan(inputWidth: inputWidth, inputHeight: inputHeight, outputWidth: g.scaledWidth,
                                outputHeight: g.scaledHeight, filter: filter)
        case .box(let w, let h, let fit, let gravity, let enlarges):
            guard w != nil || h != nil, (w ?? 1) > 0, (h ?? 1) > 0 else {
                throw ImageOperationError.invalidSize(width: w ?? 0, height: h ?? 0)
            }
            let g = ThumbnailGeometry(width: width, height: height, boxWidth: w, boxHeight: h, fit: fit,
                                      gravity: gravity, enlarges: enlarges)
            return contentAwareCrop != nil
                ? g.uncroppedPlan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
                : g.resamplePlan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
        }
    }

    /// The window a content-aware gravity cuts from the resized image (`plan` leaves it
    /// whole for those), or nil when the plan's crop is the whole story (a fixed gravity, or a
    /// fit or a one-sided box that cuts nothing).
    package var contentAwareCrop: (box: PixelSize, gravity: Gravity)? {
        switch self {
        case .cover(let side, let gravity) where gravity.isContentAware:
            (PixelSize(width: side, height: side), gravity)
        case .box(let w?, let h?, .cover, let gravity, _) where gravity.isContentAware:
            (PixelSize(width: w, height: h), gravity)
        default: nil
        }
    }

    /// The smallest full resized size this target reads from a `width × height` picture: what
    /// shrink-on-load must leave at least twice of.
    package func resizedSize(width: Int, height: Int) -> PixelSize {
        switch self {
        case .size(let w, let h): PixelSize(width: w, height: h)
        case .cover(let side, _), .shorterSide(let side):
            ThumbnailGeometry(width: width, height: height, size: side, fit: .cover).scaledSize
        case .contain(let side):
            ThumbnailGeometry(width: width, height: height, size: side, fit: .contain).scaledSize
        case .box(let w, let h, let fit, _, let enlarges):
            // A box `plan` refuses reads nothing (shrink-on-load leaves the whole decode).
            if (w != nil || h != nil) && (w ?? 1) > 0 && (h ?? 1) > 0 {
                ThumbnailGeometry(width: width, height: height, boxWidth: w, boxHeight: h, fit: fit,
                                  enlarges: enlarges).scaledSize
            } else {
                PixelSize(width: width, height: height)
            }
        }
    }

    /// What shrink-on-load must leave at least twice of when one decode serves every target
    /// in `targets`: the largest resized width and the largest resized height among them
    /// (docs/SPEC.md §3), or nil for no targets.
    package static func resizedSize(of targets: [ScaleTarget], width: Int, height: Int) -> PixelSize? {
        guard !targets.isEmpty else { return nil }
        var largest = PixelSize(width: 0, height: 0)
        for target in targets {
            let size = target.resizedSize(width: width, height: height)
            largest = PixelSize(width: max(largest.width, size.width), height: max(largest.height, size.height))
        }
        return largest
    }
}

extension ThumbnailGeometry {
    var scaledSize: PixelSize { PixelSize(width: scaledWidth, height: scaledHeight) }
}
