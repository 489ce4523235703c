/// The order of rows within a section: fields compared in turn, each ascending or descending.
public struct SortSpec: Sendable, Equatable {
    public struct Key: Sendable, Equatable {
        public let field: String
        public let isDescending: Bool

        public init(field: String, isDescending: Bool = false) {
            self.field = field
            self.isDescending = isDescending
        }
    }

    public let keys: [Key]

    public init(keys: [Key]) {
        self.keys = keys
    }

    /// Parses `name`, `-admitted` or a list of them; nil when nothing is named.
    public init?(_ specs: [String]) {
        var keys: [Key] = []
        for spec in specs {
            let trimmed = spec.trimmingCharacters(in: " ")
            if trimmed.hasPrefix("-") {
                keys.append(Key(field: String(trimmed.dropFirst()), isDescending: true))
            } else if trimmed.hasPrefix("+") {
                keys.append(Key(field: String(trimmed.dropFirst())))
            } else if !trimmed.isEmpty {
                keys.append(Key(field: trimmed))
            }
        }
        guard !keys.isEmpty, keys.allSatisfy({ !$0.field.isEmpty }) else { return nil }
        self.keys = keys
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var result = Substring(self)
        while result.first == character { result.removeFirst() }
        while result.last == character { result.removeLast() }
        return String(result)
    }
}
