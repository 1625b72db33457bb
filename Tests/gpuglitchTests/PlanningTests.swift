import Foundation
import Testing

/// Input discovery, output naming, duplicates, collisions, shards, lists and
/// `--skip-existing`, seen through `process --dry-run`, which prints the plan (one
/// `action<TAB>input<TAB>output-or-error` line per input) and writes nothing.
@Suite("Planning (--dry-run)")
struct PlanningTests {
    /// Any bytes do: a dry run reads no image.
    private let bytes = Data("not decoded in a dry run".utf8)

    private func plan(_ arguments: [String], in folder: TemporaryFolder, stdin: String? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> (ExecutionResult, [[String]]) {
        let result = try CommandRunner(in: folder.url).run(["process"] + arguments + ["--dry-run"], stdin: stdin)
        let lines = result.stdoutLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        for line in lines {
            #expect(line.count == 3, "malformed plan line \(line)", sourceLocation: sourceLocation)
        }
        return (result, lines)
    }

    @Test("folders: recursive, any letter case, sorted by path, sub-paths kept, others ignored")
    func folderNaming() throws {
        let folder = try TemporaryFolder()
        for name in ["photos/b.PNG", "photos/a.jpg", "photos/sub/c.JPEG", "photos/sub/deeper/d.png",
                     "photos/notes.txt", "photos/x.psd", "photos/Z.Jpg"] {
            try folder.write(bytes, to: name)
        }
        try folder.makeFolder("photos/empty")

        let (keep, keepPlan) = try plan(["photos", "--output", "out"], in: folder)
        #expect(keep.status == 0, "\(keep)")
        #expect(keepPlan == [
            ["write", "photos/Z.Jpg", "out/Z.jpg"],
            ["write", "photos/a.jpg", "out/a.jpg"],
            ["write", "photos/b.PNG", "out/b.png"],
            ["write", "photos/sub/c.JPEG", "out/sub/c.jpg"],
            ["write", "photos/sub/deeper/d.png", "out/sub/deeper/d.png"],
        ])

        let (_, pngPlan) = try plan(["photos/", "--output", "out/", "--format", "png"], in: folder)
        #expect(pngPlan.map { $0[1] } == ["photos/Z.Jpg", "photos/a.jpg", "photos/b.PNG",
                                          "photos/sub/c.JPEG", "photos/sub/deeper/d.png"])
        #expect(pngPlan.map { $0[2] } == ["out/Z.png", "out/a.png", "out/b.png",
                                          "out/sub/c.png", "out/sub/deeper/d.png"])

        let (_, jpegPlan) = try plan(["photos/sub", "-o", "thumbs", "--format", "jpg"], in: folder)
        #expect(jpegPlan == [
            ["write", "photos/sub/c.JPEG", "thumbs/c.jpg"],
            ["write", "photos/sub/deeper/d.png", "thumbs/deeper/d.jpg"],
        ])
        #expect(folder.files(under: "out").isEmpty && folder.files(under: "thumbs").isEmpty,
                "a dry run writes nothing")
    }

    @Test("files use their base name; other extensions are kept and one appended")
    func fileNaming() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "one/pic.jpeg")
        try folder.write(bytes, to: "two/deep/shot.PNG")
        try folder.write(bytes, to: "scan.2021")
        try folder.write(bytes, to: "noext")
        let (result, lines) = try plan(["one/pic.jpeg", "two/deep/shot.PNG", "scan.2021", "noext",
                                        "--output", "out"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(lines == [
            ["write", "one/pic.jpeg", "out/pic.jpg"],
            ["write", "two/deep/shot.PNG", "out/shot.png"],
            ["write", "scan.2021", "out/scan.2021.jpg"],
            ["write", "noext", "out/noext.jpg"],
        ])
    }

    @Test("URL names: last path component, percent-decoded, made safe")
    func urlNaming() throws {
        let folder = try TemporaryFolder()
        let (result, lines) = try plan([
            "https://example.com/img/cat%20photo.PNG?size=2#top",
            "http://example.com/",
            "https://example.com/photo?id=3",
            "https://example.com/a/..%2F..%2Fetc%2Fpasswd",
            "https://example.com/a/.hidden.jpg",
            "HTTPS://EXAMPLE.COM/UP.JPEG",
            "https://example.com/a/%2e%2e",
            "--output", "out",
        ], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(lines == [
            ["write", "https://example.com/img/cat%20photo.PNG?size=2#top", "out/cat photo.png"],
            ["write", "http://example.com/", "out/index.jpg"],
            ["write", "https://example.com/photo?id=3", "out/photo.jpg"],
            ["write", "https://example.com/a/..%2F..%2Fetc%2Fpasswd", "out/_.._etc_passwd.jpg"],
            ["write", "https://example.com/a/.hidden.jpg", "out/hidden.jpg"],
            ["write", "HTTPS://EXAMPLE.COM/UP.JPEG", "out/UP.jpg"],
            // ".." decodes to a name with nothing left once made safe, hence `index`, taken.
            ["fail", "https://example.com/a/%2e%2e",
             "https://example.com/a/%2e%2e: output 'out/index.jpg' is already the output of 'http://example.com/'"],
        ])
    }

    @Test("unsupported URL schemes and invalid URLs fail that input")
    func badURLs() throws {
        let folder = try TemporaryFolder()
        let (result, lines) = try plan(["ftp://example.com/a.png", "http://", "--output", "out"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(lines == [
            ["fail", "ftp://example.com/a.png", "ftp://example.com/a.png: unsupported URL scheme 'ftp' (only http and https)"],
            ["fail", "http://", "http://: not a valid URL"],
        ])
    }

    @Test("two inputs with one output: the later one fails, never an overwrite")
    func collisions() throws {
        let folder = try TemporaryFolder()
        for name in ["a/x.png", "b/x.png", "c/y.jpg", "c/y.png", "u/index.png"] {
            try folder.write(bytes, to: name)
        }
        let (result, lines) = try plan(["a/x.png", "b/x.png", "c", "https://example.com/", "http://example.org/",
                                        "--output", "out", "--format", "png"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(lines == [
            ["write", "a/x.png", "out/x.png"],
            ["fail", "b/x.png", "b/x.png: output 'out/x.png' is already the output of 'a/x.png'"],
            ["write", "c/y.jpg", "out/y.png"],
            ["fail", "c/y.png", "c/y.png: output 'out/y.png' is already the output of 'c/y.jpg'"],
            ["write", "https://example.com/", "out/index.png"],
            ["fail", "http://example.org/", "http://example.org/: output 'out/index.png' is already the output of 'https://example.com/'"],
        ])
    }

    @Test("the same input named twice, or as a file and through its folder, is planned once")
    func duplicates() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "photos/a.png")
        try folder.write(bytes, to: "photos/b.png")
        let (result, lines) = try plan(["photos/a.png", "photos", "./photos/a.png", "photos/a.png",
                                        "--output", "out"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(lines == [
            ["write", "photos/a.png", "out/a.png"],
            ["write", "photos/b.png", "out/b.png"],
        ])
    }

    @Test("an output that is an input file fails that input")
    func outputIsInput() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "photos/a.png")
        try folder.write(bytes, to: "photos/b.jpg")
        try folder.write(bytes, to: "photos/b.png")

        // Writing into the input folder with the same format: every output is its input.
        let (same, sameLines) = try plan(["photos/a.png", "--output", "photos"], in: folder)
        #expect(same.status == 1, "\(same)")
        #expect(sameLines == [["fail", "photos/a.png", "photos/a.png: output 'photos/a.png' is an input file; not overwriting it"]])

        // b.jpg's output as PNG would be b.png, another input.
        let (other, otherLines) = try plan(["photos/b.jpg", "photos/b.png", "--output", "./photos/",
                                            "--format", "png"], in: folder)
        #expect(other.status == 1, "\(other)")
        #expect(otherLines == [
            ["fail", "photos/b.jpg", "photos/b.jpg: output './photos/b.png' is an input file; not overwriting it"],
            ["fail", "photos/b.png", "photos/b.png: output './photos/b.png' is an input file; not overwriting it"],
        ])

        // Through a symbolic link: out/a.png already links to the input.
        try folder.link("out/a.png", to: "../photos/a.png")
        let (linked, linkedLines) = try plan(["photos/a.png", "--output", "out"], in: folder)
        #expect(linked.status == 1, "\(linked)")
        #expect(linkedLines == [["fail", "photos/a.png", "photos/a.png: output 'out/a.png' is an input file; not overwriting it"]])

        // And through a linked output folder.
        try folder.link("alias", to: "photos")
        let (aliased, aliasedLines) = try plan(["photos/a.png", "--output", "alias"], in: folder)
        #expect(aliased.status == 1, "\(aliased)")
        #expect(aliasedLines == [["fail", "photos/a.png", "photos/a.png: output 'alias/a.png' is an input file; not overwriting it"]])
    }

    @Test("symbolic links: to files followed, broken ones reported, folder loops not followed twice")
    func symbolicLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "elsewhere/real.png")
        try folder.write(bytes, to: "photos/a.png")
        try folder.link("photos/link.png", to: "../elsewhere/real.png")
        try folder.link("photos/dead.png", to: "../elsewhere/gone.png")
        try folder.link("photos/loop", to: ".")
        try folder.link("photos/more", to: "../elsewhere")
        try folder.link("single.png", to: "elsewhere/real.png")

        let (result, lines) = try plan(["photos", "single.png", "--output", "out"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(lines == [
            ["write", "photos/a.png", "out/a.png"],
            ["fail", "photos/dead.png", "photos/dead.png: broken symbolic link"],
            ["write", "photos/link.png", "out/link.png"],
            ["write", "photos/more/real.png", "out/more/real.png"],
            ["write", "single.png", "out/single.png"],
        ])
    }

    @Test("inputs that yield no image fail alone, in input order")
    func inputsWithoutImages() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "good.png")
        try folder.makeFolder("empty")
        try folder.makeFolder("x.jpg")
        try folder.write(bytes, to: "textonly/readme.txt")
        let (result, lines) = try plan(["missing.png", "empty", "good.png", "x.jpg", "textonly", "",
                                        "--output", "out"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(lines == [
            ["fail", "missing.png", "missing.png: No such file or directory"],
            ["fail", "empty", "empty: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images"],
            ["write", "good.png", "out/good.png"],
            ["fail", "x.jpg", "x.jpg: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images"],
            ["fail", "textonly", "textonly: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images"],
            ["fail", "", ": empty input name"],
        ])
    }

    @Test("shards 1/3, 2/3, 3/3 split the hash-ordered set: disjoint, complete, balanced, independent of argument order")
    func shards() throws {
        let folder = try TemporaryFolder()
        var names: [String] = []
        for i in 0..<11 {
            let name = "set/\(i % 2 == 0 ? "even" : "odd")/img\(i).png"
            try folder.write(bytes, to: name)
            names.append(name)
        }
        let (full, fullLines) = try plan(["set", "missing.png", "--output", "out"], in: folder)
        #expect(full.status == 1)
        let everything = Set(fullLines.map { $0[1] })
        #expect(everything.count == 12)

        var union: [String] = []
        for k in 1...3 {
            let (_, forward) = try plan(["set", "missing.png", "--output", "out", "--shard", "\(k)/3"], in: folder)
            let (_, backward) = try plan(names.reversed() + ["missing.png", "--output", "out", "--shard", "\(k)/3"],
                                         in: folder)
            let forwardInputs = forward.map { $0[1] }
            #expect(Set(forwardInputs) == Set(backward.map { $0[1] }), "shard \(k) depends on argument order")
            #expect(forwardInputs.count == 4, "12 inputs in 3 round-robin shards: 4 each")
            union += forwardInputs
        }
        #expect(union.count == everything.count && Set(union) == everything)

        // Round robin over the names ordered by their stable hash (docs/CLI.md: FNV-1a 64 of
        // the UTF-8 name, after a 0 domain byte, then MurmurHash3's fmix64), ties in input
        // order. Computed independently in Python:
        //   sorted(range(12), key=lambda i: (h(names[i]), i))[0::3] ->
        //   img4, img5, img2, img3 (listed below in input order)
        let (_, first) = try plan(["set", "missing.png", "--output", "out", "--shard", "1/3"], in: folder)
        #expect(first.map { $0[1] } == ["set/even/img2.png", "set/even/img4.png", "set/odd/img3.png", "set/odd/img5.png"])

        let (_, whole) = try plan(["set", "missing.png", "--output", "out", "--shard", "1/1"], in: folder)
        #expect(whole == fullLines)
    }

    @Test("--skip-existing skips inputs whose output exists")
    func skipExisting() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "in/a.png")
        try folder.write(bytes, to: "in/b.png")
        try folder.write(bytes, to: "out/a.png")
        let (result, lines) = try plan(["in", "--output", "out", "--skip-existing"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(lines == [["skip", "in/a.png", "out/a.png"], ["write", "in/b.png", "out/b.png"]])

        let (_, withoutFlag) = try plan(["in", "--output", "out"], in: folder)
        #expect(withoutFlag.map { $0[0] } == ["write", "write"])
    }

    @Test("--list: one input a line, comments and blank lines ignored, '-' reads standard input")
    func lists() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "a.png")
        try folder.write(bytes, to: "dir/b.jpg")
        try folder.write(bytes, to: "with space.png")
        try folder.write(Data("# my batch\r\n\r\na.png\r\n   dir   \r\n#dir/b.jpg\nwith space.png\n".utf8),
                         to: "list.txt")
        let (fromFile, fileLines) = try plan(["--list", "list.txt", "--output", "out"], in: folder)
        #expect(fromFile.status == 0, "\(fromFile)")
        #expect(fileLines == [
            ["write", "a.png", "out/a.png"],
            ["write", "dir/b.jpg", "out/b.jpg"],
            ["write", "with space.png", "out/with space.png"],
        ])

        let (fromStdin, stdinLines) = try plan(["with space.png", "--list", "-", "--output", "out"], in: folder,
                                                stdin: "dir/b.jpg\n\n# comment\nnope.png\n")
        #expect(fromStdin.status == 1, "\(fromStdin)")
        #expect(stdinLines == [
            ["write", "with space.png", "out/with space.png"],
            ["write", "dir/b.jpg", "out/b.jpg"],
            ["fail", "nope.png", "nope.png: No such file or directory"],
        ])
    }

    @Test("the output folder is never scanned as input")
    func outputFolderExcluded() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "a.png")
        try folder.write(bytes, to: "thumbs/a.png")
        let (result, lines) = try plan([".", "--output", "thumbs"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(lines == [["write", "./a.png", "thumbs/a.png"]])

        let (named, namedLines) = try plan(["thumbs", "--output", "thumbs"], in: folder)
        #expect(named.status == 1, "\(named)")
        #expect(namedLines == [["fail", "thumbs", "thumbs: is the output folder"]])
    }
}
