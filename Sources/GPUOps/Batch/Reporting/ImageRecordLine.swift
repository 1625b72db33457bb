import SystemIO

/// One `ImageRecord` as a line of compact JSON with sorted keys — what `JSONEncoder` makes of
/// it with `.sortedKeys` and `.withoutEscapingSlashes` — written by hand: a `--report
/// FILE.jsonl` over a million skipped inputs spent most of its time in `JSONEncoder`.
/// `JSONLinesReportTests` decode every line with `JSONDecoder`.
package enum ImageRecordLine {
    package static func encode(_ record: BatchReport.ImageRecord) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + record.input.utf8.count + (record.output?.utf8.count ?? 0))
        var first = true
        func key(_ name: StaticString) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: "\":".utf8)
        }
        if let stage = record.decodeStage { key("decodeStage"); out.append(contentsOf: String(stage).utf8) }
        if let decodedOn = record.decodedOn { key("decodedOn"); string(decodedOn, into: &out) }
        if let error = record.error { key("error"); string(error, into: &out) }
        if let fell = record.fellBackToCPU { key("fellBackToCPU"); out.append(contentsOf: (fell ? "true" : "false").utf8) }
        key("input"); string(record.input, into: &out)
        if let output = record.output { key("output"); string(output, into: &out) }
        if let height = record.outputHeight { key("outputHeight"); out.append(contentsOf: String(height).utf8) }
        if let width = record.outputWidth { key("outputWidth"); out.append(contentsOf: String(width).utf8) }
        if let outputs = record.outputs {
            key("outputs")
            out.append(UInt8(ascii: "["))
            for (i, output) in outputs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                if let height = output.height { out.append(contentsOf: "\"height\":\(height),".utf8) }
                out.append(contentsOf: "\"path\":".utf8); string(output.path, into: &out)
                out.append(contentsOf: ",\"size\":".utf8); string(output.size, into: &out)
                if let width = output.width { out.append(contentsOf: ",\"width\":\(width)".utf8) }
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        key("seconds"); number(record.seconds, into: &out)
        if let shared = record.sharedToCPU { key("sharedToCPU"); out.append(contentsOf: (shared ? "true" : "false").utf8) }
        key("status"); string(record.status.rawValue, into: &out)
        if let t = record.timings {
            key("timings")
            out.append(contentsOf: "{\"decode\":".utf8); number(t.decode, into: &out)
            out.append(contentsOf: ",\"encode\":".utf8); number(t.encode, into: &out)
            out.append(contentsOf: ",\"process\":".utf8); number(t.process, into: &out)
            out.append(contentsOf: ",\"read\":".utf8); number(t.read, into: &out)
            out.append(contentsOf: ",\"write\":".utf8); number(t.write, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        if let warnings = record.warnings {
            key("warnings")
            out.append(UInt8(ascii: "["))
            for (i, warning) in warnings.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                string(warning, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX`
    /// escapes; everything else (slashes, non-ASCII) as its UTF-8 bytes.
    package static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A number as `JSONEncoder` writes a `Double`: the shortest text that reads back as the
    /// same value, without a trailing `.0`.
    package static func number(_ value: Double, into out: inout [UInt8]) {
        var text = value.isFinite ? value.description : "0"
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }
}
