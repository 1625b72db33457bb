import Foundation

/// Where an input image comes from.
public enum ImageSource: Sendable, Hashable, CustomStringConvertible {
    /// A file path (symbolic links are followed).
    case file(String)
    /// An http or https URL.
    case url(URL)

    public var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }
}
