import AlmanacCore

/// A page's settings from its front matter, checked and typed by the settings table
/// (`Setting.all`). Unknown keys are errors (with a suggestion), because a misspelt `grup:`
/// silently ignored is a page grouped wrongly.
public struct PageSettings: Sendable, Equatable {
    public enum IndexMode: String, Sendable { case off, letters, full }
    public enum Style: String, Sendable, CaseIterable { case plain, grouped }
    /// How rows are laid out: a list of cells, or a table with a column per field.
    public enum Layout: String, Sendable, CaseIterable { case list, table }
    /// A line at the top that sums the rows up; `tests` counts a test report's outcomes.
    public enum Summary: String, Sendable, CaseIterable { case tests }
    /// `detail: failing` gives a page only to rows whose `status` is failed or error: a test
    /// report's thousands of passes need none.
    public enum DetailPages: String, Sendable { case none, all, failing }
    public enum Search: Sendable, Equatable {
        case off
        case allTextFields
        case fields([String])
    }

    public var title: String?
    public var data: String?
    public var label: String?
    public var grouping: Grouping = .firstLetter
    /// Grouping by a field, the section titles that come first and in this order (a test
    /// report: failed, error, skipped, passed); the rest follow in collation order.
    public var groupOrder: [String] = []
    public var summary: Summary?
    /// The Markdown twin stays under this many bytes (a job summary's limit), by leaving out
    /// whole pieces; nil: no limit.
    public var maxBytes: Int?
    /// Where the full report is, named in the Markdown twin when it is shortened (default: the
    /// HTML page beside it).
    public var fullReport: String?
    public var sort: SortSpec?
    public var fields: [String] = []
    public var index: IndexMode = .letters
    public var search: Search = .allTextFields
    public var style: Style = .plain
    public var layout: Layout = .list
    /// The filter panel's filters, in the order shown.
    public var filters: [FilterSpec] = []
    /// Fields a reader may order the rows by, besides the label and the page's own order.
    public var sortable: [String] = []
    public var image: String?
    public var accessory: String?
    /// Which rows get a page of their own: none, every row, or (a test report) the failing ones.
    public var detailPages: DetailPages = .none
    /// Whether any row may get a detail page; setting it true gives every row one.
    public var hasDetailPages: Bool {
        get { detailPages != .none }
        set { detailPages = newValue ? .all : .none }
    }
    public var isCollapsible = false
    /// Each section's header and footer, as written: Mustache over the section's `title`,
    /// `count` and `isOne`, filled in where the page is rendered.
    public var header: String?
    public var footer: String?
    public var locale: String?
    /// Lines of a CSV or TSV file that start with this are not rows.
    public var comment: String?
    /// A CSV or TSV row shorter than the header has empty trailing cells.
    public var shortRowsAreEmpty = false
    /// Where the records are in a document that wraps them: `3166-1`, `data.items`.
    public var records: String?
    public var columns: [String]?
    public var key = "key"
    public var allowsUnsafeMarkdown = false
    /// Display names for fields (`wingspan_cm: "Wingspan (cm)"`), used wherever a field is
    /// named to a reader; a field without one is named readably from its key.
    public var labels: [String: String] = [:]
    /// How fields read to a person (`time: duration`); their values stay as they are.
    public var formats: [String: FieldFormat] = [:]
    /// Fields holding Markdown, rendered by cmark on detail pages.
    public var markdownFields: [String] = []
    /// Above this many rows the HTML listing becomes a page per section (nil: never), so a
    /// 100,000-row table stays quick to open.
    public var splitThreshold: Int? = PageSettings.defaultSplitThreshold

    public static let defaultSplitThreshold = 5000

    /// Above this many rows a split page's search data is sharded by word prefix, so a query
    /// downloads only what it needs; matching is then by word prefix. By default every split
    /// page's is: whole, the data of 100,000 rows is megabytes before the first result.
    public var searchShardThreshold = PageSettings.defaultSearchShardThreshold

    public static let defaultSearchShardThreshold = PageSettings.defaultSplitThreshold

    /// Rows at most on one page of a split listing's section; a longer section becomes pages
    /// named by their guide words (`Aa–Am`). 1,000 rows are about 500 KB of HTML, which a
    /// desktop browser makes interactive in about a tenth of a second.
    public var sectionPageRows = PageSettings.defaultSectionPageRows

    public static let defaultSectionPageRows = 1000

    public init() {}

    /// Reads settings from front matter, each through its entry in `Setting.all`; `locations`
    /// point errors at the offending key. Every mistake in the page is found, the first thrown
    /// with the rest behind it.
    public init(_ object: Object, locations: [String: SourceLocation], file: String) throws(Diagnostic) {
        keyLocations = Dictionary(uniqueKeysWithValues: object.fields.map { ($0.name, locations[$0.name] ?? SourceLocation(path: file)) })
        let known = Setting.forPages
        var problems: [Diagnostic] = []
        for field in object.fields {
            let location = locations[field.name] ?? SourceLocation(path: file)
            do throws(Diagnostic) {
                guard let setting = Setting.named(field.name, in: known) else {
                    throw Setting.unknown(field.name, in: known, at: location, kind: "setting")
                }
                try setting.store(try setting.check(field.value, at: location), in: &self, at: location)
            } catch {
                problems.append(error)
            }
        }
        if let first = Diagnostic.first(of: problems) { throw first }
    }

    /// Where each setting was written, so a mistake found later (a field the data lacks) is
    /// reported at its own key.
    public var keyLocations: [String: SourceLocation] = [:]

    /// What a reader sees a field called: its label, else its key made readable
    /// (`wingspan_cm` → `Wingspan cm`, `firstName` → `First name`).
    public func label(for field: String) -> String {
        if let label = labels[field] { return label }
        return Self.asciiLabel(field) ?? Self.readableLabel(field)
    }

    /// `readableLabel` for a name of ASCII alone, byte by byte: it is asked for every field of
    /// every detail page, and Unicode's letter-case tables cost more than the rest of the row.
    /// Nil for any other name.
    static func asciiLabel(_ field: String) -> String? {
        var label: [UInt8] = []
        label.reserveCapacity(field.utf8.count + 2)
        var words = 0
        var inWord = false
        var previous: UInt8 = 0
        for byte in field.utf8 {
            guard byte < 0x80 else { return nil }
            defer { previous = byte }
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                inWord = false
                continue
            }
            let isUppercase = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            if isUppercase && inWord && previous >= UInt8(ascii: "a") && previous <= UInt8(ascii: "z") { inWord = false }
            if !inWord {
                if words > 0 { label.append(UInt8(ascii: " ")) }
                words += 1
                inWord = true
            }
            label.append(isUppercase && words > 1 ? byte + 32 : byte)
        }
        if let first = label.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { label[0] = first - 32 }
        return String(decoding: label, as: UTF8.self)
    }

    /// A field's name as words: split at `_`, `-`, spaces and where a lowercase letter meets an
    /// uppercase one; the first word as written, the rest in lowercase, the first letter capital.
    static func readableLabel(_ field: String) -> String {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in field {
            if character == "_" || character == "-" || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word.append(character)
            }
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        let text = words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The fields the page reads for every row as it sorts, groups and lays out its listings
    /// and search: what a very large table keeps in memory, the rest waiting on the disk until
    /// a record is written whole. Nil when the page cannot say — it searches every text field,
    /// which any field may be. The label's usual names are in, as the label may be any of them.
    public var fieldsReadPerRow: Set<String>? {
        var names: Set<String> = ["name", "title", "key", "status", key]
        switch search {
        case .allTextFields: return nil
        case .off: break
        case .fields(let fields): names.formUnion(fields)
        }
        if let label { names.insert(label) }
        names.formUnion(fields)
        names.formUnion(filters.map(\.field))
        names.formUnion(sortable)
        names.formUnion(sort?.keys.map(\.field) ?? [])
        switch grouping {
        case .field(let field), .year(let field), .month(let field): names.insert(field)
        case .firstLetter, .none: break
        }
        if let image { names.insert(image) }
        if let accessory { names.insert(accessory) }
        return names
    }

    /// Whether `row` gets a detail page.
    public func hasDetailPage(_ row: Row) -> Bool {
        switch detailPages {
        case .none: return false
        case .all: return true
        case .failing: return Self.isFailing(row.record)
        }
    }

    /// A test that failed or errored: what `detail: failing` and `--fail-on failures` look for.
    public static func isFailing(_ record: Record) -> Bool { isFailing(status: record["status"]?.text) }

    public static func isFailing(status: String?) -> Bool { status == "failed" || status == "error" }
}
