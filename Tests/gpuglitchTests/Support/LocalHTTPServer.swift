import Foundation

/// Serves one folder on `127.0.0.1` with Python's `http.server` on a free port (a missing
/// file answers 404), for the URL-input tests, and three hostile answers: `/drip.png` (a byte
/// every 0.2 s, for ever), `/declared-huge.png` (Content-Length of a terabyte) and
/// `/stream-huge.png` (64 MiB without a length). With a `delay`, every answer waits that long
/// first, which gives a batch a known minimum duration whatever the machine's speed.
///
/// Killed when dropped, with SIGKILL: corelibs Foundation's `Process` hands the child the
/// signal mask of the spawning thread, and test threads block SIGTERM, so `terminate()`
/// would never end the server.
final class LocalHTTPServer {
    let process = Process()
    let port: Int

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// A threading file server that sleeps `sys.argv[2]` seconds before each GET and prints
    /// its port as `http.server` does.
    private static let script = """
        import functools, http.server, sys, time
        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                time.sleep(float(sys.argv[2]))
                try:
                    if self.path == "/drip.png":            # a byte every 0.2 s, for ever
                        self.send_response(200)
                        self.send_header("Content-Length", "100000")
                        self.end_headers()
                        while True:
                            self.wfile.write(b"x"); self.wfile.flush(); time.sleep(0.2)
                    elif self.path == "/declared-huge.png":  # announces a terabyte
                        self.send_response(200)
                        self.send_header("Content-Length", str(10 ** 12))
                        self.end_headers()
                        self.wfile.write(b"x" * 10); self.wfile.flush(); time.sleep(30)
                    elif self.path == "/stream-huge.png":    # no length, 64 MiB, fast
                        self.send_response(200)
                        self.send_header("Connection", "close")
                        self.end_headers()
                        for _ in range(64):
                            self.wfile.write(b"x" * (1 << 20))
                    else:
                        super().do_GET()
                except (BrokenPipeError, ConnectionResetError):
                    pass
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
        print(f"Serving HTTP on 127.0.0.1 port {server.server_address[1]} ...", flush=True)
        server.serve_forever()
        """

    init(serving folder: URL, delay: Double = 0) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, folder.path, String(delay)]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 ..."
        var text = ""
        var port: Int?
        while port == nil && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: " port "), text[range.upperBound...].contains(" ") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
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
