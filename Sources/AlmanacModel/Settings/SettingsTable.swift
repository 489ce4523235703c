import AlmanacCore

/// Every setting Almanac knows, in the order `--help` and the README list them. Adding a
/// setting is one entry here (its key, kind, help, default and where it is stored) and the
/// code that uses the stored value; front matter, `almanac.yaml`, `render`'s options, `--help`
/// and the did-you-mean lists follow from the entry.
extension Setting {
    public static let all: [Setting] = pageSettings + siteSettings

    /// The settings of a page's front matter, which `render` also takes as options.
    static let pageSettings: [Setting] = [
        Setting(
            "title", .text, help: "the page title", default: "the file name, made readable",
            page: { settings, value, _ in settings.title = value.text },
            site: { settings, value, _ in settings.title = value.text }),
        Setting(
            "data", .text, help: "the data file, relative to the page", option: .some(nil),
            page: { settings, value, _ in settings.data = value.text }),
        Setting(
            "label", .text, help: "the field that names each row", default: "the first of name, title, key, else the first column",
            placeholder: "FIELD", example: "name", page: { settings, value, _ in settings.label = value.text }),
        Setting(
            "group", .text, help: "how rows fall into sections: first-letter, FIELD, year:FIELD, month:FIELD or none",
            default: "first-letter", option: "--group-by", placeholder: "GROUPING", example: "none",
            page: { settings, value, location throws(Diagnostic) in
                guard let grouping = Grouping(value.text) else {
                    throw .error(
                        at: location, "unknown grouping '\(value.text)'",
                        hint: "use first-letter, a field name, year:FIELD, month:FIELD or none")
                }
                settings.grouping = grouping
            }),
        Setting(
            "sort", .list, help: "fields to sort by, -FIELD descending", default: "the label", placeholder: "SPEC,…",
            page: { settings, value, location throws(Diagnostic) in
                guard let spec = SortSpec(value.list) else {
                    throw .error(at: location, "'sort' names no field", hint: "write a field, -field for descending, or a list")
                }
                settings.sort = spec
            }),
        Setting(
            "fields", .list, help: "fields shown in each row", default: "none; render: every column but the label",
            page: { settings, value, _ in settings.fields = value.list }),
        Setting(
            "labels", .map, help: "what fields are called to a reader", default: "the key made readable",
            page: { settings, value, _ in
                for pair in value.pairs { settings.labels[pair.name] = pair.text }
            }),
        Setting(
            "formats", .map, help: "how fields read: duration (seconds as 627 ms, 1 m 12 s), raw (dates as written)",
            default: "dates as the locale writes them, the rest as written; test reports: time=duration",
            placeholder: "FIELD=FORMAT,…", example: "time=duration",
            page: { settings, value, location throws(Diagnostic) in
                for pair in value.pairs {
                    guard let format = FieldFormat(rawValue: pair.text) else {
                        throw .error(
                            at: location, "unknown format '\(pair.text)' for '\(pair.name)'",
                            hint: "use " + FieldFormat.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    settings.formats[pair.name] = format
                }
            }),
        Setting(
            "index", .choice(["true", "false", "full"]), help: "the section index; full shows every letter", default: "true",
            page: { settings, value, _ in
                settings.index = value.text == "full" ? .full : value.text == "true" ? .letters : .off
            }),
        Setting(
            "search", .listOrFlag, help: "the fields search looks in; false turns search off",
            default: "the label and every text field",
            page: { settings, value, _ in
                if case .flag(let on) = value {
                    settings.search = on ? .allTextFields : .off
                } else {
                    settings.search = .fields(value.list)
                }
            }),
        Setting(
            "style", .choice(PageSettings.Style.allCases.map(\.rawValue)), help: "how sections look", default: "plain",
            page: { settings, value, _ in settings.style = PageSettings.Style(rawValue: value.text) ?? .plain }),
        Setting(
            "layout", .choice(PageSettings.Layout.allCases.map(\.rawValue)),
            help: "rows as a list, or as a table with a column per field (falls back to the list on a phone)", default: "list",
            page: { settings, value, _ in settings.layout = PageSettings.Layout(rawValue: value.text) ?? .list }),
        Setting(
            "filters", .fieldSpecs, help: "the filter panel: FIELD (its values), year:FIELD (a date's years) or FIELD:range",
            placeholder: "FILTER,…", example: "category,year:founded,employees:range",
            page: { settings, value, location throws(Diagnostic) in
                var filters: [FilterSpec] = []
                for item in value.list {
                    guard let filter = FilterSpec(item) else {
                        throw .error(
                            at: location, "'filters' cannot read '\(item)'",
                            hint: "write a field, year:FIELD for a date field's years, or FIELD: range for from–to")
                    }
                    guard !["q", "sort"].contains(filter.field) else {
                        throw .error(
                            at: location, "a filter on a field named '\(filter.field)' would share its place in the address with the page's \(filter.field == "q" ? "search" : "order")",
                            hint: "name the field otherwise in the data, or leave it out of 'filters'")
                    }
                    if let twice = filters.first(where: { $0.field == filter.field }) {
                        throw .error(at: location, "'filters' names '\(twice.field)' twice")
                    }
                    filters.append(filter)
                }
                settings.filters = filters
            }),
        Setting(
            "sortable", .list, help: "fields a reader may order the rows by (a Sort by control; other orders show one flat list)",
            placeholder: "FIELD,…", example: "founded,employees", page: { settings, value, _ in settings.sortable = value.list }),
        Setting(
            "image", .text, help: "a field holding a picture: a path under static/ or an http(s) URL", placeholder: "FIELD",
            page: { settings, value, _ in settings.image = value.text }),
        Setting(
            "accessory", .text, help: "a true/false field shown as a checkmark", placeholder: "FIELD",
            page: { settings, value, _ in settings.accessory = value.text }),
        Setting(
            "detail", .choice(["true", "false", "failing"]),
            help: "a page per row; failing: only rows whose status is failed or error", default: "false",
            page: { settings, value, _ in
                settings.detailPages = value.text == "failing" ? .failing : value.text == "true" ? .all : .none
            }),
        Setting(
            "markdown", .list, help: "fields holding Markdown, rendered (safely) on detail pages",
            page: { settings, value, _ in settings.markdownFields = value.list }),
        Setting(
            "collapsible", .flag, help: "section headers open and close their rows", default: "false",
            page: { settings, value, _ in settings.isCollapsible = value.flag }),
        Setting(
            "split", .countOrOff(1...largestCount, unit: "rows"), help: "above this many rows, a page per section",
            default: String(PageSettings.defaultSplitThreshold),
            page: { settings, value, _ in settings.splitThreshold = value.count }),
        Setting(
            "search_shards", .count(1...largestCount, unit: "rows"),
            help: "above this many rows of a split page, search data sharded by word prefix",
            default: String(PageSettings.defaultSearchShardThreshold),
            page: { settings, value, _ in settings.searchShardThreshold = value.count ?? settings.searchShardThreshold }),
        Setting(
            "section_rows", .count(1...largestCount, unit: "rows"), help: "rows at most on one page of a split page's section",
            default: String(PageSettings.defaultSectionPageRows),
            page: { settings, value, _ in settings.sectionPageRows = value.count ?? settings.sectionPageRows }),
        Setting(
            "header", .text, help: "each section's header, Mustache over {{title}}, {{count}} and {{#isOne}}",
            page: { settings, value, _ in settings.header = value.text }),
        Setting(
            "footer", .text, help: "each section's footer, likewise",
            page: { settings, value, _ in settings.footer = value.text }),
        Setting(
            "locale", .text, help: "the language: collation, index letters, and the words, numbers and direction of the page", default: "en", placeholder: "ID", example: "sv",
            page: { settings, value, _ in settings.locale = value.text },
            site: { settings, value, _ in settings.locale = value.text }),
        Setting(
            "max_bytes", .count(1024...largestCount, unit: "bytes"),
            help: "keep the Markdown twin under this size, leaving out whole pieces", default: "none; test reports: 1000000",
            page: { settings, value, _ in settings.maxBytes = value.count }),
        Setting(
            "full_report", .text, help: "where the whole report is, named when the Markdown is shortened",
            default: "the HTML page", placeholder: "URL", page: { settings, value, _ in settings.fullReport = value.text }),
        Setting(
            "unsafe", .flag, help: "let raw HTML in the prose through", default: "false",
            page: { settings, value, _ in settings.allowsUnsafeMarkdown = value.flag }),
        Setting(
            "records", .text, help: "where the records are in a file that wraps them in an object: a key or key path",
            placeholder: "KEY.PATH", example: "data.items", page: { settings, value, _ in settings.records = value.text }),
        Setting(
            "comment", .text, help: "lines of a CSV or TSV file that start with this are not rows", placeholder: "TEXT",
            example: "\"#\"", page: { settings, value, _ in settings.comment = value.text }),
        Setting(
            "short_rows", .choice(["error", "empty"]), help: "a CSV or TSV row shorter than the header: an error, or empty last cells",
            default: "error", page: { settings, value, _ in settings.shortRowsAreEmpty = value.text == "empty" }),
        Setting(
            "columns", .list, help: "a keyed file's list positions, or a CSV or TSV file's columns when it has no header row",
            page: { settings, value, _ in settings.columns = value.list }),
        Setting(
            "key", .text, help: "the field a keyed file's keys become", default: "key", placeholder: "FIELD",
            page: { settings, value, _ in settings.key = value.text }),
        Setting(
            "group_order", .list, help: "grouping by a field, the sections that come first, in this order",
            page: { settings, value, _ in settings.groupOrder = value.list }),
        Setting(
            "summary", .choice(PageSettings.Summary.allCases.map(\.rawValue)), help: "a line at the top that sums the rows up",
            page: { settings, value, _ in settings.summary = PageSettings.Summary(rawValue: value.text) }),
    ]

    /// The settings of `almanac.yaml` alone.
    static let siteSettings: [Setting] = [
        Setting(
            "strings", .strings, help: "the words around the data, over the locale's strings table (keys as in Templates/strings/en.yaml)",
            site: { settings, value, _ in
                if case .strings(let table) = value { settings.strings = table }
            }),
        Setting(
            "base_url", .text, help: "the site's absolute http(s) address, for canonical links and the sitemap",
            site: { settings, value, location throws(Diagnostic) in
                if let problem = SiteSettings.baseURLProblem(value.text) { throw .error(at: location, problem.message, hint: problem.hint) }
                settings.baseURL = value.text
            }),
        Setting(
            "theme", .choice(ColorTheme.allCases.map(\.rawValue)),
            help: "the colour scheme: auto follows the reader's system setting; light or dark always", default: "auto",
            site: { settings, value, _ in settings.theme = ColorTheme(rawValue: value.text) ?? .auto }),
        Setting(
            "allow_outside", .list, help: "folders outside the content folder that pages may read data from",
            site: { settings, value, location throws(Diagnostic) in
                guard !value.list.contains("") else { throw .error(at: location, "'allow_outside' must be a list of folders") }
                settings.allowOutside = value.list
            }),
    ]

    /// The settings a page may hold.
    public static var forPages: [Setting] { all.filter(\.appliesToPages) }

    /// The settings `almanac.yaml` may hold.
    public static var forSite: [Setting] { all.filter(\.appliesToSite) }

    /// The setting with this key in front matter or `almanac.yaml`.
    public static func named(_ key: String, in settings: [Setting]) -> Setting? {
        settings.first { $0.key == key }
    }

    /// The page setting whose `render` option this is.
    public static func withOption(_ option: String) -> Setting? {
        forPages.first { $0.option == option }
    }

    /// Why `key` is not a setting here: the nearest known key, or where the key belongs.
    static func unknown(_ key: String, in settings: [Setting], at location: SourceLocation, kind: String) -> Diagnostic {
        let keys = settings.map(\.key)
        let message = "unknown \(kind) '\(key)'"
        if let elsewhere = all.first(where: { $0.key == key }) {
            let place = elsewhere.appliesToPages ? "a page's front matter" : "almanac.yaml"
            return .error(at: location, message, hint: "'\(key)' is a setting of \(place)")
        }
        if let suggestion = Suggestion.closest(to: key, in: keys) {
            return .error(at: location, message, hint: "did you mean '\(suggestion)'?")
        }
        return .error(at: location, message, hint: "known settings: " + keys.joined(separator: ", "))
    }
}
