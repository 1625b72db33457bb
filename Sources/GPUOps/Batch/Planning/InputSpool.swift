import Foundation
import SystemIO
import SystemPackage

/// The discovered inputs of a batch, written once to an unlinked temporary file and read
/// back as often as planning needs, so that a million inputs cost disk, not memory. Reading
/// the file again rather than walking the folders again also means every planning step sees
/// the same inputs, even while the folders change.
///
/// The file lives in `$TMPDIR` (or /tmp) and is unlinked at once: it disappears with the
/// process, however the process ends.
package final class InputSpool {
    private let file: SpoolFile
    private var descriptor: FileDescriptor { file.descriptor }
    /// The unlinked file's name, for messages.
    private var path: String { file.path }
    private var buffer: [UInt8] = []
    private var written = 0
    /// Records appended.
    package private(set) var count = 0

    package init() throws(SystemCallError) {
        var folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if folder.isEmpty { folder = "/tmp" }
        let (descriptor, path) = try UnlinkedTemporaryFile.make(in: folder, prefix: "gpuglitch-inputs")
        file = SpoolFile(descriptor: descriptor, path: path)
        buffer.reserveCapacity(Self.bufferSize)
    }

    private static let bufferSize = 1 << 16

    package func append(_ input: SpooledInput) throws(SystemCallError) {
        input.encode(into: &buffer)
        count += 1
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes out what is buffered; reading starts with it.
    package func flush() throws(SystemCallError) {
        guard !buffer.isEmpty else { return }
        try OpenFile.writeAll(descriptor, buffer, path: path)
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Reads every record's collision keys in order.
    package func forEachKeys(_ body: (SpooledInput.Keys) throws -> Void) throws {
        var reader = makeReader()
        while let keys = try reader.nextKeys() { try body(keys) }
    }

    /// Reads every record in order. Call `flush()` after the last `append` first.
    package func forEach(_ body: (Int, SpooledInput) throws -> Void) throws {
        var reader = makeReader()
        var index = 0
        while let input = try reader.next() {
            try body(index, input)
            index += 1
        }
    }

    package func makeReader() -> Reader { Reader(descriptor: descriptor, path: path, end: written) }

    /// What has been written so far, as a value that can only be read: what a plan keeps, and
    /// reads from any thread.
    package var contents: SpooledInputs { SpooledInputs(file: file, end: written) }

    /// Sequential reads at absolute offsets (`pread`), so that several readers (one after
    /// another) need no shared file offset.
    package struct Reader {
        package let descriptor: FileDescriptor
        package let path: String
        package let end: Int
        private var offset = 0
        private var chunk: [UInt8] = []
        private var position = 0

        package init(descriptor: FileDescriptor, path: String, end: Int) {
            self.descriptor = descriptor
            self.path = path
            self.end = end
        }

        package mutating func next() throws(SystemCallError) -> SpooledInput? {
            try next(SpooledInput.decode)
        }

        /// The next record's collision keys only, its names skipped undecoded: the planning
        /// passes that need no names read a million records in a fraction of the time.
        package mutating func nextKeys() throws(SystemCallError) -> SpooledInput.Keys? {
            try next(SpooledInput.decodeKeys)
        }

        /// The next record's keys, and the whole record when `wanted(keys)` says so.
        package mutating func next(decodingWhen wanted: (SpooledInput.Keys) -> Bool) throws(SystemCallError)
            -> (keys: SpooledInput.Keys, input: SpooledInput?)? {
            try next { bytes, cursor -> (keys: SpooledInput.Keys, input: SpooledInput?)? in
                let start = cursor
                guard let keys = SpooledInput.decodeKeys(bytes, at: &cursor) else { return nil }
                guard wanted(keys) else { return (keys, nil) }
                var full = start
                return (keys, SpooledInput.decode(bytes, at: &full))
            }
        }

        private mutating func next<T>(_ decode: ([UInt8], inout Int) -> T?) throws(SystemCallError) -> T? {
            if position == chunk.count && offset == end { return nil }
            while true {
                var cursor = position
                if let value = decode(chunk, &cursor) {
                    position = cursor
                    return value
                }
                guard offset < end else { return nil }
                try refill()
            }
        }

        /// Keeps the unread tail and appends the next piece of the file.
        private mutating func refill() throws(SystemCallError) {
            chunk.removeFirst(position)
            position = 0
            let wanted = Swift.max(1 << 16, chunk.count)
            let old = chunk.count
            chunk.append(contentsOf: repeatElement(0, count: Swift.min(wanted, end - offset)))
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { try descriptor.read(fromAbsoluteOffset: Int64(offset), into: UnsafeMutableRawBufferPointer(rebasing: raw[old...])) }
            }
            let n: Int
            switch result {
            case .success(let count): n = count
            case .failure(let error): throw SystemCallError("pread", path: path, errno: error as? Errno ?? .ioError)
            }
            guard n > 0 else { throw SystemCallError("pread", path: path, errno: .ioError) }
            chunk.removeLast(chunk.count - old - n)
            offset += n
        }
    }
}

/// The spool's file: open as long as a spool or a plan made from it holds it.
package final class SpoolFile: Sendable {
    package let descriptor: FileDescriptor
    package let path: String

    init(descriptor: FileDescriptor, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { try? descriptor.close() }
}

/// The records of a spool up to `end`: read-only (`pread` at absolute offsets, each reader its
/// own position), so a plan that holds it can cross threads.
package struct SpooledInputs: Sendable {
    let file: SpoolFile
    let end: Int

    package func makeReader() -> InputSpool.Reader {
        InputSpool.Reader(descriptor: file.descriptor, path: file.path, end: end)
    }
}

/// One discovered input as planning needs it: names, and for an image its output paths (one
/// per size entry), the same resolved (links followed, for collision checks) and the format.
package struct SpooledInput: Equatable {
    package var name: String
    package var content: Content

    package enum Content: Equatable {
        /// `outputsExist`: every one of `outputs` was there when the inputs were planned.
        case image(source: ImageSource, identity: String, outputs: [String], resolvedOutputs: [String],
                   format: ImageFormat, outputsExist: Bool)
        case failure(reason: String)
    }

    /// The keys under which two inputs may interact, the top 32 bits of `StableHash`es: each
    /// of an image's resolved outputs (`primary` the first, `more` the others, empty for one
    /// size, so reading the keys of a single-size batch allocates nothing) and, for a file, its
    /// identity (`identity`, in the same key space, since an output that is an input file is an
    /// error); a failure's name and reason (exact repeats are reported once). Stored in the
    /// record, so that the passes that need only these need not decode names.
    package struct Keys: Equatable {
        package var primary: UInt32
        package var more: [UInt32] = []
        package var identity: UInt32?

        /// Every output key (a failure's one key), in output order.
        package func forEachOutputKey(_ body: (UInt32) throws -> Void) rethrows {
            try body(primary)
            for key in more { try body(key) }
        }

        package func containsOutputKey(in keys: Set<UInt32>) -> Bool {
            keys.contains(primary) || more.contains(where: keys.contains)
        }
    }

    package var collisionKeys: Keys {
        func key(_ text: String, _ domain: UInt8) -> UInt32 { UInt32(truncatingIfNeeded: StableHash.hash(text, domain: domain) >> 32) }
        switch content {
        case .image(let source, let identity, _, let resolvedOutputs, _, _):
            let keys = resolvedOutputs.map { key($0, 1) }
            let identityKey: UInt32? = if case .file = source { key(identity, 1) } else { nil }
            return Keys(primary: keys.first ?? 0, more: Array(keys.dropFirst()), identity: identityKey)
        case .failure(let reason):
            return Keys(primary: key(name + "\u{0}" + reason, 2), identity: nil)
        }
    }

    private enum Tag: UInt8 { case file = 1, url = 2, failure = 3 }

    /// Layout: tag; identity key (4 bytes), its flag (1), the number of output keys `k` (4),
    /// the `k` keys; then the strings (each a 4-byte length and UTF-8): a file's path, the
    /// name, and for an image the identity, `k` outputs, `k` resolved outputs, the format,
    /// then the outputs-exist flag (1 byte); for a failure the reason.
    package func encode(into out: inout [UInt8]) {
        let keys = collisionKeys
        func put32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func putKeys() {
            put32(keys.identity ?? 0)
            out.append(keys.identity == nil ? 0 : 1)
            put32(UInt32(1 + keys.more.count))
            keys.forEachOutputKey { put32($0) }
        }
        func put(_ s: String) {
            put32(UInt32(s.utf8.count))
            out.append(contentsOf: s.utf8)
        }
        switch content {
        case .image(let source, let identity, let outputs, let resolvedOutputs, let format, let outputsExist):
            switch source {
            case .file(let path):
                out.append(Tag.file.rawValue)
                putKeys()
                put(path)
            case .url:
                // The name is the URL as given; it is parsed again when read back.
                out.append(Tag.url.rawValue)
                putKeys()
            }
            put(name)
            put(identity)
            for output in outputs { put(output) }
            for resolved in resolvedOutputs { put(resolved) }
            put(format.rawValue)
            out.append(outputsExist ? 1 : 0)
        case .failure(let reason):
            out.append(Tag.failure.rawValue)
            putKeys()
            put(name)
            put(reason)
        }
    }

    private static func u32(_ bytes: [UInt8], _ i: Int) -> UInt32 {
        UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    /// The keys at `at` (after the tag), advancing past them, or nil when `bytes` ends first.
    private static func readKeys(_ bytes: [UInt8], at: inout Int) -> Keys? {
        guard at + 9 <= bytes.count else { return nil }
        let identity: UInt32? = bytes[at + 4] != 0 ? u32(bytes, at) : nil
        let count = Int(u32(bytes, at + 5))
        at += 9
        guard count >= 1, at + 4 * count <= bytes.count else { return nil }
        let primary = u32(bytes, at)
        var more: [UInt32] = []
        if count > 1 {
            more.reserveCapacity(count - 1)
            for i in 1..<count { more.append(u32(bytes, at + 4 * i)) }
        }
        at += 4 * count
        return Keys(primary: primary, more: more, identity: identity)
    }

    /// The keys of the record at `cursor`, advancing past the whole record, or nil when
    /// `bytes` ends before the record does.
    package static func decodeKeys(_ bytes: [UInt8], at cursor: inout Int) -> Keys? {
        var at = cursor
        guard at < bytes.count, let tag = Tag(rawValue: bytes[at]) else { return nil }
        at += 1
        guard let keys = readKeys(bytes, at: &at) else { return nil }
        let outputs = 1 + keys.more.count
        let strings: Int
        switch tag {
        case .file: strings = 4 + 2 * outputs
        case .url: strings = 3 + 2 * outputs
        case .failure: strings = 2
        }
        for _ in 0..<strings {
            guard at + 4 <= bytes.count else { return nil }
            at += 4 + Int(u32(bytes, at))
            guard at <= bytes.count else { return nil }
        }
        if tag != .failure {
            guard at < bytes.count else { return nil }
            at += 1
        }
        cursor = at
        return keys
    }

    /// The record at `cursor`, advancing it, or nil when `bytes` ends before the record does.
    package static func decode(_ bytes: [UInt8], at cursor: inout Int) -> SpooledInput? {
        var at = cursor
        guard at < bytes.count, let tag = Tag(rawValue: bytes[at]) else { return nil }
        at += 1
        guard let keys = readKeys(bytes, at: &at) else { return nil }
        func take() -> String? {
            guard at + 4 <= bytes.count else { return nil }
            let count = Int(u32(bytes, at))
            at += 4
            guard at + count <= bytes.count else { return nil }
            defer { at += count }
            return String(decoding: bytes[at..<(at + count)], as: UTF8.self)
        }
        func take(_ n: Int) -> [String]? {
            var strings: [String] = []
            strings.reserveCapacity(n)
            for _ in 0..<n {
                guard let s = take() else { return nil }
                strings.append(s)
            }
            return strings
        }
        let input: SpooledInput
        switch tag {
        case .file, .url:
            let outputCount = 1 + keys.more.count
            let path = tag == .file ? take() : ""
            guard let path, let name = take(), let identity = take(), let outputs = take(outputCount),
                  let resolved = take(outputCount), let formatName = take(),
                  let format = ImageFormat(rawValue: formatName), at < bytes.count
            else { return nil }
            let outputsExist = bytes[at] != 0
            at += 1
            let source: ImageSource
            if tag == .file {
                source = .file(path)
            } else {
                guard let url = URL(string: name) else { return nil }
                source = .url(url)
            }
            input = SpooledInput(name: name, content: .image(source: source, identity: identity, outputs: outputs,
                                                            resolvedOutputs: resolved, format: format,
                                                            outputsExist: outputsExist))
        case .failure:
            guard let name = take(), let reason = take() else { return nil }
            input = SpooledInput(name: name, content: .failure(reason: reason))
        }
        cursor = at
        return input
    }
}
