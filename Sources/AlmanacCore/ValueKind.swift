/// What a cell holds, as far as a column of a data file is concerned: a column whose values are
/// mostly one of the first three kinds expects it of every value. Shared by the build's check of
/// the rows already in a file and the editor's check of a row being added, so both judge a value
/// alike.
public enum ValueKind: Int, CaseIterable, Sendable {
    case number, date, bool, text
}

extension Value {
    /// The cell's kind; nil when it is empty (no value, or empty text), which fits any column.
    public var kind: ValueKind? {
        switch self {
        case .null: return nil
        case .number: return .number
        case .date: return .date
        case .bool: return .bool
        case .string(let text): return text.isEmpty ? nil : .text
        case .list, .object: return .text
        }
    }
}
