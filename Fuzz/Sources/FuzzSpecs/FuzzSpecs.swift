import FuzzSupport
import GPUOps
import ImageMaths

/// The CLI's spec strings: `--glitch` (`GlitchSpec`), `--effect` (`ImageEffect(spec:)`), `--shard`
/// (`ShardSpec`), `--size` lists (`ThumbnailSize.list`) and `--output-template`
/// (`OutputTemplate`), each given the input as text (invalid UTF-8 repaired, as the shell's
/// arguments are). The first byte picks the parser.
///
/// Checked: accepted glitch parameters are in range and plan on a small image; an accepted
/// effect, spelled back as reports record it, parses to the same effect; an accepted shard is
/// K of N with 1 ≤ K ≤ N; an accepted size list has sides in range, distinct entries, and
/// each entry spelled back parses to itself; an accepted template fills in to a relative path.
@_cdecl("FuzzSpecs_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let parser = input.byte() % 5
        let text = String(decoding: input.rest(), as: UTF8.self)
        switch parser {
        case 0:
            guard let parameters = try? GlitchSpec.parse(text) else { return }
            FuzzDriver.require(parameters.invalidSetting == nil, "'\(text)' accepted: \(parameters.invalidSetting!)")
            do {
                _ = try GlitchPlan(parameters: parameters, width: 7, height: 5)
            } catch {
                FuzzDriver.require(false, "'\(text)' accepted, but its plan fails: \(error)")
            }
        case 1:
            guard let effect = try? ImageEffect(spec: text) else { return }
            let spelled = effect.description
            FuzzDriver.require((try? ImageEffect(spec: spelled)) == effect, "'\(text)' is \(effect), which does not parse back")
        case 2:
            guard let shard = try? ShardSpec(parsing: text) else { return }
            FuzzDriver.require(1 <= shard.index && shard.index <= shard.count, "'\(text)' gave \(shard)")
        case 3:
            guard let sizes = try? ThumbnailSize.list(text) else { return }
            FuzzDriver.require(Set(sizes.map(\.description)).count == sizes.count, "'\(text)' repeats an entry: \(sizes)")
            for size in sizes {
                FuzzDriver.require((size.width != nil || size.height != nil)
                                   && size.width.map(ThumbnailSize.sides.contains) ?? true
                                   && size.height.map(ThumbnailSize.sides.contains) ?? true, "'\(text)' gave \(size)")
                FuzzDriver.require(ThumbnailSize(size.description) == size, "'\(text)': \(size) does not parse back")
            }
        default:
            guard let template = try? OutputTemplate(text) else { return }
            for dir in ["", "d/e"] {
                let path = template.path(dir: dir, stem: "a", ext: "jpg", size: "512", width: 512, height: 512)
                FuzzDriver.require(!path.hasPrefix("/"), "template '\(text)' makes the absolute path '\(path)'")
            }
        }
    }
}
