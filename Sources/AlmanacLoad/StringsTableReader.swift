import AlmanacCore

/// One word or sentence of a strings table: a text, or — for a key counted by a number — a
/// text for each plural category the language has (`one: "{count} строка"`, `few: …`).
public enum StringsEntry: Sendable, Hashable {
    case text(String)
    case plural([String: String])

    /// Every text the entry holds.
    public var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .plural(let forms): forms.keys.sorted().compactMap { forms[$0] }
        }
    }
}

/// A strings table as written (`Templates/strings/sv.yaml`, or `strings:` in almanac.yaml):
/// its entries and where each key stands, for warnings that point at the line.
public struct StringsTable: Sendable, Equatable {
    public var entries: [String: StringsEntry]
    public var locations: [String: SourceLocation]

    public init(entries: [String: StringsEntry] = [:], locations: [String: SourceLocation] = [:]) {
        self.entries = entries
        self.locations = locations
    }

    /// Every key, plural category and text, in one order: what a build's cache key takes of it.
    public var fingerprintText: String {
        entries.keys.sorted().map { key -> String in
            switch entries[key] {
            case .text(let text)?: return key + "\u{1}" + text
            case .plural(let forms)?: return key + forms.keys.sorted().map { "\u{1}" + $0 + "\u{2}" + (forms[$0] ?? "") }.joined()
            case nil: return key
            }
        }.joined(separator: "\u{0}")
    }
}

/// Reads a strings table: a YAML mapping of keys to texts, or to mappings of ICU plural
/// categories to texts. Which keys exist is the model's business; here only the shape is.
public enum StringsTableReader {
    /// The plural categories ICU names; `other` is every language's and must be given.
    public static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> StringsTable {
        let document = try YAMLReader().read(bytes, path: path)
        switch document.value {
        case .null: return StringsTable()
        case .object(let object): return try table(object, locations: document.keyLocations, file: path)
        default: throw .error(at: SourceLocation(path: path), "a strings table must be a mapping of keys to texts")
        }
    }

    /// The table in a mapping already read (`strings:` in almanac.yaml), its keys located at
    /// `locations` or, failing that, at `fallback`.
    public static func table(_ object: Object, locations: [String: SourceLocation], file: String, fallback: SourceLocation? = nil) throws(Diagnostic) -> StringsTable {
        var table = StringsTable()
        for field in object.fields {
            let location = locations[field.name] ?? fallback ?? SourceLocation(path: file)
            table.locations[field.name] = location
            switch field.value {
            case .object(let forms):
                var entry: [String: String] = [:]
                for form in forms.fields {
                    guard categories.contains(form.name) else {
                        throw .error(
                            at: location, "'\(form.name)' in '\(field.name)' is not a plural category",
                            hint: "use ICU's categories: zero, one, two, few, many and other")
                    }
                    guard form.value.isScalar, form.value != .null else {
                        throw .error(at: location, "'\(field.name)' \(form.name) must be a text")
                    }
                    entry[form.name] = form.value.text
                }
                guard entry["other"] != nil else {
                    throw .error(at: location, "'\(field.name)' has no 'other' form", hint: "every language has 'other': the form for any number the others leave")
                }
                table.entries[field.name] = .plural(entry)
            case .null, .list:
                throw .error(at: location, "'\(field.name)' must be a text, or a text for each plural category")
            default:
                table.entries[field.name] = .text(field.value.text)
            }
        }
        return table
    }
}
