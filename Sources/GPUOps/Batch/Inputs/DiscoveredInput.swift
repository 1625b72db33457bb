import SystemIO

/// One input after discovery: an image to process, or an input the user named that yields
/// no image (a missing path, a folder without images, ...), which is reported like a bad file.
package struct DiscoveredInput: Equatable {
    /// How messages and the report name the input: the path as given (joined with the
    /// sub-path for a folder's contents) or the URL as given. It is also the sort key of
    /// `--shard`, so it must not depend on the machine (no absolute or resolved paths).
    package var name: String
    package var content: Content

    package enum Content: Equatable {
        /// An image to read. `identity` is the same for two names of one file (its resolved
        /// path) or one URL; `relativeName` is where under `--output` it goes, with the
        /// input's own file name (the extension is changed later, per `--format`).
        case image(source: ImageSource, identity: String, relativeName: String)
        /// Nothing to process here; `reason` is for the user.
        case failure(reason: String)
    }

    package static func image(name: String, source: ImageSource, identity: String,
                      relativeName: String) -> DiscoveredInput {
        DiscoveredInput(name: name, content: .image(source: source, identity: identity,
                                                    relativeName: relativeName))
    }

    package static func failure(name: String, reason: String) -> DiscoveredInput {
        DiscoveredInput(name: name, content: .failure(reason: reason))
    }
}
