import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// TIFF, GIF, BMP, AVIF and HEIF inputs named on the command line: each goes through the whole
/// pipeline exactly as a PNG holding Pillow 13.0.0's decode of it does (HEIF: our own decode,
/// which is within 1 of pillow-heif's), on both backends; a damaged one
/// fails alone with one line naming it.
@Suite("TIFF, GIF, BMP, AVIF and HEIF inputs")
struct FormatInputTests {
    static let codecFixtures = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures")

    struct Input: CustomTestStringConvertible, Sendable {
        let folder: String
        let file: String
        var testDescription: String { file }
    }

    static let inputs: [Input] = [
        Input(folder: "tiff", file: "rgb8-orientation-6.tif"),
        Input(folder: "tiff", file: "rgba8-planar-tiled.tif"),
        Input(folder: "tiff", file: "cmyk8-none.tif"),
        Input(folder: "tiff", file: "bilevel-g4.tif"),
        Input(folder: "gif", file: "transparent-index.gif"),
        Input(folder: "gif", file: "palette-interlaced.gif"),
        Input(folder: "bmp", file: "bitfields-bgra-v4.bmp"),
        Input(folder: "bmp", file: "rle4.bmp"),
        Input(folder: "avif", file: "alpha-8bit.avif"),
        Input(folder: "avif", file: "orientation-6.avif"),
        Input(folder: "heif", file: "alpha.heic"),
    ]

    /// Pillow's RGBA for a fixture, from its folder's manifest; for HEIF, which is within 1 of
    /// pillow-heif (ImageCodecsTests), the library's own decode.
    static func expected(_ input: Input) throws -> HostImage {
        if input.folder == "heif" {
            let path = codecFixtures.appendingPathComponent(input.folder).appendingPathComponent(input.file).path
            return try ImageDecoder.decode(contentsOf: path).image
        }
        struct Case: Decodable { let file: String; let width: Int; let height: Int; let rgba: String }
        let cases: [Case] = try FixtureManifest.cases(in: codecFixtures.appendingPathComponent(input.folder))
        let c = try #require(cases.first { $0.file == input.file })
        return HostImage(width: c.width, height: c.height, computedPixels: [UInt8](try #require(Data(base64Encoded: c.rgba))))
    }

    /// The one file a run wrote under `folder`.
    static func onlyOutput(_ folder: TemporaryFolder, _ relative: String) throws -> HostImage {
        let files = folder.files(under: relative)
        #expect(files.count == 1, "\(relative): \(files)")
        let name = try #require(files.first)
        return try ImageDecoder.decode(data: [UInt8](folder.contents("\(relative)/\(name)")), source: name).image
    }

    @Test("an input decodes to Pillow's pixels: its output equals the output of a PNG holding them",
          arguments: inputs, ["cpu", "opencl"])
    func sameOutputAsPillowsPixels(_ input: Input, device: String) throws {
        if device == "opencl" && !OpenCLTestEnvironment.isAvailable { return }
        let folder = try TemporaryFolder()
        let source = Self.codecFixtures.appendingPathComponent(input.folder).appendingPathComponent(input.file)
        let named = try folder.write(try Data(contentsOf: source), to: "in/\(input.file)")
        let png = try folder.write(Data(try ImageEncoder.encodePNG(Self.expected(input))), to: "ref/pillow.png")
        let runner = CommandRunner(in: folder.url)
        let common = ["--size", "16", "--fit", "contain", "--effect", "sepia", "--format", "png", "--device", device]
        let run = try runner.run(["process", named, "--output", "out"] + common)
        #expect(run.status == 0, "\(run)")
        let reference = try runner.run(["process", png, "--output", "expected"] + common)
        #expect(reference.status == 0, "\(reference)")
        #expect(try Self.onlyOutput(folder, "out") == Self.onlyOutput(folder, "expected"))
    }

    @Test("a damaged TIFF, GIF or BMP fails alone with one line naming it; the others are written")
    func damagedInputsFailAlone() throws {
        let folder = try TemporaryFolder()
        var written: [String] = []
        for (sub, file) in [("tiff", "rgb8-none.tif"), ("gif", "palette.gif"), ("bmp", "pillow-rgb24.bmp")] {
            let whole = try Data(contentsOf: Self.codecFixtures.appendingPathComponent(sub).appendingPathComponent(file))
            written.append(try folder.write(whole.prefix(whole.count - 200), to: "in/cut-\(file)"))
        }
        let good = try folder.write(try Data(contentsOf: Self.codecFixtures.appendingPathComponent("gif/gray.gif")),
                                    to: "in/good.gif")
        let r = try CommandRunner(in: folder.url).run(["process"] + written + [good, "--output", "out", "--size", "8",
                                                                                "--device", "cpu"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderrLines.count == 4, "three failures and the summary\n\(r)")
        for file in ["cut-rgb8-none.tif", "cut-palette.gif", "cut-pillow-rgb24.bmp"] {
            #expect(r.stderrLines.contains { $0.contains("\(file): truncated") }, "\(file)\n\(r)")
        }
        #expect(folder.files(under: "out").count == 1)
    }

    @Test("--icc keep carries a TIFF's, BMP's, GIF's, AVIF's and HEIF's profile into the output", arguments: [
        ("tiff", "icc-profile.tif"), ("bmp", "v5-with-profile.bmp"), ("gif", "icc-profile.gif"), ("avif", "icc-profile.avif"),
        ("heif", "icc-profile.heic"),
    ])
    func profilesAreKept(_ sub: String, _ file: String) throws {
        let folder = try TemporaryFolder()
        let data = try Data(contentsOf: Self.codecFixtures.appendingPathComponent(sub).appendingPathComponent(file))
        let named = try folder.write(data, to: "in/\(file)")
        let r = try CommandRunner(in: folder.url).run(["process", named, "--output", "out", "--size", "8", "--format", "png",
                                                       "--device", "cpu"])
        #expect(r.status == 0, "\(r)")
        let output = try #require(folder.files(under: "out").first)
        let profile = ICCProfile.read(from: [UInt8](data))
        #expect(profile != nil)
        #expect(ICCProfile.read(from: [UInt8](try folder.contents("out/\(output)"))) == profile)
    }

    @Test("a file of no format read is refused with a message naming every format")
    func unknownFormatNamesEveryFormat() throws {
        let folder = try TemporaryFolder()
        let text = try folder.write(Data("%PDF-1.7 not a picture".utf8), to: "in/scan.tif")
        let r = try CommandRunner(in: folder.url).run(["process", text, "--output", "out", "--size", "8", "--device", "cpu"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("scan.tif: not a PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIF or JPEG XL image (starts with '%PDF-1.7')"), "\(r)")
    }

    @Test("a folder scan finds every format by extension in any letter case; --format keep writes GIF and AVIF as themselves, PNG for TIFF and BMP, JPEG for HEIF")
    func folderScanAndKeep() throws {
        let folder = try TemporaryFolder()
        let sources = [("tiff", "rgb8-orientation-6.tif", "in/A.TIF"), ("gif", "transparent-index.gif", "in/b.Gif"),
                       ("bmp", "rle4.bmp", "in/sub/c.bmp"), ("avif", "alpha-8bit.avif", "in/d.avif"),
                       ("heif", "alpha.heic", "in/e.HEIC")]
        for (format, file, target) in sources {
            try folder.write(Data(contentsOf: Self.codecFixtures.appendingPathComponent(format).appendingPathComponent(file)),
                             to: target)
        }
        try folder.write(Data("notes".utf8), to: "in/readme.txt")
        let r = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "8",
                                                       "--format", "keep", "--device", "cpu", "--no-glitch"])
        #expect(r.status == 0, "\(r)")
        #expect(folder.files(under: "out").sorted() == ["A.png", "b.gif", "d.avif", "e.jpg", "sub/c.png"], "\(r)")
    }
}
