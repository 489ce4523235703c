import AlmanacCore
import AlmanacLoad

/// One setting, declared once: its key, the kind of value it takes, where it may be written,
/// its `render` option, its help line and its default. Front matter, `almanac.yaml`,
/// `render`'s options, `--help` and every did-you-mean list are read from `Setting.all`, so a
/// setting cannot be known to one of them and missing from another.
public struct Setting: Sendable {
    /// Where a setting may be written: a page's front matter, the site's `almanac.yaml`, or
    /// both (the site's value is then every page's default).
    public enum Scope: Sendable, Equatable { case page, site, both }

    /// What a setting's value may be. It decides how a value is checked, how an option's text
    /// becomes a value, and what `--help` shows.
    public enum Kind: Sendable, Equatable {
        case text
        /// One or more texts: `[a, b]`, or `a` alone.
        case list
        case flag
        /// A whole number of `unit` within a range.
        case count(ClosedRange<Int>, unit: String)
        /// A count, or `false` for none.
        case countOrOff(ClosedRange<Int>, unit: String)
        /// One of these words; `true` and `false` among them are YAML's booleans.
        case choice([String])
        /// A list of texts, or `true`/`false` for all or none.
        case listOrFlag
        /// Names to texts (`labels: {a: "A"}`).
        case map
        /// A strings table: keys to texts, or to a text for each plural category
        /// (`strings: {cancel: Close, rows: {one: "{count} entry", other: "{count} entries"}}`).
        case strings
        /// A list whose items are texts or `NAME: WORD` pairs, each read as `NAME:WORD`
        /// (`filters: [city, employees: range]`).
        case fieldSpecs
    }

    /// A value that passed its kind's check, handed to the code that stores it.
    public enum Checked: Sendable, Equatable {
        case text(String)
        case list([String])
        case flag(Bool)
        case count(Int)
        /// `false` given to a `countOrOff` setting.
        case off
        case map([Pair])
        case strings(StringsTable)

        public struct Pair: Sendable, Equatable {
            public let name: String
            public let text: String
        }

        /// The value as text: a choice's word, a flag's `true`/`false`.
        public var text: String {
            switch self {
            case .text(let text): return text
            case .flag(let flag): return flag ? "true" : "false"
            case .count(let count): return String(count)
            case .list(let items): return items.joined(separator: ",")
            case .off: return "false"
            case .map, .strings: return ""
            }
        }

        public var list: [String] {
            if case .list(let items) = self { return items }
            return [text]
        }

        public var flag: Bool { self == .flag(true) }

        /// A count, or nil for `off`.
        public var count: Int? {
            if case .count(let count) = self { return count }
            return nil
        }

        public var pairs: [Pair] {
            if case .map(let pairs) = self { return pairs }
            return []
        }
    }

    /// Stores a checked value into the settings it belongs to; throws where the value is of
    /// the right kind but still wrong (an unknown grouping, a template that does not parse).
    public typealias Store<Target> = @Sendable (inout Target, Checked, SourceLocation) throws(Diagnostic) -> Void

    public let key: String
    public let kind: Kind
    /// What the setting does, one line: `--help` shows it beside the option.
    public let help: String
    /// The default as a reader would write it, or nil when there is none.
    public let defaultValue: String?
    /// `render`'s option for the setting (`--group-by`), or nil where the command line gives
    /// it another way (`data` is `render`'s positional arguments) or it is the site's alone.
    public let option: String?
    /// A value the option takes, for `--help` and the test that walks the table.
    public let example: String
    let storeInPage: Store<PageSettings>?
    let storeInSite: Store<SiteSettings>?

    public var scope: Scope {
        switch (storeInPage != nil, storeInSite != nil) {
        case (true, true): return .both
        case (false, true): return .site
        default: return .page
        }
    }

    public var appliesToPages: Bool { storeInPage != nil }
    public var appliesToSite: Bool { storeInSite != nil }

    /// What the option's value is called in `--help`, where the kind's own name says too
    /// little (`FIELD` rather than `TEXT`).
    let placeholder: String?

    /// The option's value as `--help` names it.
    public var valueName: String {
        if let placeholder { return placeholder }
        switch kind {
        case .text: return "TEXT"
        case .list: return "A,B"
        case .flag: return "true|false"
        case .count: return "N"
        case .countOrOff: return "N|false"
        case .choice(let words): return words.joined(separator: "|")
        case .listOrFlag: return "A,B|true|false"
        case .map: return "A=NAME,…"
        case .strings: return "KEY=TEXT,…"
        case .fieldSpecs: return "A,B:WORD"
        }
    }

    /// Whether the option may be given alone, meaning `true` (`--detail`).
    public var optionStandsAlone: Bool {
        switch kind {
        case .flag: return true
        case .choice(let words): return words.contains("true")
        default: return false
        }
    }

    init(
        _ key: String, _ kind: Kind, help: String, default defaultValue: String? = nil,
        option: String?? = .none, placeholder: String? = nil, example: String? = nil,
        page: Store<PageSettings>? = nil, site: Store<SiteSettings>? = nil
    ) {
        self.key = key
        self.placeholder = placeholder
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
        self.storeInPage = page
        self.storeInSite = site
        switch option {
        case .some(let given): self.option = given
        case .none: self.option = page == nil ? nil : "--" + key.replacingOccurrences(of: "_", with: "-")
        }
        self.example = example ?? Self.example(of: kind)
    }

    private static func example(of kind: Kind) -> String {
        switch kind {
        case .text: return "x"
        case .list: return "a,b"
        case .flag: return "true"
        case .count(let range, _), .countOrOff(let range, _): return String(range.lowerBound)
        case .choice(let words): return words.last ?? ""
        case .listOrFlag: return "a,b"
        case .map: return "a=A"
        case .strings: return "cancel=Close"
        case .fieldSpecs: return "a,b:range"
        }
    }

    /// Checks a value written in front matter or `almanac.yaml` against the setting's kind.
    public func check(_ value: Value, at location: SourceLocation) throws(Diagnostic) -> Checked {
        switch kind {
        case .text:
            return .text(try text(value, at: location))
        case .list:
            return .list(try list(value, at: location))
        case .flag:
            guard case .bool(let flag) = value else {
                throw .error(at: location, "'\(key)' must be true or false, found \(Self.describe(value))")
            }
            return .flag(flag)
        case .count(let range, let unit):
            guard let count = Self.count(value, in: range) else {
                throw .error(at: location, "'\(key)' must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
            }
            return .count(count)
        case .countOrOff(let range, let unit):
            if case .bool(false) = value { return .off }
            guard let count = Self.count(value, in: range) else {
                throw .error(at: location, "'\(key)' must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), or false")
            }
            return .count(count)
        case .choice(let words):
            let word: String?
            switch value {
            case .bool(let flag): word = flag ? "true" : "false"
            case .string(let text): word = text
            default: word = nil
            }
            guard let word, words.contains(word) else {
                let listed = words.count == 2 ? words.joined(separator: " or ") : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
                let suggestion = word.flatMap { Suggestion.closest(to: $0, in: words) }.map { "did you mean '\($0)'?" }
                throw .error(at: location, "'\(key)' must be \(listed), found \(Self.describe(value))", hint: suggestion)
            }
            return .text(word)
        case .listOrFlag:
            if case .bool(let flag) = value { return .flag(flag) }
            return .list(try list(value, at: location))
        case .fieldSpecs:
            return .list(try list(value, at: location, pairs: true))
        case .map:
            guard case .object(let object) = value else {
                throw .error(at: location, "'\(key)' must map names to text, found \(Self.describe(value))")
            }
            var pairs: [Checked.Pair] = []
            for field in object.fields { pairs.append(.init(name: field.name, text: try text(field.value, at: location))) }
            return .map(pairs)
        case .strings:
            guard case .object(let object) = value else {
                throw .error(at: location, "'\(key)' must map the keys of a strings table to texts, found \(Self.describe(value))")
            }
            return .strings(try StringsTableReader.table(object, locations: [:], file: location.path, fallback: location))
        }
    }

    /// The value an option's text stands for, as front matter would hold it: lists split at
    /// commas, `true`/`false` and numbers typed where the kind takes them.
    public func value(ofOption text: String) -> Value {
        let items = { Value.list(text.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }) }
        let flag: Value? = text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        switch kind {
        case .text: return .string(text)
        case .list, .fieldSpecs: return items()
        case .flag, .choice: return flag ?? .string(text)
        case .count, .countOrOff: return flag ?? Number(parsing: text).map(Value.number) ?? .string(text)
        case .listOrFlag: return flag ?? items()
        case .map, .strings:
            var object = Object()
            for item in text.split(separator: ",") {
                let equals = item.firstIndex(of: "=") ?? item.endIndex
                let name = item[..<equals].trimmingCharacters(in: .whitespaces)
                object.set(name, .string(equals == item.endIndex ? "" : String(item[item.index(after: equals)...])))
            }
            return .object(object)
        }
    }

    /// Stores a checked value into a page's settings.
    func store(_ value: Checked, in settings: inout PageSettings, at location: SourceLocation) throws(Diagnostic) {
        try storeInPage?(&settings, value, location)
    }

    /// Stores a checked value into the site's settings.
    func store(_ value: Checked, in settings: inout SiteSettings, at location: SourceLocation) throws(Diagnostic) {
        try storeInSite?(&settings, value, location)
    }

    private func text(_ value: Value, at location: SourceLocation) throws(Diagnostic) -> String {
        guard value.isScalar else {
            throw .error(at: location, "'\(key)' must be text, found \(Self.describe(value))")
        }
        return value.text
    }

    /// `pairs`: an item may be a one-key mapping of a text, read as `key:text`.
    private func list(_ value: Value, at location: SourceLocation, pairs: Bool = false) throws(Diagnostic) -> [String] {
        switch value {
        case .list(let items):
            var texts: [String] = []
            for item in items {
                if pairs, case .object(let object) = item, object.fields.count == 1, let pair = object.fields.first, pair.value.isScalar {
                    texts.append(pair.name + ":" + pair.value.text)
                } else {
                    texts.append(try text(item, at: location))
                }
            }
            return texts
        case .null: return []
        default: return [try text(value, at: location)]
        }
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

    static func describe(_ value: Value) -> String {
        switch value {
        case .list: return "a list"
        case .object: return "a mapping"
        case .null: return "nothing"
        default: return "'\(value.text)'"
        }
    }
}
