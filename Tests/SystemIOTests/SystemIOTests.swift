import Foundation
import SystemIO
import SystemPackage
import Testing

/// The POSIX layer on real files: every failure a `SystemCallError` naming the call and path.
@Suite("System IO")
struct SystemIOTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gpuglitch-io-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    @Test("an atomic write makes its folders, leaves no temporary file, and reads back")
    func atomicWrite() throws {
        let folder = try Folder()
        try AtomicFileWriter.write(Array("hello".utf8), to: folder.file("a/b/c.txt"))
        #expect(try OpenFile.readAll(path: folder.file("a/b/c.txt")) == Array("hello".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a/b")) == ["c.txt"])
    }

    @Test("a pending file is invisible until committed; abandoned, it is gone")
    func pending() throws {
        let folder = try Folder()
        let file = try AtomicFileWriter.begin(folder.file("r.json"))
        try file.append(Array("{}".utf8))
        #expect(folder.names.count == 1 && folder.names[0].hasSuffix(AtomicFileWriter.temporarySuffix))
        try file.commit()
        #expect(folder.names == ["r.json"])
        let other = try AtomicFileWriter.prepare([1, 2], to: folder.file("s.bin"))
        other.abandon()
        #expect(folder.names == ["r.json"])
    }

    @Test("a rename onto a folder fails as rename(2), naming the target, and removes the temporary file")
    func renameFailure() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.file("taken/inside"), withIntermediateDirectories: true)
        #expect(throws: SystemCallError("rename", path: folder.file("taken"), errno: .isDirectory)) {
            try AtomicFileWriter.write([1], to: folder.file("taken"))
        }
        #expect(folder.names == ["taken"])
    }

    @Test("folders through a file: mkdir fails with ENOTDIR, naming the file being written")
    func folderThroughAFile() throws {
        let folder = try Folder()
        try AtomicFileWriter.write([1], to: folder.file("f"))
        let error = try #require(throws: SystemCallError.self) { try AtomicFileWriter.write([1], to: folder.file("f/g/h.png")) }
        #expect(error == SystemCallError("mkdir", path: folder.file("f/g/h.png"), errno: .notDirectory))
        #expect(error.description == "\(folder.file("f/g/h.png")): mkdir: Not a directory")
    }

    @Test("stale temporary files of dead writers are swept; live ones and other files stay")
    func staleSweep() throws {
        let folder = try Folder()
        // pid 2^22 + 1 is above Linux's pid_max default: no such process.
        let dead = ".a.png.4194305.1f\(AtomicFileWriter.temporarySuffix)"
        let alive = ".b.png.\(getpid() == 1 ? 2 : 1).2f\(AtomicFileWriter.temporarySuffix)"
        for name in [dead, alive, "keep.png"] { try AtomicFileWriter.write([0], to: folder.file(name)) }
        #expect(StaleTemporaryFiles.sweep([folder.path, folder.file("missing")]) == 1)
        #expect(folder.names == [alive, "keep.png"].sorted())
    }

    @Test("readAll: a regular file, a pipe, a folder and a missing file")
    func readAll() throws {
        let folder = try Folder()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try AtomicFileWriter.write(bytes, to: folder.file("big"))
        #expect(try OpenFile.readAll(path: folder.file("big")) == bytes)
        let pipe = try FileDescriptor.pipe()
        _ = try pipe.writeEnd.writeAll([1, 2, 3])
        try pipe.writeEnd.close()
        #expect(try OpenFile.readAll(pipe.readEnd, path: "pipe") == [1, 2, 3])
        try pipe.readEnd.close()
        #expect(throws: SystemCallError("read", path: folder.path, errno: .isDirectory)) { try OpenFile.readAll(path: folder.path) }
        #expect(throws: SystemCallError("open", path: folder.file("none"), errno: .noSuchFileOrDirectory)) {
            try OpenFile.readAll(path: folder.file("none"))
        }
    }

    @Test("lines end at \\n, \\r\\n and \\r; a last line without an end still counts; long lines cross reads")
    func lines() throws {
        let folder = try Folder()
        let long = String(repeating: "x", count: 100_000)
        try AtomicFileWriter.write(Array("a\nb\r\nc\r\(long)\nlast".utf8), to: folder.file("l"))
        var lines: [String] = []
        try FileLines.forEach(in: folder.file("l")) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == ["a", "b", "", "c", long, "last"])
        #expect(throws: SystemCallError("read", path: folder.path, errno: .isDirectory)) {
            try FileLines.forEach(in: folder.path) { _ in }
        }
        #expect(FileLines.reason(SystemCallError("read", path: "x", errno: .isDirectory)) == "is a folder")
    }

    @Test("a folder listing keeps names that are not UTF-8, sorted by their UTF-8 form")
    func listing() throws {
        let folder = try Folder()
        let latin1 = PathBytes.string(decoding: Array("caf".utf8) + [0xE9])
        for name in ["b", "a", latin1] { try AtomicFileWriter.write([0], to: folder.path + "/" + name) }
        let entries = try DirectoryListing.sortedEntries(of: folder.path)
        #expect(entries.map(\.name) == ["a", "b", latin1])
        #expect(entries.allSatisfy { $0.isPlainFile })
        #expect(PathBytes.bytes(of: entries[2].name) == Array("caf".utf8) + [0xE9])
        #expect(throws: SystemCallError("opendir", path: folder.file("none"), errno: .noSuchFileOrDirectory)) {
            try DirectoryListing.entries(of: folder.file("none"))
        }
    }

    @Test("kinds: file, folder, broken link, missing; resolved paths of files not yet made")
    func kinds() throws {
        let folder = try Folder()
        try AtomicFileWriter.write([0], to: folder.file("f"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("broken"), withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "f")
        guard case .regularFile(let identity) = FileSystem.kind(of: folder.file("f")) else {
            Issue.record("f is a file")
            return
        }
        #expect(FileSystem.kind(of: folder.file("link")) == .regularFile(identity))
        #expect(FileSystem.kind(of: folder.file("broken")) == .brokenSymbolicLink)
        #expect(FileSystem.kind(of: folder.file("none")) == .unavailable(.noSuchFileOrDirectory))
        if case .directory = FileSystem.kind(of: folder.path) {} else { Issue.record("a folder is a directory") }
        #expect(FileSystem.isSymbolicLink(folder.file("link")) && !FileSystem.isSymbolicLink(folder.file("f")))
        let real = try #require(FileSystem.realPath(folder.path))
        #expect(FileSystem.resolvedPath(folder.file("link")) == real + "/f")
        #expect(FileSystem.resolvedPath(folder.file("new/x.png")) == real + "/new/x.png")
    }

    @Test("path split")
    func split() {
        #expect(PathSplit("a/b/c.png") == PathSplit("a/b/c.png"))
        #expect(PathSplit("a/b/c.png").folder == "a/b" && PathSplit("a/b/c.png").name == "c.png")
        #expect(PathSplit("c.png").folder == "." && PathSplit("/c.png").folder == "/")
    }

    @Test("EINTR is retried; another errno is thrown as itself")
    func retrying() throws {
        var calls = 0
        let value = try SystemCall.retrying { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(value == 7 && calls == 3)
        #expect(throws: SystemCallError("fsync", path: "p", errno: .badFileDescriptor)) {
            _ = try SystemCall.run("fsync", path: "p") { () -> Int32 in
                errno = EBADF
                return -1
            }
        }
    }
}
