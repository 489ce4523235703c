import AlmanacCore
import AlmanacDefaults
import AlmanacLoad

/// Every strings table a site's pages may read: the ones Almanac ships (`Templates/strings/`),
/// the site's own tables over them key by key, and the site's `strings:` over all of them.
/// A page's words are looked up along its locale's CLDR parent chain, then in English.
public struct StringsCatalog: Sendable {
    /// Tables by the locale they are named for (`sv`, `zh-Hant`).
    public private(set) var tables: [String: StringsTable]
    /// `strings:` in almanac.yaml: the site's words for every locale.
    public var overrides = StringsTable()

    /// The table every chain ends in, whose table holds every key.
    public static let root = LocaleTag.english.bcp47
    static let folder = "strings/"

    public init(tables: [String: StringsTable]) {
        self.tables = tables
    }

    /// The tables inside the binary. A table that does not read is a fault of the build, which
    /// the tests catch; it is left out rather than failing every page.
    public static let builtIn: StringsCatalog = {
        var tables: [String: StringsTable] = [:]
        for (path, bytes) in DefaultTemplates.files where path.hasPrefix(folder) && path.hasSuffix(".yaml") {
            let name = String(path.dropFirst(folder.count).dropLast(".yaml".count))
            tables[name] = try? StringsTableReader.read(bytes, path: path)
        }
        return StringsCatalog(tables: tables)
    }()

    /// The built-in English words, for a page built without a site (tests, `Page`'s default).
    public static var english: InterfaceStrings { builtIn.strings(for: .english) }

    /// The catalog with `table`'s keys over those of the table named `name`.
    public func adding(_ table: StringsTable, for name: String) -> StringsCatalog {
        var catalog = self
        var merged = tables[name] ?? StringsTable()
        for (key, entry) in table.entries { merged.entries[key] = entry }
        for (key, location) in table.locations { merged.locations[key] = location }
        catalog.tables[name] = merged
        return catalog
    }

    /// Whether some table speaks the locale's language, not English by default.
    public func hasTable(for locale: LocaleTag) -> Bool {
        locale.tableNames.contains { tables[$0] != nil } || locale.language == Self.root
    }

    /// The words of pages in `locale`.
    public func strings(for locale: LocaleTag) -> InterfaceStrings {
        let chain = locale.tableNames + [Self.root]
        var entries: [InterfaceString: StringsEntry] = [:]
        for key in InterfaceString.allCases {
            entries[key] = overrides.entries[key.rawValue] ?? chain.lazy.compactMap { tables[$0]?.entries[key.rawValue] }.first
        }
        return InterfaceStrings(locale: locale, entries: entries)
    }

    /// The warning for a page in a locale no table speaks.
    public static func untranslated(_ locale: LocaleTag, at location: SourceLocation?) -> Diagnostic {
        .warning(
            at: location, "no strings table for '\(locale.bcp47)': the words around the data are in English",
            hint: "add Templates/strings/\(locale.language).yaml with the keys of the built-in en.yaml, or set them under strings: in almanac.yaml")
    }

    /// What is wrong with a table a site wrote for `locale` (nil: `strings:`, for every
    /// locale): a key Almanac has not, a `{name}` its key never fills in, a plural form the
    /// language never uses. Each would be silently ignored.
    public static func problems(of table: StringsTable, locale: LocaleTag?) -> [Diagnostic] {
        let keys = Set(InterfaceString.allCases.map(\.rawValue))
        let reference = builtIn.tables[root]?.entries ?? [:]
        let categories = locale.map { PluralRules($0).categories }
        var problems: [Diagnostic] = []
        for key in table.entries.keys.sorted() {
            let location = table.locations[key]
            guard keys.contains(key), let entry = table.entries[key] else {
                problems.append(.warning(
                    at: location, "'\(key)' is not a word Almanac puts on a page: it has no effect",
                    hint: Suggestion.closest(to: key, in: keys.sorted()).map { "did you mean '\($0)'?" } ?? "see the keys of Templates/strings/en.yaml"))
                continue
            }
            let known = Set(reference[key]?.texts.flatMap { InterfaceStrings.placeholders(in: $0) } ?? [])
            let unknown = Set(entry.texts.flatMap { InterfaceStrings.placeholders(in: $0) }).subtracting(known)
            if !unknown.isEmpty {
                problems.append(.warning(
                    at: location, "'\(key)' names \(unknown.sorted().map { "{\($0)}" }.joined(separator: ", ")), which it never fills in",
                    hint: known.isEmpty ? "this text fills in nothing" : "it fills in " + known.sorted().map { "{\($0)}" }.joined(separator: ", ")))
            }
            if case .plural(let forms) = entry, let categories {
                let unused = Set(forms.keys).subtracting(categories)
                if !unused.isEmpty {
                    problems.append(.warning(
                        at: location, "'\(key)' has \(unused.sorted().joined(separator: ", ")) forms, which \(locale?.bcp47 ?? "") never uses",
                        hint: "its plural categories are " + categories.sorted().joined(separator: ", ")))
                }
            }
        }
        return problems
    }
}
