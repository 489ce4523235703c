import AlmanacCore

/// A page's settings from its front matter, checked and typed. Unknown keys are errors (with a
/// suggestion), because a misspelt `grup:` silently ignored is a page grouped wrongly.
public struct PageSettings: Sendable, Equatable {
    public enum IndexMode: String, Sendable { case off, letters, full }
    public enum Style: String, Sendable { case plain, grouped }
    /// A line at the top that sums the rows up; `tests` counts a test report's outcomes.
    public enum Summary: String, Sendable { case tests }
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
    public var header: SectionText?
    public var footer: SectionText?
    public var locale: String?
    public var columns: [String]?
    public var key = "key"
    public var allowsUnsafeMarkdown = false
    /// Display names for fields (`wingspan_cm: "Wingspan (cm)"`), used wherever a field is
    /// named to a reader; a field without one is named readably from its key.
    public var labels: [String: String] = [:]
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
    public var sectionPageRows = 1000

    public init() {}

    /// The keys whose values are counts (of rows or bytes), which a command line's `--set`
    /// types as numbers.
    public static let countKeys = ["split", "search_shards", "section_rows", "max_bytes"]

    /// Every key a page may set.
    public static let knownKeys = [
        "title", "data", "label", "group", "sort", "fields", "index", "search", "style", "image",
        "accessory", "detail", "collapsible", "header", "footer", "locale", "columns", "key", "unsafe",
        "markdown", "split", "search_shards", "group_order", "summary", "max_bytes", "full_report", "labels",
        "section_rows",
    ]

    /// Reads settings from front matter; `locations` point errors at the offending key.
    /// Where each setting was written, so a mistake found later (a field the data lacks) is
    /// reported at its own key.
    public var keyLocations: [String: SourceLocation] = [:]

    public init(_ object: Object, locations: [String: SourceLocation], file: String) throws(Diagnostic) {
        keyLocations = Dictionary(uniqueKeysWithValues: object.fields.map { ($0.name, locations[$0.name] ?? SourceLocation(path: file)) })
        func location(_ key: String) -> SourceLocation {
            locations[key] ?? SourceLocation(path: file)
        }
        func text(_ key: String, _ value: Value) throws(Diagnostic) -> String {
            guard value.isScalar else {
                throw .error(at: location(key), "'\(key)' must be text, found \(Self.kind(value))")
            }
            return value.text
        }
        func textList(_ key: String, _ value: Value) throws(Diagnostic) -> [String] {
            switch value {
            case .list(let items):
                var result: [String] = []
                for item in items { result.append(try text(key, item)) }
                return result
            case .null: return []
            default: return [try text(key, value)]
            }
        }
        func flag(_ key: String, _ value: Value) throws(Diagnostic) -> Bool {
            guard case .bool(let flag) = value else {
                throw .error(at: location(key), "'\(key)' must be true or false, found \(Self.kind(value))")
            }
            return flag
        }

        var problems: [Diagnostic] = []
        for field in object.fields {
            do throws(Diagnostic) {
                try read(field.name, field.value)
            } catch {
                problems.append(error)
            }
        }
        if let first = Diagnostic.first(of: problems) { throw first }

        /// One setting, checked and stored.
        func read(_ key: String, _ value: Value) throws(Diagnostic) {
            switch key {
            case "title": title = try text(key, value)
            case "data": data = try text(key, value)
            case "label": label = try text(key, value)
            case "group":
                let spec = try text(key, value)
                guard let grouping = Grouping(spec) else {
                    throw .error(at: location(key), "unknown grouping '\(spec)'", hint: "use first-letter, a field name, year:FIELD, month:FIELD or none")
                }
                self.grouping = grouping
            case "sort":
                let keys = try textList(key, value)
                guard let spec = SortSpec(keys) else {
                    throw .error(at: location(key), "'sort' names no field", hint: "write a field, -field for descending, or a list")
                }
                sort = spec
            case "fields": fields = try textList(key, value)
            case "group_order": groupOrder = try textList(key, value)
            case "summary":
                let name = try text(key, value)
                guard let kind = Summary(rawValue: name) else {
                    throw .error(at: location(key), "unknown summary '\(name)'", hint: "use tests, for a test report")
                }
                summary = kind
            case "index":
                switch value {
                case .bool(let on): index = on ? .letters : .off
                case .string("full"): index = .full
                default: throw .error(at: location(key), "'index' must be true, false or full")
                }
            case "search":
                if case .bool(let on) = value {
                    search = on ? .allTextFields : .off
                } else {
                    search = .fields(try textList(key, value))
                }
            case "style":
                let name = try text(key, value)
                guard let style = Style(rawValue: name) else {
                    throw .error(at: location(key), "unknown style '\(name)'", hint: "use plain or grouped")
                }
                self.style = style
            case "image": image = try text(key, value)
            case "accessory": accessory = try text(key, value)
            case "detail":
                switch value {
                case .bool(let on): detailPages = on ? .all : .none
                case .string("failing"): detailPages = .failing
                default: throw .error(at: location(key), "'detail' must be true, false or failing, found \(Self.kind(value))")
                }
            case "collapsible": isCollapsible = try flag(key, value)
            case "header": header = try SectionText(try text(key, value), at: location(key))
            case "footer": footer = try SectionText(try text(key, value), at: location(key))
            case "locale": locale = try text(key, value)
            case "columns": columns = try textList(key, value)
            case "key": self.key = try text(key, value)
            case "unsafe": allowsUnsafeMarkdown = try flag(key, value)
            case "markdown": markdownFields = try textList(key, value)
            case "max_bytes":
                guard let bytes = Self.count(value, in: 1024...Self.largestCount) else {
                    throw .error(at: location(key), "'max_bytes' must be a whole number of bytes from 1024 to \(Self.largestCount)")
                }
                maxBytes = bytes
            case "full_report": fullReport = try text(key, value)
            case "labels":
                guard case .object(let names) = value else {
                    throw .error(at: location(key), "'labels' must map fields to names, found \(Self.kind(value))", hint: "labels: {wingspan_cm: \"Wingspan (cm)\"}")
                }
                for field in names.fields { labels[field.name] = try text(key, field.value) }
            case "search_shards":
                guard let rows = Self.count(value, in: 1...Self.largestCount) else {
                    throw .error(at: location(key), "'search_shards' must be a whole number of rows from 1 to \(Self.largestCount)")
                }
                searchShardThreshold = rows
            case "section_rows":
                guard let rows = Self.count(value, in: 1...Self.largestCount) else {
                    throw .error(at: location(key), "'section_rows' must be a whole number of rows from 1 to \(Self.largestCount)")
                }
                sectionPageRows = rows
            case "split":
                if case .bool(false) = value {
                    splitThreshold = nil
                } else if let rows = Self.count(value, in: 1...Self.largestCount) {
                    splitThreshold = rows
                } else {
                    throw .error(at: location(key), "'split' must be a whole number of rows from 1 to \(Self.largestCount), or false")
                }
            default:
                let suggestion = Suggestion.closest(to: key, in: Self.knownKeys)
                throw .error(
                    at: location(key), "unknown setting '\(key)'",
                    hint: suggestion.map { "did you mean '\($0)'?" } ?? "known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }

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
    public static func isFailing(_ record: Record) -> Bool {
        let status = record["status"]?.text
        return status == "failed" || status == "error"
    }

    /// The largest count a number setting takes: far above any table, and well inside `Int`
    /// (`1e300` passes a "whole number" check and then cannot be converted).
    public static let largestCount = 1_000_000_000_000

    /// A whole number within `range`, or nil.
    static func count(_ value: Value, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = value, number.value.isFinite, number.value == number.value.rounded(),
              number.value >= Double(range.lowerBound), number.value <= Double(range.upperBound) else { return nil }
        return Int(number.value)
    }

    private static func kind(_ value: Value) -> String {
        switch value {
        case .list: return "a list"
        case .object: return "a mapping"
        case .null: return "nothing"
        default: return "'\(value.text)'"
        }
    }
}
