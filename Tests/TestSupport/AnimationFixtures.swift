import Foundation

/// The animated inputs of Tests/ImageCodecsTests/Fixtures/animation with Pillow 13.0.0's frames
/// (scripts/fixtures/make_animation_fixtures.py): each animation's frames after `seek(i)` and
/// `convert("RGBA")`, stacked in `<name>.frames.png`, and its durations and loop count.
public enum AnimationFixtures {
    public static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/animation")

    public struct Case: Decodable, Sendable, CustomStringConvertible {
        public var name: String = ""
        public var width: Int
        public var height: Int
        public var frames: Int
        /// Pillow's `info.get("loop")`.
        public var loop: Int?
        /// Each frame's `info.get("duration")`, in milliseconds.
        public var durations: [Int?]

        private enum CodingKeys: String, CodingKey { case width, height, frames, loop, durations }

        public var path: String { folder.appendingPathComponent(name).path }
        /// The stacked reference frames, a PNG of `width` × `height · frames`.
        public var framesPath: String { folder.appendingPathComponent(name + ".frames.png").path }
        public var description: String { name }
    }

    public static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode([String: Case].self, from: data) else { return [] }
        return manifest.map { name, value in
            var c = value
            c.name = name
            return c
        }.sorted { $0.name < $1.name }
    }()
}
