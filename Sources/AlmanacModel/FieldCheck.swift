import AlmanacCore

/// Settings that name fields, checked against the fields the data has: `sort: nope`,
/// `image: nope`, `group: frist-letter` (read as a field) or `group: year:x` on a field with no
/// dates would otherwise build a page quietly wrong. Each mistake is an error at its own key,
/// with the nearest field (or grouping) as a "did you mean".
enum FieldCheck {
    static func check(_ settings: PageSettings, records: [Record], label: String) throws(Diagnostic) {
        guard !records.isEmpty else { return }
        var known = Set<String>()
        var order: [String] = []
        for record in records {
            for name in record.fields.names where known.insert(name).inserted { order.append(name) }
        }
        func require(_ field: String, _ key: String, extra: [String] = []) throws(Diagnostic) {
            guard !known.contains(field) else { return }
            let location = settings.keyLocations[key]
            let suggestion = Suggestion.closest(to: field, in: order + extra)
            let hint = suggestion.map { "did you mean '\($0)'?" } ?? "the records' fields: \(order.prefix(12).joined(separator: ", "))"
            throw .error(at: location, "'\(key)' names '\(field)', a field the data does not have", hint: hint)
        }
        if let configured = settings.label { try require(configured, "label") }
        for key in settings.sort?.keys ?? [] { try require(key.field, "sort") }
        for field in settings.fields { try require(field, "fields") }
        if case .fields(let fields) = settings.search { for field in fields { try require(field, "search") } }
        for field in settings.markdownFields { try require(field, "markdown") }
        if let image = settings.image { try require(image, "image") }
        if let accessory = settings.accessory, accessory != "disclosure" { try require(accessory, "accessory") }
        switch settings.grouping {
        case .field(let field):
            try require(field, "group", extra: ["first-letter", "none"])
        case .year(let field), .month(let field):
            try require(field, "group")
            let hasDates = records.contains { PageBuilder.date($0[field]) != nil }
            if !hasDates {
                throw .error(
                    at: settings.keyLocations["group"], "'group' asks for the dates in '\(field)', but none of its values is a date",
                    hint: "dates are written 1959-01-03 (or 1959-01); group by the field itself with group: \(field)")
            }
        case .firstLetter, .none:
            break
        }
    }
}
