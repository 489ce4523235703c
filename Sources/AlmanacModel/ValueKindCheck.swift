import AlmanacCore

/// Values that cannot be what their column is: `ten` in a column of numbers, `1803-13-45` in
/// a column of dates, `maybe` among true/false. Such a row sorts apart from the others when the
/// page sorts by the column, and shows a value of another kind; a date grouped by year that is
/// not one puts the row under "(none)". The page is still built; each such row is a warning at
/// its line (the first few of a column, then a count), an error under `--strict`.
enum ValueKindCheck {
    /// `grouped`: the page groups the rows itself (the data is not pre-grouped).
    static func warnings(_ settings: PageSettings, records: [Record], grouped: Bool, none: String) -> [Diagnostic] {
        let sortFields = Set(settings.sort?.keys.map(\.field) ?? [])
        // A date grouping's field has its own, more telling warning below.
        let skipped = grouped ? settings.grouping.dateField : nil
        let warnings = columnWarnings(settings, records: records, sortFields: sortFields, skipping: skipped)
        guard grouped, let field = settings.grouping.dateField else { return warnings }
        return warnings + report(field, settings: settings, key: "group", records: records, records.lazy.compactMap { record in
            guard let value = record[field], !isEmpty(value), PageBuilder.date(value) == nil else { return nil }
            return { .warning(
                at: record.location, "'\(value.text)' in '\(field)' is not a date: the row is listed under '\(none)'",
                hint: "dates are written 1959-01-03, 1959-01 or 1959") }
        })
    }

    /// The kinds' plurals, in `ValueKind` order.
    static let kindNames = ["numbers", "dates", "true/false values", "text"]

    /// Every column whose values are mostly numbers, dates or true/false: each value of
    /// another kind. The records are read once; a column is read again only when it has one.
    private static func columnWarnings(
        _ settings: PageSettings, records: [Record], sortFields: Set<String>, skipping skipped: String?
    ) -> [Diagnostic] {
        var counts: [String: [Int]] = [:]
        var order: [String] = []
        for record in records {
            for field in record.fields.fields {
                guard let kind = field.value.kind else { continue }
                if counts[field.name] == nil {
                    order.append(field.name)
                    counts[field.name] = [0, 0, 0, 0]
                }
                counts[field.name]![kind.rawValue] += 1
            }
        }
        var warnings: [Diagnostic] = []
        for field in order where field != skipped {
            let count = counts[field] ?? []
            let total = count.reduce(0, +)
            guard total > 1, let kind = (0...2).first(where: { count[$0] * 2 > total }), count[kind] < total else { continue }
            let sorts = sortFields.contains(field)
            warnings += report(field, settings: settings, key: sorts ? "sort" : nil, records: records, records.lazy.compactMap { record in
                guard let value = record[field], let found = value.kind?.rawValue, found != kind else { return nil }
                let what = found == ValueKind.text.rawValue ? "text" : "a " + kindNames[found].dropLast()
                return { .warning(
                    at: record.location,
                    "'\(value.text)' in '\(field)' is \(what), where the column's other values are \(kindNames[kind])"
                        + (sorts ? ": the row sorts apart from them" : ""),
                    hint: ["write a number", "write a date as 1959-01-03", "write true or false"][kind] + ", or leave the cell empty") }
            })
        }
        return warnings
    }

    private static func isEmpty(_ value: Value) -> Bool {
        if case .null = value { return true }
        if case .string(let text) = value { return text.isEmpty }
        return false
    }

    /// The first few warnings of a field and, past them, how many more rows there are: at the
    /// setting that makes them matter (`sort`, `group`) or else at the data file.
    private static func report(
        _ field: String, settings: PageSettings, key: String?, records: [Record], _ found: some Sequence<() -> Diagnostic>
    ) -> [Diagnostic] {
        WarningDigest.digest(found) { more in
            .warning(
                at: key.flatMap { settings.keyLocations[$0] } ?? records.first.map { SourceLocation(path: $0.location.path) },
                "\(more) more rows hold values in '\(field)' that do not fit the column",
                hint: "they are listed as the rows above are")
        }
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
