import SystemPackage

/// Opening, reading and writing whole files through swift-system's `FileDescriptor`
/// (which retries `EINTR` itself), with failures as `SystemCallError`s naming the file.
package enum OpenFile {
    /// `open(2)` of a `PathBytes` path, close-on-exec.
    package static func open(_ path: String, _ mode: FileDescriptor.AccessMode,
                             options: FileDescriptor.OpenOptions = [],
                             permissions: FilePermissions? = nil) throws(SystemCallError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(PathBytes.filePath(path), mode, options: options.union(.closeOnExec),
                                           permissions: permissions)
        } catch {
            throw SystemCallError("open", path: path, errno: error as? Errno ?? .ioError)
        }
    }

    /// Writes every byte, retrying short writes.
    package static func writeAll(_ fd: FileDescriptor, _ bytes: some Sequence<UInt8>,
                                 path: String) throws(SystemCallError) {
        do {
            _ = try fd.writeAll(bytes)
        } catch {
            throw SystemCallError("write", path: path, errno: error as? Errno ?? .ioError)
        }
    }

    /// The whole content of an open file: a regular file with one `fstat` and (normally) one
    /// `read` straight into the array's storage; anything else (a pipe, `/dev/stdin`) in
    /// chunks until end of file. A folder is `EISDIR`.
    package static func readAll(_ fd: FileDescriptor, path: String) throws(SystemCallError) -> [UInt8] {
        let info: SystemPackage.Stat
        do {
            info = try fd.stat()
        } catch {
            throw SystemCallError("fstat", path: path, errno: error)
        }
        if info.type == .directory { throw SystemCallError("read", path: path, errno: .isDirectory) }
        var failure: Errno?
        var bytes: [UInt8]
        if info.type == .regular {
            let size = Int(info.size)
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                initialized = 0
                while initialized < size {
                    do {
                        let n = try fd.read(into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
                        if n == 0 { break }         // the file shrank since fstat: keep what is there
                        initialized += n
                    } catch {
                        failure = error as? Errno ?? .ioError
                        break
                    }
                }
            }
        } else {
            bytes = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                do {
                    let n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
                    if n == 0 { break }
                    bytes.append(contentsOf: chunk[0..<n])
                } catch {
                    failure = error as? Errno ?? .ioError
                    break
                }
            }
        }
        if let failure { throw SystemCallError("read", path: path, errno: failure) }
        return bytes
    }

    /// `readAll` of the file at `path`, closed after.
    package static func readAll(path: String) throws(SystemCallError) -> [UInt8] {
        let fd = try open(path, .readOnly)
        defer { try? fd.close() }
        return try readAll(fd, path: path)
    }
}
