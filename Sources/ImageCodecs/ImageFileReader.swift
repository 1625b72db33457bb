#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input file into memory, the way the decoders want it.
///
/// A regular file is read with one `fstat` and (normally) one `read` straight into the array's
/// storage: no Foundation `Data`, no intermediate buffer. Other kinds of files (a pipe,
/// `/dev/stdin`) are read in chunks until end of file.
public enum ImageFileReader {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: `.unreadable` with the system's message for a missing file, a permission
    ///   problem or a directory; `.empty` for a file of 0 bytes.
    public static func readAll(path: String) throws(ImageCodecError) -> [UInt8] {
        func failure(_ code: Int32) -> ImageCodecError {
            ImageCodecError(source: path, reason: .unreadable(String(cString: strerror(code))))
        }
        var fd: Int32
        repeat { fd = PathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) } } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(EISDIR) }

        var bytes: [UInt8]
        if (info.st_mode & S_IFMT) == S_IFREG {
            let size = Int(info.st_size)
            var readError: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                initialized = 0
                while initialized < size {
                    let n = read(fd, buffer.baseAddress! + initialized, size - initialized)
                    if n > 0 {
                        initialized += n
                    } else if n == 0 {
                        break                       // the file shrank since fstat: keep what is there
                    } else if errno != EINTR {
                        readError = errno
                        break
                    }
                }
            }
            if readError != 0 { throw failure(readError) }
        } else {
            bytes = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    bytes.append(contentsOf: chunk[0..<n])
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    throw failure(errno)
                }
            }
        }
        if bytes.isEmpty { throw ImageCodecError(source: path, reason: .empty) }
        return bytes
    }
}
