import AlmanacCore
import AlmanacLoad

/// The words of one locale's pages, resolved along its fallback chain, with the locale's own
/// way of counting: `counted(.rows, 249)` is `249 rows`, `249 строк` or `٢٤٩ صفًا`.
///
/// Shared by every renderer of a page, possibly from several threads: the ICU formatters it
/// holds are used under a lock.
public final class InterfaceStrings: Sendable {
    public let locale: LocaleTag
    private let entries: [InterfaceString: StringsEntry]
    private let formats: Locked<(rules: PluralRules, numbers: NumberStyle)>
    private let dates: Locked<DateStyle>

    public init(locale: LocaleTag, entries: [InterfaceString: StringsEntry]) {
        self.locale = locale
        self.entries = entries
        formats = Locked((PluralRules(locale), NumberStyle(locale)))
        dates = Locked(DateStyle(locale))
    }

    /// The text of `key` with its `{name}`s filled in from `values`. A counted key reads its
    /// `other` form here; use `counted` to choose by a number.
    public func text(_ key: InterfaceString, _ values: [String: String] = [:]) -> String {
        switch entries[key] {
        case .text(let text)?: Self.fill(text, values)
        case .plural(let forms)?: Self.fill(forms["other"] ?? "", values)
        case nil: key.rawValue
        }
    }

    /// The form of `key` that `count` takes by the locale's plural rules, with `{count}` the
    /// number as the locale writes it.
    public func counted(_ key: InterfaceString, _ count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = number(count)
        guard case .plural(let forms)? = entries[key] else { return text(key, values) }
        let category = formats.withLock { $0.rules.category(count) }
        return Self.fill(forms[category] ?? forms["other"] ?? "", values)
    }

    /// `count` as the locale writes it: `74,837`, `74 837`, `٧٤٬٨٣٧`.
    public func number(_ count: Int) -> String {
        formats.withLock { $0.numbers.format(count) }
    }

    /// A date as the locale writes it: `Mar 9, 2024`, `9 mars 2024`, `2024年3月9日`.
    public func date(_ date: DateValue) -> String {
        dates.withLock { $0.format(date) }
    }

    /// A value of `field` as a page with `settings` says it: a test report's status or outcome
    /// (`failed`) in these words (`fehlgeschlagen`) as its section titles and filters show it;
    /// anything else as the data has it, which the JSON and the address keep in any case.
    public func words(for value: String, in field: String, settings: PageSettings) -> String {
        guard settings.summary == .tests, field == "status" || field == "outcome", let key = InterfaceString.outcome(value) else { return value }
        return text(key)
    }

    /// `Markdown and JSON`, as the locale joins a list.
    public func list(_ items: [String]) -> String {
        ListStyle.joined(items, locale: locale)
    }

    /// `9 failed, 5 skipped`: the parts of one count, each of which holds, joined by the
    /// table's separator (`、` in Japanese). Not ICU's list of units, which runs Russian counts
    /// together with spaces alone.
    public func parts(_ items: [String]) -> String {
        items.joined(separator: text(.reportSeparator))
    }

    /// `4.3` with the locale's digits and decimal separator: a length of time to a tenth.
    public func tenths(_ tenths: Int) -> String {
        let whole = number(tenths / 10)
        guard tenths % 10 != 0 else { return whole }
        return whole + formats.withLock { $0.numbers.decimalSeparator } + number(tenths % 10)
    }

    /// Each form of a counted key by its plural category, for the page script, which chooses
    /// among them with the browser's plural rules; a plain text is its `other`.
    public func forms(_ key: InterfaceString) -> [String: String] {
        switch entries[key] {
        case .plural(let forms)?: forms
        case .text(let text)?: ["other": text]
        case nil: ["other": key.rawValue]
        }
    }

    /// What the page script needs to write numbers as this locale does.
    public var numberSymbols: NumberStyle.Symbols {
        formats.withLock { $0.numbers.symbols }
    }

    /// `{name}` replaced by `values[name]`; a name with no value stays as written.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{"), !values.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] { result += value } else { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The `{name}`s a text fills in.
    public static func placeholders(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
