import AlmanacCore

/// A value added to a column whose every value is a number, a date or true/false must be one
/// too: `order=ten`, `admitted=1803-13-45` or `visited=maybe` would be written as text and
/// sort, group and show apart from the rest, silently. `--string` stores text on purpose.
enum ColumnFit {
    /// What a value of the kind is, as the refusal names it.
    static func described(_ kind: ValueKind) -> String {
        ["a number", "a date (1959-01-03)", "true or false", "text"][kind.rawValue]
    }

    /// Throws when `value` is not of the kind every value of `field` in `records` shares.
    static func check(_ value: Value, written: String, field: String, in records: [Record]) throws(Diagnostic) {
        guard let given = value.kind else { return }
        var column: ValueKind?
        for record in records {
            guard let existing = record[field]?.kind else { continue }
            if column == nil { column = existing } else if column != existing { return }
        }
        guard let column, column != .text, column != given else { return }
        throw .error(
            at: nil, "'\(written)' is not \(described(column)), as every other '\(field)' in the file is",
            hint: "write \(described(column)), or add --string to store it as text anyway")
    }
}
