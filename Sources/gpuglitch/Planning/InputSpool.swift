#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GPUOps

/// The discovered inputs of a batch, written once to an unlinked temporary file and read
/// back as often as planning needs, so that a million inputs cost disk, not memory. Reading
/// the file again rather than walking the folders again also means every planning step sees
/// the same inputs, even while the folders change.
///
/// The file lives in `$TMPDIR` (or /tmp) and is unlinked at once: it disappears with the
/// process, however the process ends.
final class InputSpool {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var written = 0
    /// Records appended.
    private(set) var count = 0

    struct SpoolError: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "temporary input list: \(call): \(String(cString: strerror(code)))" }
    }

    init() throws(SpoolError) {
        var folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if folder.isEmpty { folder = "/tmp" }
        var template = Array((folder + "/gpuglitch-inputs.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SpoolError(call: "mkstemp", code: errno) }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        descriptor = fd
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { close(descriptor) }

    private static let bufferSize = 1 << 16

    func append(_ input: SpooledInput) throws(SpoolError) {
        input.encode(into: &buffer)
        count += 1
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes out what is buffered; reading starts with it.
    func flush() throws(SpoolError) {
        guard !buffer.isEmpty else { return }
        if let code = buffer.withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) {
            throw SpoolError(call: "write", code: code)
        }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Reads every record in order. Call `flush()` after the last `append` first.
    func forEach(_ body: (Int, SpooledInput) throws -> Void) throws {
        var reader = makeReader()
        var index = 0
        while let input = try reader.next() {
            try body(index, input)
            index += 1
        }
    }

    func makeReader() -> Reader { Reader(descriptor: descriptor, end: written) }

    /// Sequential reads with `pread`, so that several readers (one after another) need no
    /// shared file offset.
    struct Reader {
        let descriptor: Int32
        let end: Int
        private var offset = 0
        private var chunk: [UInt8] = []
        private var position = 0

        init(descriptor: Int32, end: Int) {
            self.descriptor = descriptor
            self.end = end
        }

        mutating func next() throws(SpoolError) -> SpooledInput? {
            if position == chunk.count && offset == end { return nil }
            while true {
                var cursor = position
                if let input = SpooledInput.decode(chunk, at: &cursor) {
                    position = cursor
                    return input
                }
                guard offset < end else { return nil }
                try refill()
            }
        }

        /// Keeps the unread tail and appends the next piece of the file.
        private mutating func refill() throws(SpoolError) {
            chunk.removeFirst(position)
            position = 0
            let wanted = Swift.max(1 << 16, chunk.count)
            let old = chunk.count
            chunk.append(contentsOf: repeatElement(0, count: Swift.min(wanted, end - offset)))
            let n = chunk.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + old, raw.count - old, off_t(offset))
            }
            guard n > 0 else { throw SpoolError(call: "read", code: n < 0 ? errno : EIO) }
            chunk.removeLast(chunk.count - old - n)
            offset += n
        }
    }
}

/// One discovered input as planning needs it: names, and for an image its output path,
/// the output path resolved (links followed, for collision checks) and the format.
struct SpooledInput: Equatable {
    var name: String
    var content: Content

    enum Content: Equatable {
        /// `outputExists`: something was at `output` when the inputs were planned.
        case image(source: ImageSource, identity: String, output: String, resolvedOutput: String, format: ImageFormat,
                   outputExists: Bool)
        case failure(reason: String)
    }

    /// The keys under which two inputs may interact: an image's resolved output and, for a
    /// file, its identity (the same key space, since an output that is an input file is an
    /// error); a failure's name and reason (exact repeats are reported once).
    var collisionKeys: (UInt64, UInt64?) {
        switch content {
        case .image(let source, let identity, _, let resolvedOutput, _, _):
            let output = StableHash.hash(resolvedOutput, domain: 1)
            if case .file = source { return (output, StableHash.hash(identity, domain: 1)) }
            return (output, nil)
        case .failure(let reason):
            return (StableHash.hash(name + "\u{0}" + reason, domain: 2), nil)
        }
    }

    private enum Tag: UInt8 { case file = 1, url = 2, failure = 3 }

    func encode(into out: inout [UInt8]) {
        func put(_ s: String) {
            let count = UInt32(s.utf8.count)
            withUnsafeBytes(of: count.littleEndian) { out.append(contentsOf: $0) }
            out.append(contentsOf: s.utf8)
        }
        switch content {
        case .image(let source, let identity, let output, let resolvedOutput, let format, let outputExists):
            switch source {
            case .file(let path):
                out.append(Tag.file.rawValue)
                put(path)
            case .url:
                // The name is the URL as given; it is parsed again when read back.
                out.append(Tag.url.rawValue)
            }
            put(name)
            put(identity)
            put(output)
            put(resolvedOutput)
            put(format.rawValue)
            out.append(outputExists ? 1 : 0)
        case .failure(let reason):
            out.append(Tag.failure.rawValue)
            put(name)
            put(reason)
        }
    }

    /// The record at `cursor`, advancing it, or nil when `bytes` ends before the record does.
    static func decode(_ bytes: [UInt8], at cursor: inout Int) -> SpooledInput? {
        var at = cursor
        guard at < bytes.count, let tag = Tag(rawValue: bytes[at]) else { return nil }
        at += 1
        func take() -> String? {
            guard at + 4 <= bytes.count else { return nil }
            let count = Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
            at += 4
            guard at + count <= bytes.count else { return nil }
            defer { at += count }
            return String(decoding: bytes[at..<(at + count)], as: UTF8.self)
        }
        let input: SpooledInput
        switch tag {
        case .file, .url:
            let path = tag == .file ? take() : ""
            guard let path, let name = take(), let identity = take(), let output = take(),
                  let resolved = take(), let formatName = take(), let format = ImageFormat(rawValue: formatName),
                  at < bytes.count
            else { return nil }
            let outputExists = bytes[at] != 0
            at += 1
            let source: ImageSource
            if tag == .file {
                source = .file(path)
            } else {
                guard let url = URL(string: name) else { return nil }
                source = .url(url)
            }
            input = SpooledInput(name: name, content: .image(source: source, identity: identity, output: output,
                                                            resolvedOutput: resolved, format: format,
                                                            outputExists: outputExists))
        case .failure:
            guard let name = take(), let reason = take() else { return nil }
            input = SpooledInput(name: name, content: .failure(reason: reason))
        }
        cursor = at
        return input
    }
}
