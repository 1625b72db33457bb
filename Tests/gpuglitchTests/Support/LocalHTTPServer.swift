import Foundation

/// Serves one folder on `127.0.0.1` with `python3 -m http.server` on a free port (a missing
/// file answers 404), for the URL-input tests. Killed when dropped: with SIGKILL, because
/// corelibs Foundation's `Process` hands the child the signal mask of the spawning thread,
/// and test threads block SIGTERM, so `terminate()` would never end the server.
final class LocalHTTPServer {
    let process = Process()
    let port: Int

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    init(serving folder: URL) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                             "--directory", folder.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        var text = ""
        var port: Int?
        let deadline = Date().addingTimeInterval(20)
        while port == nil && Date() < deadline && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: " port ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if text[range.upperBound...].dropFirst(digits.count).first == " " { port = Int(digits) }
            }
        }
        guard let port else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw StartError(description: "python3 http.server did not start: \(text)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }
}
