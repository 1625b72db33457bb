import Foundation
import GPUOps

/// Turns what the user named (paths, folders, URLs) into the list of inputs, in order:
/// arguments in the order given, a folder's images sorted by path. Nothing is read here
/// beyond directory listings and `stat`; bad image files are found later by the runner.
struct InputDiscovery {
    /// Folders never scanned (the output folder, so that a second run over a tree that
    /// contains its own output folder does not take last run's outputs as inputs).
    var excludedFolders: Set<FileIdentity> = []

    /// Discovers every argument, in order.
    func discover(_ arguments: [String]) -> [DiscoveredInput] {
        arguments.flatMap(discover(argument:))
    }

    /// Discovers one argument: a URL, a file, or a folder searched recursively.
    func discover(argument: String) -> [DiscoveredInput] {
        if argument.isEmpty {
            return [.failure(name: argument, reason: "empty input name")]
        }
        if let scheme = Self.urlScheme(of: argument) {
            return [discoverURL(argument, scheme: scheme)]
        }
        switch FileSystem.kind(of: argument) {
        case .regularFile:
            return [.image(name: argument, source: .file(argument),
                           identity: FileSystem.realPath(argument) ?? argument,
                           relativeName: ImageFileName.baseName(of: argument))]
        case .directory(let identity):
            if excludedFolders.contains(identity) {
                return [.failure(name: argument, reason: "is the output folder")]
            }
            let found = scan(folder: argument, shownAs: argument, relativePrefix: "",
                             ancestors: [identity])
            if found.isEmpty {
                return [.failure(name: argument, reason:
                    "folder contains no .jpg, .jpeg, .png or .webp images")]
            }
            return found
        case .brokenSymbolicLink:
            return [.failure(name: argument, reason: "broken symbolic link")]
        case .unavailable(let reason):
            return [.failure(name: argument, reason: reason)]
        case .other:
            return [.failure(name: argument, reason: "not a regular file or folder")]
        }
    }

    /// The scheme of `text` when it has the form `scheme://...`, lowercased.
    static func urlScheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
              scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    private func discoverURL(_ text: String, scheme: String) -> DiscoveredInput {
        guard scheme == "http" || scheme == "https" else {
            return .failure(name: text, reason: "unsupported URL scheme '\(scheme)' (only http and https)")
        }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
            return .failure(name: text, reason: "not a valid URL")
        }
        return .image(name: text, source: .url(url), identity: url.absoluteString,
                      relativeName: URLFileName.name(for: url))
    }

    /// The images under `folder`, depth first in byte order of names. Symbolic links are
    /// followed (to files and folders, like `find -L`); a link back to a folder being
    /// scanned is not followed again. Unreadable folders and broken links that look like
    /// images are reported, other entries (non-image names, sockets, ...) ignored.
    private func scan(folder: String, shownAs shown: String, relativePrefix: String,
                      ancestors: Set<FileIdentity>) -> [DiscoveredInput] {
        let entries: [String]
        do {
            entries = try FileSystem.sortedEntries(of: folder)
        } catch {
            return [.failure(name: shown, reason: "cannot read folder: \(error.reason)")]
        }
        var found: [DiscoveredInput] = []
        for entry in entries {
            let path = Self.join(folder, entry)
            let name = Self.join(shown, entry)
            let relative = relativePrefix + entry
            switch FileSystem.kind(of: path) {
            case .regularFile where ImageFileName.isImageName(entry):
                found.append(.image(name: name, source: .file(path),
                                    identity: FileSystem.realPath(path) ?? path,
                                    relativeName: relative))
            case .directory(let identity):
                if ancestors.contains(identity) || excludedFolders.contains(identity) { continue }
                found += scan(folder: path, shownAs: name, relativePrefix: relative + "/",
                              ancestors: ancestors.union([identity]))
            case .brokenSymbolicLink where ImageFileName.isImageName(entry):
                found.append(.failure(name: name, reason: "broken symbolic link"))
            case .unavailable(let reason) where ImageFileName.isImageName(entry):
                found.append(.failure(name: name, reason: reason))
            default:
                continue
            }
        }
        return found
    }

    /// `folder/entry`, without doubling a trailing slash the user typed.
    static func join(_ folder: String, _ entry: String) -> String {
        folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
