import CICU

/// Puts a text under its index letter exactly as ICU's `AlphabeticIndex` does for the locale,
/// as DESIGN.md asks ("where CLDR and ICU's alphabetic index say otherwise, they are right"):
/// its buckets, their order, and each text's bucket. So `Aruba` is under A in Hungarian (ICU
/// drops exemplar letters that sort with a base letter), Japanese goes by kana row, Chinese by
/// pinyin, and Han names in Korean by their Hangul reading. Case and accents never matter;
/// letters a locale treats as its own do (`Åland` under Å in Swedish). What falls before, after
/// or between the letters — digits, symbols, other scripts — goes to `#`, which comes last.
public final class SectionIndex: @unchecked Sendable {
    /// The title of the catch-all section.
    public static let other = "#"

    /// The locale's letters, in order.
    public let letters: [String]
    /// Each of ICU's buckets as a section title: its label, or `#` for the under-, in- and
    /// overflow buckets.
    private let titles: [String]
    private let index: OpaquePointer

    public init(collation: Collation) {
        let locale = collation.locale.replacingHyphens
        // A locale ICU cannot build an index for gets the root locale's, as ICU falls back.
        guard let index = almanac_alphabetic_index_open(locale) ?? almanac_alphabetic_index_open("root") else {
            fatalError("ICU cannot build an alphabetic index even for the root locale")
        }
        self.index = index
        var titles: [String] = []
        var letters: [String] = []
        for bucket in 0..<almanac_alphabetic_index_count(index) {
            var type: Int32 = 0
            var units = [UInt16](repeating: 0, count: 32)
            var length = almanac_alphabetic_index_label(index, bucket, &units, Int32(units.count), &type)
            if length > Int32(units.count) {
                units = [UInt16](repeating: 0, count: Int(length))
                length = almanac_alphabetic_index_label(index, bucket, &units, Int32(units.count), &type)
            }
            let label = String(decoding: units.prefix(Int(max(length, 0))), as: UTF16.self)
            if type == 0 {
                titles.append(label)
                letters.append(label)
            } else {
                titles.append(Self.other)
            }
        }
        self.titles = titles
        self.letters = letters
    }

    deinit {
        almanac_alphabetic_index_close(index)
    }

    /// The index letter for `text`, or `#`.
    public func letter(for text: String) -> String {
        let trimmed = text.drop(while: { $0.isWhitespace })
        guard !trimmed.isEmpty else { return Self.other }
        let units = Array(trimmed.utf16)
        let bucket = almanac_alphabetic_index_bucket(index, units, Int32(units.count))
        return bucket >= 0 && Int(bucket) < titles.count ? titles[Int(bucket)] : Self.other
    }
}
