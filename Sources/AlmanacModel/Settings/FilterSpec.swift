/// One filter of the panel, as `filters:` names it: a field's values to tick (`category`), the
/// years of a date field (`year:founded`), or a from–to range of a number or date field
/// (`employees: range`, or `employees:range` on the command line).
public struct FilterSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Each distinct value, ticked on or off.
        case values
        /// The years of a date field, each ticked on or off.
        case years
        /// From and to.
        case range
    }

    public let field: String
    public let kind: Kind

    public init(field: String, kind: Kind) {
        self.field = field
        self.kind = kind
    }

    /// Parses `category`, `year:founded` or `employees:range`; nil for a word before or after
    /// the colon that is neither (`month:founded`), or nothing at all.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: " ")
        guard !trimmed.isEmpty else { return nil }
        guard let colon = trimmed.firstIndex(of: ":") else {
            self.init(field: trimmed, kind: .values)
            return
        }
        let before = String(trimmed[..<colon]).trimmingCharacters(in: " ")
        let after = String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: " ")
        if after == "range", !before.isEmpty {
            self.init(field: before, kind: .range)
        } else if before == "year", !after.isEmpty {
            self.init(field: after, kind: .years)
        } else {
            return nil
        }
    }
}
