@testable import GPUOps
import Foundation
import SystemIO
import Testing

/// The spool's records read back exactly as written, however the 64 KiB reads cut them.
@Suite("Input spool")
struct InputSpoolTests {
    static func samples(_ count: Int) -> [SpooledInput] {
        (0..<count).map { i in
            switch i % 3 {
            case 0:
                // A long name, so records straddle the reader's chunks; one byte that is not UTF-8.
                let name = "folder/" + String(repeating: "n", count: i * 7 % 300) + PathBytes.string(decoding: [0xE9]) + "\(i).png"
                // Every other file has three outputs (three sizes), the rest one.
                let sizes = i % 2 == 0 ? ["64", "48x32", "1024"] : ["512"]
                return SpooledInput(name: name, content: .image(
                    source: .file(name), identity: "/abs/" + name, outputs: sizes.map { "out/\(i)_\($0).png" },
                    resolvedOutputs: sizes.map { "/abs/out/\(i)_\($0).png" }, format: .png, outputsExist: i % 4 == 0))
            case 1:
                let url = "https://example.org/p/\(i).jpg?x=\(i)"
                return SpooledInput(name: url, content: .image(
                    source: .url(URL(string: url)!), identity: url, outputs: ["out/\(i).jpg", "out/\(i)_2.jpg"],
                    resolvedOutputs: ["/abs/out/\(i).jpg", "/abs/out/\(i)_2.jpg"], format: .jpeg, outputsExist: false))
            default:
                return SpooledInput(name: "bad\(i)", content: .failure(reason: "reason \(i)"))
            }
        }
    }

    @Test("every record, file, URL or failure, reads back equal, in order, in several passes")
    func roundTrip() throws {
        let inputs = Self.samples(2000)
        let spool = try InputSpool()
        for input in inputs { try spool.append(input) }
        try spool.flush()
        #expect(spool.count == inputs.count)
        for _ in 0..<2 {
            var read: [SpooledInput] = []
            try spool.forEach { index, input in
                #expect(index == read.count)
                read.append(input)
            }
            #expect(read == inputs)
        }
    }

    @Test("the keys read without names are the records' own collision keys")
    func keys() throws {
        let inputs = Self.samples(500)
        let spool = try InputSpool()
        for input in inputs { try spool.append(input) }
        try spool.flush()
        var keys: [SpooledInput.Keys] = []
        try spool.forEachKeys { keys.append($0) }
        #expect(keys == inputs.map(\.collisionKeys))
        #expect(inputs[0].collisionKeys.identity != nil, "a file has an identity key")
        #expect(inputs[1].collisionKeys.identity == nil, "a URL has none")
        #expect(inputs[0].collisionKeys.more.count == 2, "one key an output")
        #expect(inputs[3].collisionKeys.more.isEmpty, "one output: no more keys")
    }

    @Test("decodingWhen decodes exactly the records asked for")
    func selectiveDecoding() throws {
        let inputs = Self.samples(300)
        let spool = try InputSpool()
        for input in inputs { try spool.append(input) }
        try spool.flush()
        var reader = spool.makeReader()
        var decoded: [Int] = []
        var index = 0
        while let record = try reader.next(decodingWhen: { $0.primary % 3 == 0 }) {
            if let input = record.input {
                #expect(input == inputs[index])
                decoded.append(index)
            }
            index += 1
        }
        #expect(index == inputs.count)
        #expect(decoded == inputs.indices.filter { inputs[$0].collisionKeys.primary % 3 == 0 })
    }

    @Test("a cut record is not read as one")
    func truncated() {
        var bytes: [UInt8] = []
        Self.samples(1)[0].encode(into: &bytes)
        for length in 0..<bytes.count {
            var cursor = 0
            #expect(SpooledInput.decode(Array(bytes[..<length]), at: &cursor) == nil)
            #expect(SpooledInput.decodeKeys(Array(bytes[..<length]), at: &cursor) == nil)
            #expect(cursor == 0)
        }
        var cursor = 0
        #expect(SpooledInput.decode(bytes, at: &cursor) == Self.samples(1)[0])
        #expect(cursor == bytes.count)
    }
}
