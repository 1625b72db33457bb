/// Reads structured values off the front of a fuzz input (what libFuzzer mutates is bytes; a
/// target that needs parameters takes them from here, and the rest of the bytes as data).
/// Reading past the end gives zeros, so every input is a valid set of parameters.
public struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A little-endian 32-bit value.
    public mutating func uint32() -> UInt32 {
        (0..<4).reduce(0) { value, shift in value | UInt32(byte()) << (8 * shift) }
    }

    /// A value in `range` (inclusive), from one or two bytes as the range needs.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt(range.upperBound - range.lowerBound)
        let raw = span < 256 ? UInt(byte()) : UInt(byte()) | UInt(byte()) << 8
        return range.lowerBound + Int(raw % (span + 1))
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...choices.count - 1)] }

    /// The bytes not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
