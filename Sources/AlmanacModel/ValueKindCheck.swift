import AlmanacCore

/// Values that cannot be what their column is: `ten` in a column of numbers, `1803-13-45` in
/// a column of dates, `maybe` among true/false. Such a row sorts apart from the others when the
/// page sorts by the column, and shows a value of another kind; a date grouped by year that is
/// not one puts the row under "(none)". The page is still built; each such row is a warning at
/// its line (the first few of a column, then a count), an error under `--strict`.
enum ValueKindCheck {
    static let reportedPerField = 5

    /// `grouped`: the page groups the rows itself (the data is not pre-grouped).
    static func warnings(_ settings: PageSettings, records: [Record], grouped: Bool) -> [Diagnostic] {
        let sortFields = Set(settings.sort?.keys.map(\.field) ?? [])
        // A date grouping's field has its own, more telling warning below.
        let skipped = grouped ? settings.grouping.dateField : nil
        let warnings = columnWarnings(settings, records: records, sortFields: sortFields, skipping: skipped)
        guard grouped, let field = settings.grouping.dateField else { return warnings }
        return warnings + report(field, settings: settings, key: "group", records.lazy.compactMap { record in
            guard let value = record[field], !isEmpty(value), PageBuilder.date(value) == nil else { return nil }
            return (record, .warning(
                at: record.location, "'\(value.text)' in '\(field)' is not a date: the row is listed under '\(PageBuilder.missingValueTitle)'",
                hint: "dates are written 1959-01-03, 1959-01 or 1959"))
        })
    }

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
                guard let kind = kind(field.value) else { continue }
                if counts[field.name] == nil {
                    order.append(field.name)
                    counts[field.name] = [0, 0, 0, 0]
                }
                counts[field.name]![kind] += 1
            }
        }
        var warnings: [Diagnostic] = []
        for field in order where field != skipped {
            let count = counts[field] ?? []
            let total = count.reduce(0, +)
            guard total > 1, let kind = (0...2).first(where: { count[$0] * 2 > total }), count[kind] < total else { continue }
            let sorts = sortFields.contains(field)
            warnings += report(field, settings: settings, key: sorts ? "sort" : nil, records.lazy.compactMap { record in
                guard let value = record[field], let found = Self.kind(value), found != kind else { return nil }
                let what = found == 3 ? "text" : String(kindNames[found].dropLast())
                return (record, .warning(
                    at: record.location,
                    "'\(value.text)' in '\(field)' is \(found == 3 ? what : "a " + what), where the column's other values are \(kindNames[kind])"
                        + (sorts ? ": the row sorts apart from them" : ""),
                    hint: ["write a number", "write a date as 1959-01-03", "write true or false"][kind] + ", or leave the cell empty"))
            })
        }
        return warnings
    }

    /// 0 a number, 1 a date, 2 true/false, 3 text; nil when empty.
    private static func kind(_ value: Value) -> Int? {
        switch value {
        case .null: return nil
        case .number: return 0
        case .date: return 1
        case .bool: return 2
        case .string(let text): return text.isEmpty ? nil : 3
        default: return 3
        }
    }

    private static func isEmpty(_ value: Value) -> Bool {
        if case .null = value { return true }
        if case .string(let text) = value { return text.isEmpty }
        return false
    }

    /// The first few warnings of a field and, past them, how many more rows there are.
    private static func report(
        _ field: String, settings: PageSettings, key: String?, _ found: some Sequence<(Record, Diagnostic)>
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var count = 0
        var file: SourceLocation?
        for (record, warning) in found {
            count += 1
            if count <= reportedPerField { warnings.append(warning) }
            file = file ?? SourceLocation(path: record.location.path)
        }
        if count > reportedPerField {
            warnings.append(.warning(
                at: key.flatMap { settings.keyLocations[$0] } ?? file,
                "\(count - reportedPerField) more rows hold values in '\(field)' that do not fit the column",
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
