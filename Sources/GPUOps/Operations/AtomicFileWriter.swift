import Foundation

/// Writes a file so that readers only ever see nothing or the whole file: the bytes go to a
/// temporary file in the target folder (same file system, so the rename is atomic), which is
/// flushed and renamed over the final name. On any failure the temporary file is removed.
public enum AtomicFileWriter {
    /// Suffix of temporary files, so leftovers of a killed process are recognisable.
    public static let temporarySuffix = ".gpuglitch-tmp"

    /// Why writing failed, with the call and the system's reason.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let call: String
        public let reason: String
        public init(path: String, call: String, errno code: Int32) {
            self.init(path: path, call: call, reason: String(cString: strerror(code)))
        }
        public init(path: String, call: String, reason: String) {
            self.path = path
            self.call = call
            self.reason = reason
        }
        public var description: String { "\(path): cannot write (\(call): \(reason))" }
    }

    /// Writes `bytes` to `path`, creating missing parent folders.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, call: "mkdir", reason: error.localizedDescription)
        }
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))" + temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, call: "open", errno: errno) }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        let written = bytes.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += n
            }
            return offset
        }
        if written < 0 {
            let e = errno
            close(fd)
            throw WriteError(path: path, call: "write", errno: e)
        }
        if close(fd) != 0 { throw WriteError(path: path, call: "close", errno: errno) }
        if rename(temporary, path) != 0 { throw WriteError(path: path, call: "rename", errno: errno) }
        ok = true
    }
}
