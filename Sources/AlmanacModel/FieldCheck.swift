import AlmanacCore

/// Settings that name fields, checked against the fields the data has: `sort: nope`,
/// `image: nope`, `group: frist-letter` (read as a field) or `group: year:x` on a field with no
/// dates would otherwise build a page quietly wrong. Each mistake is an error at its own key,
/// with the nearest field (or grouping) as a "did you mean".
enum FieldCheck {
    static func check(_ settings: PageSettings, records: [Record], label: String) throws(Diagnostic) {
        guard !records.isEmpty else { return }
        let order = Record.fieldNames(of: records)
        let known = Set(order)
        // Every mistake is reported, not only the first.
        var problems: [Diagnostic] = []
        func require(_ field: String, _ key: String, extra: [String] = []) {
            guard !known.contains(field) else { return }
            let location = settings.keyLocations[key]
            let suggestion = Suggestion.closest(to: field, in: order + extra)
            let hint = suggestion.map { "did you mean '\($0)'?" } ?? "the records' fields: \(order.prefix(12).joined(separator: ", "))"
            problems.append(.error(at: location, "'\(key)' names '\(field)', a field the data does not have", hint: hint))
        }
        if let configured = settings.label { require(configured, "label") }
        for key in settings.sort?.keys ?? [] { require(key.field, "sort") }
        for field in settings.fields { require(field, "fields") }
        if case .fields(let fields) = settings.search { for field in fields { require(field, "search") } }
        for field in settings.markdownFields { require(field, "markdown") }
        for field in settings.formats.keys.sorted() { require(field, "formats") }
        for filter in settings.filters {
            require(filter.field, "filters")
            guard known.contains(filter.field) else { continue }
            switch filter.kind {
            case .values:
                break
            case .years:
                if !records.contains(where: { PageBuilder.date($0[filter.field]) != nil }) {
                    problems.append(.error(
                        at: settings.keyLocations["filters"], "'filters' asks for the years in '\(filter.field)', but none of its values is a date",
                        hint: "dates are written 1959-01-03 (or 1959-01); filter by the values themselves with '\(filter.field)'"))
                }
            case .range:
                if !records.contains(where: { Facets.rangeKey($0[filter.field]) != nil }) {
                    problems.append(.error(
                        at: settings.keyLocations["filters"], "'filters' asks for a range of '\(filter.field)', but none of its values is a number or a date",
                        hint: "filter by the values themselves with '\(filter.field)'"))
                }
            }
        }
        for field in settings.sortable { require(field, "sortable") }
        if let image = settings.image { require(image, "image") }
        if let accessory = settings.accessory, accessory != "disclosure" { require(accessory, "accessory") }
        switch settings.grouping {
        case .field(let field):
            require(field, "group", extra: ["first-letter", "none"])
        case .year(let field), .month(let field):
            require(field, "group")
            let hasDates = records.contains { PageBuilder.date($0[field]) != nil }
            if known.contains(field) && !hasDates {
                problems.append(.error(
                    at: settings.keyLocations["group"], "'group' asks for the dates in '\(field)', but none of its values is a date",
                    hint: "dates are written 1959-01-03 (or 1959-01); group by the field itself with group: \(field)"))
            }
        case .firstLetter, .none:
            break
        }
        if let first = Diagnostic.first(of: problems) { throw first }
    }
}
