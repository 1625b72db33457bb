/// Square roots, cube roots and base-2 logarithms in integer arithmetic, so that the content
/// aware crop (docs/SPEC.md §3.1) scores a picture the same on every backend and every machine:
/// no libm call, no rounding mode, nothing a compiler may contract differently.
package enum IntegerRoots {
    /// ⌊√n⌋ for `n ≥ 0`.
    package static func squareRoot(_ n: Int64) -> Int64 {
        guard n > 0 else { return 0 }
        // Newton's iteration from above converges on the floor and never overshoots below it.
        var x = Int64(1) << ((64 - n.leadingZeroBitCount + 1) / 2)
        while true {
            let next = (x + n / x) / 2
            if next >= x { return x }
            x = next
        }
    }

    /// ⌊∛n⌋ for `0 ≤ n < 2⁶²`, by bisection (each probe's cube stays below 2⁶³).
    package static func cubeRoot(_ n: Int64) -> Int64 {
        guard n > 0 else { return 0 }
        var low: Int64 = 0, high: Int64 = 1 << 21 // (2²¹)³ = 2⁶³ > n
        while high - low > 1 {
            let mid = (low + high) / 2
            if mid * mid * mid <= n { low = mid } else { high = mid }
        }
        return low
    }

    /// log₂(n) with `fractionBits` fractional bits, truncated, for `n ≥ 1`: the integer part from
    /// the leading bit, each fractional bit from squaring the mantissa (in Q62).
    package static func log2(_ n: UInt64, fractionBits: Int) -> Int64 {
        precondition(n >= 1 && fractionBits >= 0 && fractionBits <= 30)
        let whole = 63 - n.leadingZeroBitCount
        var result = Int64(whole) << fractionBits
        // Mantissa in [1, 2) as Q62.
        var m: UInt64 = whole >= 62 ? n >> (whole - 62) : n << (62 - whole)
        for bit in stride(from: fractionBits - 1, through: 0, by: -1) {
            let (high, low) = m.multipliedFullWidth(by: m)
            m = (high << 2) | (low >> 62) // m² in Q62, in [1, 4)
            if m >= 1 << 63 {
                result |= Int64(1) << bit
                m >>= 1
            }
        }
        return result
    }
}
