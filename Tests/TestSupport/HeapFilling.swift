#if canImport(Glibc)
import Glibc
#endif

/// glibc's heap perturbation (`mallopt(M_PERTURB)`, what `MALLOC_PERTURB_` sets at start-up):
/// while a pattern is set, every block `malloc` hands out is filled with `pattern ^ 0xFF` and
/// every freed block with `pattern` (`calloc` still zeroes). Running the same code under two
/// patterns and comparing shows any result that reads memory the code never wrote.
///
/// `mallopt` is looked up at run time: Swift's Glibc module does not import `<malloc.h>`.
public enum HeapFilling {
    private typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
    /// glibc's `M_PERTURB`.
    private static let perturb: Int32 = -6

    private static let mallopt: MalloptFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: MalloptFunction.self)
    }()

    /// Whether the C library can perturb its heap (glibc can).
    public static var isAvailable: Bool { mallopt != nil }

    /// Runs `body` with the heap filled by `pattern`, then turns the filling off.
    public static func with<T>(pattern: UInt8, _ body: () throws -> T) rethrows -> T {
        _ = mallopt?(perturb, Int32(pattern))
        defer { _ = mallopt?(perturb, 0) }
        return try body()
    }
}
