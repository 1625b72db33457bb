/// A format that is written: encodes an image with its metadata, libvips' `save` with
/// `write_profile_meta`. The saver writes what of `metadata` its format carries (today the ICC
/// profile, when `options.keepsICCProfile`) while it encodes, so nothing re-parses an encoded
/// file to add it.
package protocol ImageSaver: SendableMetatype {
    /// The encoded file. `destination` names the output in errors.
    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8]

    /// The `EncodeOptions.effort` values the format takes, or nil when it has no effort.
    static var efforts: ClosedRange<Int>? { get }
}

extension ImageSaver {
    static var efforts: ClosedRange<Int>? { nil }
}

extension ImageMetadata {
    /// The profile a saver writes: present, non-empty and no larger than
    /// `ICCProfile.maximumBytes` (a larger one is not written), and asked for.
    func profileToWrite(_ options: EncodeOptions) -> [UInt8]? {
        guard options.keepsICCProfile, let iccProfile, !iccProfile.isEmpty,
              iccProfile.count <= ICCProfile.maximumBytes else { return nil }
        return iccProfile
    }
}
