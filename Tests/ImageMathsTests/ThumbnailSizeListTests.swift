import ImageMaths
import Testing

/// `ThumbnailSize.list`, the `--size LIST` parser the CLI and the fuzzer share.
@Suite("Size lists")
struct ThumbnailSizeListTests {
    @Test func entriesInOrder() throws {
        #expect(try ThumbnailSize.list("1024,640x480,256X96").map(\.description) == ["1024", "640x480", "256x96"])
        #expect(try ThumbnailSize.list("512") == [ThumbnailSize(side: 512)!])
    }

    @Test("refusals name what is wrong", arguments: [
        ("", ThumbnailSize.ListError.emptyEntry),
        ("512,", .emptyEntry),
        (",512", .emptyEntry),
        ("512,,256", .emptyEntry),
        ("0", .badEntry("0")),
        ("65536", .badEntry("65536")),
        ("64x", .badEntry("64x")),
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
