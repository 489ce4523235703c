import AlmanacCore
import Foundation

/// Turns a page's records and settings into sections of sorted rows: the model stage.
public struct PageBuilder {
    /// What the builder needs besides the records.
    public struct Input: Sendable {
        public var name: String
        public var settings: PageSettings
        public var prose: Prose
        public var data: DatasetShape?
        public var source: SourceLocation
        /// The site's locale, used when the page names none.
        public var defaultLocale: String
        /// The site's strings tables, for the page's words in its locale.
        public var strings: StringsCatalog

        public init(
            name: String, settings: PageSettings, prose: Prose, data: DatasetShape?, source: SourceLocation, defaultLocale: String = "en",
            strings: StringsCatalog = .builtIn
        ) {
            self.name = name
            self.settings = settings
            self.prose = prose
            self.data = data
            self.source = source
            self.defaultLocale = defaultLocale
            self.strings = strings
        }
    }

    /// The built page and what the author may want to fix (`--strict` makes these errors).
    public struct Result: Sendable {
        public let page: Page
        public let warnings: [Diagnostic]
    }

    public init() {}

    public func build(_ input: Input) throws(Diagnostic) -> Result {
        let settings = input.settings
        let locale = settings.locale ?? input.defaultLocale
        let localeLocation = settings.keyLocations["locale"] ?? input.source
        guard let tag = LocaleTag(locale), let collation = Collation(locale: locale) else {
            throw LocaleTag.unknown(locale, at: localeLocation)
        }
        var warnings: [Diagnostic] = []
        // The site's own locale is checked once, where the site's settings are read.
        if settings.locale != nil, !input.strings.hasTable(for: tag) {
            warnings.append(StringsCatalog.untranslated(tag, at: localeLocation))
        }
        let strings = input.strings.strings(for: tag)
        let title = settings.title ?? input.name
        let grouped = try groupedSections(input, collation: collation, locale: locale, none: strings.text(.none), warnings: &warnings)
        let (sections, titleAnchor) = arrange(
            grouped.sections, title: title, input: input, collation: collation, locale: locale, strings: strings)
        var page = Page(
            name: input.name, title: title, settings: settings, prose: input.prose, sections: sections, titleAnchor: titleAnchor,
            labelField: grouped.labelField, searchFields: grouped.searchFields, source: input.source, strings: strings)
        page.facets = Facets.make(sections, settings: settings, labelField: grouped.labelField, locale: locale, none: strings.text(.none))
        return Result(page: page, warnings: warnings)
    }

    /// Records grouped into sections, each row with its label, not yet sorted.
    typealias Grouped = [(title: String, rows: [(label: String, record: Record)], keepsOrder: Bool)]

    /// The page's data checked against its settings, labelled and grouped; with the field
    /// that labels rows and the fields search looks in.
    private func groupedSections(
        _ input: Input, collation: Collation, locale: String, none: String, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> (sections: Grouped, labelField: String, searchFields: [String]) {
        let settings = input.settings
        guard let data = input.data else { return ([], settings.label ?? "name", []) }
        let allRecords: [Record]
        switch data {
        case .rows(let records): allRecords = records
        case .sections(let groups): allRecords = groups.flatMap(\.records)
        }
        let labelField = Self.labelField(settings.label, records: allRecords)
        func labeled(_ records: [Record]) -> [(label: String, record: Record)] {
            // Read on every core: each label is decoded from its record.
            let labels = ParallelChunks.map(count: records.count) { range in
                range.map { Self.trimmed(records[$0][labelField]?.text ?? "") }
            }
            return zip(labels, records).map { label, record in
                if label.isEmpty {
                    warnings.append(.warning(at: record.location, "a record has no '\(labelField)' to use as its label", hint: "set `label:` to the field that names each row"))
                }
                return (label, record)
            }
        }
        try FieldCheck.check(settings, records: allRecords, label: labelField)
        let isPreGrouped = if case .sections = data { true } else { false }
        warnings += ValueKindCheck.warnings(settings, records: allRecords, grouped: !isPreGrouped, none: none)
        warnings += FieldFormat.warnings(settings, records: allRecords)
        let searchFields = Self.searchFields(settings.search, label: labelField, records: allRecords)
        switch data {
        case .sections(let groups):
            return (groups.map { ($0.title, labeled($0.records), settings.sort == nil) }, labelField, searchFields)
        case .rows(let records):
            let sections = try Self.group(
                labeled(records), by: settings.grouping, index: settings.index, order: settings.groupOrder, collation: collation,
                locale: locale, none: none)
            return (sections, labelField, searchFields)
        }
    }

    /// The sections in their final form: rows sorted, section ids and row slugs made unique.
    /// Section ids follow GitHub's anchors, after the page title and the prose headings that
    /// share the Markdown page with them.
    private func arrange(
        _ sections: Grouped, title: String, input: Input, collation: Collation, locale: String, strings: InterfaceStrings
    ) -> (sections: [Section], titleAnchor: String) {
        let groupField: String? = if case .field(let field) = input.settings.grouping { field } else { nil }
        // The page's anchors, clear of its own ids, beside GitHub's for the same headings.
        var anchors = AnchorSlugger(avoiding: PageChrome.ids, prefixes: PageChrome.idPrefixes)
        var github = AnchorSlugger()
        let titleAnchor = anchors.anchor(for: title)
        _ = github.anchor(for: title)
        for heading in input.prose.headings {
            _ = anchors.anchor(for: heading)
            _ = github.anchor(for: heading)
        }
        let sortSpec = input.settings.sort ?? SortSpec(keys: [SortSpec.Key(field: "label")])
        let order = RowOrder(spec: sortSpec, collation: collation, locale: locale)
        let sortedSections = order.sorted(sections: sections.map { $0.keepsOrder ? [] : $0.rows })
        let ordered = sections.indices.map { index in
            sections[index].keepsOrder ? sections[index].rows : sortedSections[index].map { sections[index].rows[$0] }
        }
        // Slugs are made on every core; only making them unique follows row order.
        let labels = ordered.flatMap { $0.map(\.label) }
        let baseSlugs = ParallelChunks.map(count: labels.count) { range in range.map { Slug.make(labels[$0]) } }
        var slugs = SlugAllocator()
        slugs.reserveCapacity(baseSlugs.count)
        var slugIndex = 0
        var built: [Section] = []
        for (section, rows) in zip(sections, ordered) {
            // The heading in the page's words where the page has words for the value.
            let heading = groupField.map { strings.words(for: section.title, in: $0, settings: input.settings) } ?? section.title
            var id = anchors.anchor(for: heading)
            let githubID = github.anchor(for: heading)
            if AnchorSlugger.base(heading).isEmpty {
                id = anchors.anchor(for: heading == SectionIndex.other ? "other" : "section")
            }
            let builtRows = rows.map { row in
                defer { slugIndex += 1 }
                return Row(label: row.label, record: row.record, slug: slugs.allocate(slug: baseSlugs[slugIndex]))
            }
            built.append(Section(title: heading, id: id, rows: builtRows, hasGitHubAnchor: id == githubID, value: section.title))
        }
        return (built, titleAnchor)
    }

    /// Text without leading and trailing white space. Almost every label has none, so the
    /// common case returns the string untouched instead of going through Foundation.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return text }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// The field that names each row: the page's `label`, else the first of name, title, key
    /// that the records have, else their first column.
    public static func labelField(_ configured: String?, records: [Record]) -> String {
        if let configured { return configured }
        for candidate in ["name", "title", "key"] where records.contains(where: { $0[candidate] != nil }) {
            return candidate
        }
        return records.first?.fieldNames.first ?? "name"
    }

    /// The searched fields: those the page names, or the label and every field holding text.
    static func searchFields(_ search: PageSettings.Search, label: String, records: [Record]) -> [String] {
        switch search {
        case .off: return []
        case .fields(let fields): return fields
        case .allTextFields:
            // Linear in the fields of each record: a row is decoded whole once when it has a
            // field not yet known to hold text, never looked up field by field (a file of
            // 100,000 columns would take each lookup across all of them).
            var fields = [label]
            var known: Set<String> = [label]
            for record in records where record.fieldNames.contains(where: { !known.contains($0) }) {
                for field in record.fields.fields where !known.contains(field.name) {
                    if case .string = field.value {
                        fields.append(field.name)
                        known.insert(field.name)
                    }
                }
            }
            return fields
        }
    }

    typealias Labeled = (label: String, record: Record)

    /// `order`: section titles, grouping by a field, that come first and in that order.
    static func group(
        _ rows: [Labeled], by grouping: Grouping, index: PageSettings.IndexMode, order: [String] = [], collation: Collation, locale: String,
        none: String
    ) throws(Diagnostic) -> [(title: String, rows: [Labeled], keepsOrder: Bool)] {
        switch grouping {
        case .none:
            return [("", rows, false)]
        case .firstLetter:
            let sectionIndex = SectionIndex(collation: collation)
            let labels = rows.map(\.label)
            let letters = ParallelChunks.map(count: rows.count, locale: locale) { collation, range in
                let index = SectionIndex(collation: collation)
                return range.map { index.letter(for: labels[$0]) }
            } ?? labels.map { sectionIndex.letter(for: $0) }
            var buckets: [String: [Labeled]] = [:]
            for (row, letter) in zip(rows, letters) { buckets[letter, default: []].append(row) }
            return (sectionIndex.letters + [SectionIndex.other]).compactMap { letter in
                let members = buckets[letter] ?? []
                if members.isEmpty && index != .full { return nil }
                return (letter, members, false)
            }
        case .field(let field):
            var buckets: [String: [Labeled]] = [:]
            var missing: [Labeled] = []
            for row in rows {
                let text = row.record[field]?.text ?? ""
                if text.isEmpty { missing.append(row) } else { buckets[text, default: []].append(row) }
            }
            let sorted = buckets.keys.map { (title: $0, key: collation.sortKey($0, strength: .secondary)) }
                .sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.title.unicodeScalars.lexicographicallyPrecedes($1.title.unicodeScalars) }
                .map(\.title)
            // Sections the page names come first, in its order; the rest follow in collation order.
            let named = order.filter { buckets[$0] != nil }
            let titles = named + sorted.filter { !named.contains($0) }
            var sections = titles.map { ($0, buckets[$0] ?? [], false) }
            if !missing.isEmpty { sections.append((none, missing, false)) }
            return sections
        case .year(let field), .month(let field):
            let isMonthly = if case .month = grouping { true } else { false }
            var buckets: [Int: [Labeled]] = [:]
            var missing: [Labeled] = []
            for row in rows {
                guard let date = Self.date(row.record[field]) else {
                    missing.append(row)
                    continue
                }
                let key = isMonthly ? date.year * 100 + (date.month ?? 1) : date.year
                buckets[key, default: []].append(row)
            }
            var sections: [(title: String, rows: [Labeled], keepsOrder: Bool)] = buckets.keys.sorted(by: >).map { key in
                let title = isMonthly ? MonthTitle.make(year: key / 100, month: key % 100, locale: locale) : String(key)
                return (title, buckets[key] ?? [], false)
            }
            if !missing.isEmpty { sections.append((none, missing, false)) }
            return sections
        }
    }

    /// A date from a date value, an ISO text or a bare year number.
    static func date(_ value: Value?) -> DateValue? {
        switch value {
        case .date(let date): return date
        case .string(let text): return DateValue(iso: text)
        case .number(let number) where number.value == number.value.rounded() && (0...9999).contains(number.value):
            return DateValue(text: number.text, year: Int(number.value), month: nil, day: nil)
        default: return nil
        }
    }
}

/// "March 2024" in the page's language.
enum MonthTitle {
    static func make(year: Int, month: Int, locale: String) -> String {
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = 1
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { return String(format: "%04d-%02d", year, month) }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: locale)
        formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        return formatter.string(from: date)
    }
}
