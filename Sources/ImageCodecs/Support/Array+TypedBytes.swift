/// `withUnsafeBytes` that keeps a typed error. The standard library's version is `rethrows`,
/// which widens any error thrown inside to `any Error`.
extension Array where Element == UInt8 {
    func withTypedBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result = withUnsafeBytes { bytes in Result { () throws(E) -> R in try body(bytes) } }
        return try result.get()
    }
}
