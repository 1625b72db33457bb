import Foundation
import ImageCodecs
import SystemIO

/// Turns what the user named (paths, folders, URLs) into the list of inputs, in order:
/// arguments in the order given, a folder's images sorted by path. Nothing is read here
/// beyond directory listings and `stat`; bad image files are found later by the runner.
package struct InputDiscovery {
    /// Folders never scanned (the output folder, so that a second run over a tree that
    /// contains its own output folder does not take last run's outputs as inputs).
    package var excludedFolders: Set<FileIdentity> = []

    package init(excludedFolders: Set<FileIdentity> = []) {
        self.excludedFolders = excludedFolders
    }

    /// Discovers every argument, in order, handing each input to `emit` as it is found (a
    /// folder of a million images is never a list in memory).
    package func discover(_ arguments: some Sequence<String>, into emit: (DiscoveredInput) throws -> Void) rethrows {
        for argument in arguments { try discover(argument: argument, into: emit) }
    }

    /// The inputs of `arguments` as a list (for small sets and tests).
    package func discover(_ arguments: [String]) -> [DiscoveredInput] {
        var found: [DiscoveredInput] = []
        discover(arguments) { found.append($0) }
        return found
    }

    /// Discovers one argument: a URL, a file, or a folder searched recursively.
    package func discover(argument: String, into emit: (DiscoveredInput) throws -> Void) rethrows {
        if argument.isEmpty {
            return try emit(.failure(name: argument, reason: "empty input name"))
        }
        if let scheme = Self.urlScheme(of: argument) {
            return try emit(discoverURL(argument, scheme: scheme))
        }
        switch FileSystem.kind(of: argument) {
        case .regularFile:
            try emit(.image(name: argument, source: .file(argument),
                            identity: FileSystem.realPath(argument) ?? argument,
                            relativeName: ImageFileName.baseName(of: argument)))
        case .directory(let identity):
            if excludedFolders.contains(identity) {
                return try emit(.failure(name: argument, reason: "is the output folder"))
            }
            let found = try scan(folder: argument, shownAs: argument, relativePrefix: "",
                                 ancestors: [identity], into: emit)
            if found == 0 {
                try emit(.failure(name: argument, reason:
                    "folder contains no \(ImageFormatRegistry.extensionNames) images"))
            }
        case .brokenSymbolicLink:
            try emit(.failure(name: argument, reason: "broken symbolic link"))
        case .unavailable(let errno):
            try emit(.failure(name: argument, reason: errno.description))
        case .other:
            try emit(.failure(name: argument, reason: "not a regular file or folder"))
        }
    }

    /// The scheme of `text` when it has the form `scheme://...`, lowercased.
    package static func urlScheme(of text: String) -> String? {
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
                      ancestors: Set<FileIdentity>, into emit: (DiscoveredInput) throws -> Void) rethrows -> Int {
        let entries: [DirectoryListing.Entry]
        do {
            entries = try DirectoryListing.sortedEntries(of: folder)
        } catch {
            try emit(.failure(name: shown, reason: "cannot read folder: \(error.reason)"))
            return 1
        }
        // The folder's canonical path, once: a plain file's identity is that plus its name,
        // with no `realpath` (a `readlink` per path component) per file.
        let canonicalFolder = FileSystem.realPath(folder)
        var found = 0
        for entry in entries {
            let path = Self.join(folder, entry.name)
            let name = Self.join(shown, entry.name)
            let relative = relativePrefix + entry.name
            if entry.isPlainFile {
                guard ImageFileName.isImageName(entry.name) else { continue }
                found += 1
                let identity = canonicalFolder.map { Self.join($0, entry.name) } ?? FileSystem.realPath(path) ?? path
                try emit(.image(name: name, source: .file(path), identity: identity, relativeName: relative))
                continue
            }
            switch FileSystem.kind(of: path) {
            case .regularFile where ImageFileName.isImageName(entry.name):
                found += 1
                try emit(.image(name: name, source: .file(path),
                                identity: FileSystem.realPath(path) ?? path,
                                relativeName: relative))
            case .directory(let identity):
                if ancestors.contains(identity) || excludedFolders.contains(identity) { continue }
                found += try scan(folder: path, shownAs: name, relativePrefix: relative + "/",
                                  ancestors: ancestors.union([identity]), into: emit)
            case .brokenSymbolicLink where ImageFileName.isImageName(entry.name):
                found += 1
                try emit(.failure(name: name, reason: "broken symbolic link"))
            case .unavailable(let errno) where ImageFileName.isImageName(entry.name):
                found += 1
                try emit(.failure(name: name, reason: errno.description))
            default:
                continue
            }
        }
        return found
    }

    /// `folder/entry`, without doubling a trailing slash the user typed.
    package static func join(_ folder: String, _ entry: String) -> String {
        folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
