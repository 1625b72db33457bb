/// A frame's duration as GIF's delay, in centiseconds: cut down to a whole centisecond as
/// Pillow's `int(duration / 10)` does with milliseconds (25 ms is 2), 0 for nil or a negative
/// duration, at most 65,535 (655.35 s, the field's largest).
enum GIFFrameDelay {
    static let maximum = 65_535

    static func centiseconds(_ duration: Duration?) -> Int {
        guard let duration, duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(maximum / 100 + 1) else { return maximum }
        return min(maximum, Int(seconds) * 100 + Int(attoseconds / 10_000_000_000_000_000))
    }
}
