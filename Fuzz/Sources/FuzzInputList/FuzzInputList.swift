import GPUOps
import FuzzSupport
import SystemIO

/// The `--list` reader: the file read a piece at a time (`FileLines`, every line end), each
/// line to the input it names (`InputListReader.input(onLine:)`).
///
/// Checked: no line holds a line end; an input is never empty, never a comment, and has no
/// space or tab at either end; the lines, joined again, are the file (up to its line ends).
@_cdecl("FuzzInputList_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        let path = ScratchFile.write(bytes, named: "list.txt")
        var lines: [[UInt8]] = []
        do {
            try FileLines.forEach(in: path) { line in lines.append(Array(line)) }
        } catch {
            FuzzDriver.require(false, "a readable list failed: \(error)")
        }
        let lineEnds: Set<UInt8> = [UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        FuzzDriver.require(lines.allSatisfy { !$0.contains(where: lineEnds.contains) }, "a line holds a line end")
        FuzzDriver.require(lines.joined().elementsEqual(bytes.filter { !lineEnds.contains($0) }),
                           "the lines are not the file")
        var inputs: [String] = []
        do {
            try InputListReader.forEachInput(in: path) { inputs.append($0) }
        } catch {
            FuzzDriver.require(false, "a readable list failed: \(error)")
        }
        let expected = lines.compactMap { InputListReader.input(onLine: PathBytes.string(decoding: $0[...])) }
        FuzzDriver.require(inputs == expected, "forEachInput and input(onLine:) disagree")
        for input in inputs {
            FuzzDriver.require(!input.isEmpty && !input.hasPrefix("#"), "input '\(input)'")
            FuzzDriver.require(input.first != " " && input.first != "\t" && input.last != " " && input.last != "\t",
                               "input '\(input)' not trimmed")
        }
    }
}
