import BatchPlanning
import FuzzSupport
import GPUOps

/// The CLI's spec strings: `--glitch` (`GlitchSpec`), `--effect` (`EffectSpec`) and `--shard`
/// (`ShardSpec`), each given the input as text (invalid UTF-8 repaired, as the shell's
/// arguments are). The first byte picks the parser.
///
/// Checked: accepted glitch parameters are in range and plan on a small image; an accepted
/// effect, spelled back as reports record it, parses to the same effect; an accepted shard is
/// K of N with 1 ≤ K ≤ N.
@_cdecl("FuzzSpecs_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let parser = input.byte() % 3
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
            guard let effect = try? EffectSpec.parse(text) else { return }
            let spelled = effect.description
            FuzzDriver.require((try? EffectSpec.parse(spelled)) == effect, "'\(text)' is \(effect), which does not parse back")
        default:
            guard let shard = try? ShardSpec(parsing: text) else { return }
            FuzzDriver.require(1 <= shard.index && shard.index <= shard.count, "'\(text)' gave \(shard)")
        }
    }
}
