#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A temporary file that has no name: made with `mkstemp` and unlinked at once, so it
/// disappears with its descriptor, however the process ends.
package enum UnlinkedTemporaryFile {
    /// A new read-write file in `folder`; `path` is the name it had, for messages.
    package static func make(in folder: String, prefix: String) throws(SystemCallError)
        -> (descriptor: FileDescriptor, path: String) {
        var template = Array((folder + "/" + prefix + ".XXXXXX").utf8CString)
        let fd = try SystemCall.run("mkstemp", path: folder) {
            template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        let path = template.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
        FileSystem.remove(path)
        return (FileDescriptor(rawValue: fd), path)
    }
}
