import CICU

/// ICU's plural rules for a locale: which form of a counted word a number takes (`1 строка`,
/// `2 строки`, `5 строк`). Not shared between threads.
public final class PluralRules {
    private let rules: OpaquePointer?

    public init(_ locale: LocaleTag) {
        rules = almanac_plural_rules_open(locale.icu)
    }

    deinit { almanac_plural_rules_close(rules) }

    /// The category of `number`: `zero`, `one`, `two`, `few`, `many` or `other`.
    public func category(_ number: Int) -> String {
        guard let rules else { return "other" }
        return ICUText.ascii(capacity: 16) { almanac_plural_rules_select(rules, Double(number), $0, $1) } ?? "other"
    }

    /// Every category the locale has (English: `one`, `other`; Japanese: `other`).
    public var categories: Set<String> {
        guard let rules, let words = ICUText.ascii(capacity: 64, { almanac_plural_rules_keywords(rules, $0, $1) }) else { return ["other"] }
        return Set(words.split(separator: " ").map(String.init))
    }
}
