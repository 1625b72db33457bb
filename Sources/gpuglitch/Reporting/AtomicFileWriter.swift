#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a whole file or nothing: the bytes go to a temporary file in the target folder,
/// which is then renamed over the target (atomic within one file system). A reader never
/// sees half a report, and a failed write leaves no stray file behind.
enum AtomicFileWriter {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    static func write(_ data: Data, to path: String) throws(WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create folder '\(folder)'")
            }
        }
        let name = ImageFileName.baseName(of: path)
        var template = Array(InputDiscovery.join(folder.isEmpty ? "." : folder, ".\(name).tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = data.withUnsafeBytes { FileSystem.writeAll(fd, $0) }.map { String(cString: strerror($0)) }
        // mkstemp creates 0600; a report is an ordinary file.
        fchmod(fd, 0o644)
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }
}
