import CLibFuzzer

/// Runs libFuzzer over one test function. SwiftPM links an executable target's
/// `<Target>_main` as the program's `main`, and a fuzz target's file is compiled as a library
/// (`-parse-as-library`, so Swift makes no entry point of its own); the target defines that
/// function and hands its test to `run`:
///
/// ```swift
/// @_cdecl("FuzzHeader_main")
/// func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
///     FuzzDriver.run(argc, argv) { bytes in … }
/// }
/// ```
///
/// libFuzzer's flags, corpus folders and `-runs=` then work as with a C++ target. The test
/// must not trap on any input (a trap is the finding); it checks what the parser promises with
/// `FuzzDriver.require`.
public enum FuzzDriver {
    /// The test libFuzzer's C callback forwards to: set once, before the run starts.
    nonisolated(unsafe) fileprivate static var test: ((UnsafeRawBufferPointer) -> Void)?

    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           _ test: @escaping (UnsafeRawBufferPointer) -> Void) -> Int32 {
        FuzzDriver.test = test
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in LLVMFuzzerTestOneInput(data, size) }
    }

    /// A broken invariant: stops the run with `message`, which libFuzzer reports as a crash
    /// and saves the input for.
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                               file: StaticString = #fileID, line: UInt = #line) {
        if !condition() { fatalError(message(), file: file, line: line) }
    }
}

/// libFuzzer's callback, under its C name: `-sanitize=fuzzer` links libFuzzer's own `main`
/// too (the linker's `main` stays the target's), which refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let test = FuzzDriver.test else {
        fatalError("libFuzzer's main ran instead of the target's <Target>_main (see FuzzDriver)")
    }
    test(UnsafeRawBufferPointer(start: size == 0 ? nil : data, count: size))
    return 0
}
