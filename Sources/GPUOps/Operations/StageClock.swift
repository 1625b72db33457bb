import Dispatch

/// Monotonic seconds for stage timings. Not named `Clock`: that would shadow the standard
/// library's `Clock` protocol in every file of the module.
package enum StageClock {
    package static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
    package static func since(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 }
}
