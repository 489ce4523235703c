import AlmanacCore

/// A value added to a column whose every value is a number, a date or true/false must be one
/// too: `order=ten`, `admitted=1803-13-45` or `visited=maybe` would be written as text and
/// sort, group and show apart from the rest, silently. `--string` stores text on purpose.
enum ColumnFit {
    enum Kind: String {
        case number = "a number", date = "a date (1959-01-03)", bool = "true or false", text
    }

    static func kind(of value: Value) -> Kind? {
        switch value {
        case .null: return nil
        case .number: return .number
        case .date: return .date
        case .bool: return .bool
        case .string(let text): return text.isEmpty ? nil : .text
        default: return .text
        }
    }

    /// Throws when `value` is not of the kind every value of `field` in `records` shares.
    static func check(_ value: Value, written: String, field: String, in records: [Record]) throws(Diagnostic) {
        guard let given = kind(of: value) else { return }
        var column: Kind?
        for record in records {
            guard let existing = record[field].flatMap(kind(of:)) else { continue }
            if column == nil { column = existing } else if column != existing { return }
        }
        guard let column, column != .text, column != given else { return }
        throw .error(
            at: nil, "'\(written)' is not \(column.rawValue), as every other '\(field)' in the file is",
            hint: "write \(column.rawValue), or add --string to store it as text anyway")
    }
}
