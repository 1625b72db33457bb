import ImageCodecs
import Testing

/// `MetadataKeep(list:)`, the `--keep` spelling: every name, unions, and each refusal with its
/// exact error.
@Suite struct MetadataKeepListTests {
    static let valid: [(String, MetadataKeep)] = [
        ("icc", .icc), ("exif", .exif), ("xmp", .xmp), ("iptc", .iptc), ("none", MetadataKeep()),
        ("all", [.icc, .exif, .xmp, .iptc]), ("exif,xmp", [.exif, .xmp]), ("xmp,icc,xmp", [.xmp, .icc]),
        ("all,exif", .all),
    ]

    @Test(arguments: valid)
    func parses(_ list: String, _ expected: MetadataKeep) throws {
        #expect(try MetadataKeep(list: list) == expected)
    }

    static let invalid: [(String, MetadataKeepListError)] = [
        ("", .emptyEntry), ("exif,", .emptyEntry), (",xmp", .emptyEntry), ("exif,,xmp", .emptyEntry),
        ("EXIF", .unknownEntry("EXIF")), ("exif,gps", .unknownEntry("gps")), (" exif", .unknownEntry(" exif")),
        ("other", .unknownEntry("other")), ("none,exif", .noneWithOthers), ("none,none", .noneWithOthers),
    ]

    @Test(arguments: invalid)
    func refuses(_ list: String, _ expected: MetadataKeepListError) {
        #expect(throws: expected) { try MetadataKeep(list: list) }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(MetadataKeepListError.unknownEntry("gps").description == "'gps' is not one of none, icc, exif, xmp, iptc, all")
        #expect(MetadataKeepListError.noneWithOthers.description == "none cannot be listed with other entries")
        #expect(MetadataKeepListError.emptyEntry.description == "an entry is empty")
    }

    static let descriptions: [(MetadataKeep, String)] = [
        (MetadataKeep(), "none"), (.all, "all"), (.icc, "icc"), ([.iptc, .exif], "exif,iptc"), ([.xmp, .icc, .exif], "icc,exif,xmp"),
    ]

    @Test("the description reads back as the same set, in a fixed order", arguments: descriptions)
    func description(_ keep: MetadataKeep, _ text: String) throws {
        #expect(keep.listDescription == text)
        #expect(try MetadataKeep(list: text) == keep)
    }
}
