import CICU

/// How a locale writes a count, by ICU's number formatter: `74,837` in English, `74 837` in
/// French, `74.837` in German, `٧٤٬٨٣٧` in Arabic, `1,00,000` in Hindi. The browser writes the
/// counts it works out with the same digits and grouping (`symbols`), so the build's numbers
/// and the page script's agree. Not shared between threads.
public final class NumberStyle {
    private let format: OpaquePointer?

    public init(_ locale: LocaleTag) {
        format = almanac_number_format_open(locale.icu)
    }

    deinit { almanac_number_format_close(format) }

    /// Numbers below 1,000 as formatted once: a report formats a duration for each of
    /// fifty thousand tests, nearly all of them a few milliseconds, and ICU takes microseconds
    /// a number.
    private var small = [String?](repeating: nil, count: 1000)

    public func format(_ number: Int) -> String {
        if (0..<small.count).contains(number), let known = small[number] { return known }
        guard let format else { return String(number) }
        let text = ICUText.utf16 { almanac_number_format_int64(format, Int64(number), $0, $1) } ?? String(number)
        if (0..<small.count).contains(number) { small[number] = text }
        return text
    }

    /// The locale's decimal separator: `.`, `,`, `٫`.
    public var decimalSeparator: String {
        format.flatMap { format in ICUText.utf16 { almanac_number_format_symbol(format, 1, $0, $1) } } ?? "."
    }

    /// What the browser needs to write whole numbers as ICU does.
    public struct Symbols: Sendable, Equatable {
        /// The locale's digits, zero to nine.
        public var digits: [String]
        public var groupingSeparator: String
        /// Digits in the first group (3), in each further group (3; India's 2), and the
        /// fewest digits before the first separator shows at all (Spanish, Polish: 2, so
        /// `1000` but `10 000`).
        public var groupingSize: Int
        public var secondaryGroupingSize: Int
        public var minimumGroupingDigits: Int
    }

    public var symbols: Symbols {
        let symbol = { (which: Int32) in
            self.format.flatMap { format in ICUText.utf16 { almanac_number_format_symbol(format, which, $0, $1) } } ?? ""
        }
        let attribute = { (which: Int32) in self.format.map { Int(almanac_number_format_attribute($0, which)) } ?? 0 }
        let digits = (10...19).map { symbol(Int32($0)) }
        let primary = attribute(0)
        let secondary = attribute(1)
        return Symbols(
            digits: digits.contains("") ? (0...9).map(String.init) : digits,
            groupingSeparator: symbol(0),
            groupingSize: max(0, primary),
            secondaryGroupingSize: secondary > 0 ? secondary : max(0, primary),
            minimumGroupingDigits: max(1, attribute(2)))
    }
}
