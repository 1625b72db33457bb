import ImageMaths
import Testing

/// `ThumbnailSize.list`, the `--size LIST` parser the CLI and the fuzzer share.
@Suite("Size lists")
struct ThumbnailSizeListTests {
    @Test func entriesInOrder() throws {
        #expect(try ThumbnailSize.list("1024,640x480,256X96").map(\.description) == ["1024", "640x480", "256x96"])
        #expect(try ThumbnailSize.list("512") == [ThumbnailSize(side: 512)!])
    }

    @Test("width-only and height-only entries mix with the others and keep their spelling")
    func oneSidedEntries() throws {
        let sizes = try ThumbnailSize.list("256,800x,X600,640x480")
        #expect(sizes.map(\.description) == ["256", "800x", "x600", "640x480"])
        #expect(sizes[1] == ThumbnailSize(width: 800, height: nil))
        #expect(sizes[1].width == 800 && sizes[1].height == nil && !sizes[1].isSquare)
        #expect(sizes[2] == ThumbnailSize(width: nil, height: 600))
        #expect(ThumbnailSize(width: nil, height: nil) == nil)
        #expect(ThumbnailSize(width: 0, height: nil) == nil)
        #expect(ThumbnailSize(width: nil, height: 65_536) == nil)
        #expect(ThumbnailSize("065535x")?.description == "65535x")
    }

    @Test("refusals name what is wrong", arguments: [
        ("", ThumbnailSize.ListError.emptyEntry),
        ("512,", .emptyEntry),
        (",512", .emptyEntry),
        ("512,,256", .emptyEntry),
        ("0", .badEntry("0")),
        ("65536", .badEntry("65536")),
        ("x", .badEntry("x")),
        ("0x", .badEntry("0x")),
        ("800x0", .badEntry("800x0")),
        ("x0", .badEntry("x0")),
        ("x65536", .badEntry("x65536")),
        ("800x,x", .badEntry("x")),
        ("64xx", .badEntry("64xx")),
        ("800x,800X", .repeated(ThumbnailSize(width: 800, height: nil)!)),
        ("x600,X600", .repeated(ThumbnailSize(width: nil, height: 600)!)),
        ("-5", .badEntry("-5")),
        ("512, 256", .badEntry(" 256")),
        ("512,512", .repeated(ThumbnailSize(side: 512)!)),
        ("20x10,20X10", .repeated(ThumbnailSize(width: 20, height: 10)!)),
    ])
    func refusals(text: String, error: ThumbnailSize.ListError) {
        #expect(throws: error) { try ThumbnailSize.list(text) }
    }

    @Test("a square entry and the same box written WxH are different entries (different names)")
    func squareAndBox() throws {
        #expect(try ThumbnailSize.list("64,64x64").count == 2)
    }
}
