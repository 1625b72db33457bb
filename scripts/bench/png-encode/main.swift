// Times ImageCodecs' PNG encoder per image at several libdeflate levels, in thread CPU time,
// and writes one CSV row per image, level and part (filter choice alone, whole encode).
// Built and run by ../png_encode.sh; not part of the package.
//
// Usage: harness OUT.csv LEVELS RUNS NAME_WxH.raw...   (RGBA, as make_thumbs.py writes them)
import CDeflate
import Foundation

let args = CommandLine.arguments
let levels = args[2].split(separator: ",").map { Int32($0)! }
let runs = Int(args[3])!

func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

var csv = "file,part,level,bytes,median_ms\n"
for path in args.dropFirst(4) {
    let name = (path as NSString).lastPathComponent
    let size = name.split(separator: "_").last!.split(separator: ".")[0].split(separator: "x").map { Int($0)! }
    let (w, h) = (size[0], size[1])
    let image = HostImage(width: w, height: h, pixels: [UInt8](FileManager.default.contents(atPath: path)!))
    let colourType: PNGFileAssembler.ColourType = image.hasTransparency ? .rgba : .rgb
    let filteredBytes = h * (w * colourType.channels + 1)
    var times: [String: [Double]] = [:], sizes: [String: Int] = [:]
    for _ in 0..<runs {
        for level in levels {
            let start = threadSeconds()
            let filtered = UnsafeMutableRawBufferPointer.allocate(byteCount: filteredBytes, alignment: 16)
            image.pixels.withUnsafeBufferPointer {
                PNGEncoder.filterRows($0.baseAddress!, width: w, height: h, colourType: colourType,
                                      into: filtered.bindMemory(to: UInt8.self).baseAddress!)
            }
            let filterTime = threadSeconds() - start
            let file = PNGFileAssembler.assemble(width: w, height: h, colourType: colourType,
                                                 filteredRows: UnsafeRawBufferPointer(filtered), level: level)!
            filtered.deallocate()
            times["encode,\(level)", default: []].append(threadSeconds() - start)
            sizes["encode,\(level)"] = file.count
            times["filter,\(level)", default: []].append(filterTime)
            sizes["filter,\(level)"] = 0
        }
    }
    for (key, values) in times.sorted(by: { $0.key < $1.key }) {
        let median = values.sorted()[values.count / 2] * 1000
        csv += "\(name),\(key),\(sizes[key]!),\(String(format: "%.3f", median))\n"
    }
}
try csv.write(toFile: args[1], atomically: true, encoding: .utf8)
