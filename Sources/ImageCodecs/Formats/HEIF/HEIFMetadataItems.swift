import CHEIF

/// The EXIF and XMP items of a HEIF file's primary image, through libheif: the `Exif` item
/// (its 4-byte TIFF header offset followed, `ExifItemPayload`) and the `mime` item whose
/// content type is `application/rdf+xml`; the first of each. Never an error: a file libheif
/// cannot open, or an item it cannot read, gives nothing.
enum HEIFMetadataItems {
    /// Items larger than this are not metadata a thumbnail carries.
    static let maximumBytes = 16 << 20

    static func blocks(_ handle: OpaquePointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        let count = heif_image_handle_get_number_of_metadata_blocks(handle, nil)
        guard count > 0, count <= 1024 else { return blocks }
        var ids = [heif_item_id](repeating: 0, count: Int(count))
        let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, &ids, count))
        for id in ids.prefix(max(0, min(listed, ids.count))) {
            let type = heif_image_handle_get_metadata_type(handle, id).map { String(cString: $0) } ?? ""
            let contentType = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) } ?? ""
            if type == "Exif", wanted.contains(.exif), blocks.exif == nil {
                blocks.exif = data(handle, id).flatMap(ExifItemPayload.tiffStructure(ofItem:))
            } else if type == "mime", contentType == "application/rdf+xml", wanted.contains(.xmp), blocks.xmp == nil {
                blocks.xmp = data(handle, id).flatMap { $0.isEmpty ? nil : $0 }
            }
        }
        return blocks
    }

    private static func data(_ handle: OpaquePointer, _ id: heif_item_id) -> [UInt8]? {
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0, size <= maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let error = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        return error.code == heif_error_Ok ? bytes : nil
    }
}
