import Foundation

/// The `manifest.json` of a fixture folder written by the scripts under `scripts/fixtures`:
/// one object whose `cases` array describes the folder's files, each suite decoding the fields
/// it checks. One reader for every suite that iterates such a folder.
public enum FixtureManifest {
    private struct Cases<Case: Decodable>: Decodable { let cases: [Case] }

    /// The cases of `folder/manifest.json`. Throws when the file is missing or a case lacks a
    /// field `Case` needs.
    public static func cases<Case: Decodable>(in folder: URL, as type: Case.Type = Case.self) throws -> [Case] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Cases<Case>.self, from: data).cases
    }
}
