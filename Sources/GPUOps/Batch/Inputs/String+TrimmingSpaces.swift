extension String {
    /// The string without leading and trailing spaces and tabs (not other white space: a
    /// name may end in a non-breaking space).
    package var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }),
              let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
