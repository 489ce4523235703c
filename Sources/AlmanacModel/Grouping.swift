/// How a page's rows fall into sections.
public enum Grouping: Sendable, Equatable {
    /// By the index letter of the label (A–Z and `#`), like a contacts list.
    case firstLetter
    /// By the value of a field, sections sorted by collation.
    case field(String)
    /// By the year of a date field, newest first.
    case year(String)
    /// By the month of a date field, newest first.
    case month(String)
    /// One section holding every row.
    case none

    /// Parses `first-letter`, `none`, `year:FIELD`, `month:FIELD` or a field name.
    public init?(_ spec: String) {
        switch spec {
        case "first-letter", "letter": self = .firstLetter
        case "none": self = .none
        case "": return nil
        default:
            if spec.hasPrefix("year:") {
                let field = String(spec.dropFirst(5))
                guard !field.isEmpty else { return nil }
                self = .year(field)
            } else if spec.hasPrefix("month:") {
                let field = String(spec.dropFirst(6))
                guard !field.isEmpty else { return nil }
                self = .month(field)
            } else {
                self = .field(spec)
            }
        }
    }
}
