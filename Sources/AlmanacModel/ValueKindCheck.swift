import AlmanacCore

/// Values that cannot be what their column is, in the fields a page orders or groups by: a
/// number column holding `ten` sorts the row apart from the numbers, a date grouped by year
/// holding `1803-13-45` puts the row under "(none)". The page is still built; each such row is
/// a warning at its line (the first few of a field, then a count), so the author learns of it.
enum ValueKindCheck {
    static let reportedPerField = 5

    /// `grouped`: the page groups the rows itself (the data is not pre-grouped).
    static func warnings(_ settings: PageSettings, records: [Record], grouped: Bool) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for field in Set(settings.sort?.keys.map(\.field) ?? []).sorted() where field != "label" {
            warnings += sortWarnings(field, settings: settings, records: records)
        }
        guard grouped, let field = settings.grouping.dateField else { return warnings }
        return warnings + report(field, settings: settings, key: "group", records.lazy.compactMap { record in
            guard let value = record[field], !isEmpty(value), PageBuilder.date(value) == nil else { return nil }
            return (record, .warning(
                at: record.location, "'\(value.text)' in '\(field)' is not a date: the row is listed under '\(PageBuilder.missingValueTitle)'",
                hint: "dates are written 1959-01-03, 1959-01 or 1959"))
        })
    }

    /// A sort field whose values are mostly numbers, or mostly dates: every other value.
    private static func sortWarnings(_ field: String, settings: PageSettings, records: [Record]) -> [Diagnostic] {
        var counts = [0, 0, 0]
        for record in records {
            if let rank = rank(record[field]) { counts[rank] += 1 }
        }
        let total = counts.reduce(0, +)
        guard let kind = (0...1).first(where: { counts[$0] * 2 > total }), total > 1 else { return [] }
        let names = ["numbers", "dates", "text"]
        return report(field, settings: settings, key: "sort", records.lazy.compactMap { record in
            guard let value = record[field], let rank = rank(value), rank != kind else { return nil }
            return (record, .warning(
                at: record.location,
                "'\(value.text)' in '\(field)' is \(rank == 2 ? "text" : "a \(names[rank].dropLast())"), where the column's other values are \(names[kind]): the row sorts apart from them",
                hint: kind == 0 ? "write a number, or leave the cell empty to sort the row last" : "write a date as 1959-01-03, or leave the cell empty to sort the row last"))
        })
    }

    /// How a value sorts: 0 a number, 1 a date, 2 text; nil when it is missing (sorted last).
    private static func rank(_ value: Value?) -> Int? {
        guard let value, !isEmpty(value) else { return nil }
        switch value {
        case .number: return 0
        case .date: return 1
        default: return 2
        }
    }

    private static func isEmpty(_ value: Value) -> Bool {
        if case .null = value { return true }
        if case .string(let text) = value { return text.isEmpty }
        return false
    }

    /// The first few warnings of a field and, past them, how many more rows there are.
    private static func report(
        _ field: String, settings: PageSettings, key: String, _ found: some Sequence<(Record, Diagnostic)>
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var count = 0
        for (_, warning) in found {
            count += 1
            if count <= reportedPerField { warnings.append(warning) }
        }
        if count > reportedPerField {
            warnings.append(.warning(
                at: settings.keyLocations[key], "\(count - reportedPerField) more rows hold values in '\(field)' that do not fit the column",
                hint: "they are listed as the rows above are"))
        }
        return warnings
    }
}

extension Grouping {
    /// The field whose dates a year or month grouping reads.
    var dateField: String? {
        switch self {
        case .year(let field), .month(let field): return field
        default: return nil
        }
    }
}
