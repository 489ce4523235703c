/// Letters that have no canonical decomposition, and how they are spelt when accents are folded
/// away: search folds `Ørsted` to `orsted` and slugs make `orsted` of it. The one table both
/// use, and the one the browser receives (`BrowserContract`), so the three cannot drift.
public enum LetterFolding {
    /// Lower-case letters in a fixed order (the browser's copy is generated from it).
    public static let spelled: [(letter: Unicode.Scalar, spelling: String)] = [
        ("ø", "o"), ("ł", "l"), ("đ", "d"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("þ", "th"), ("ı", "i"),
    ]

    /// Combining marks that folding keeps, because they spell the word rather than accent it:
    /// the vowel signs, viramas and tone marks of Devanagari to Burmese and of Khmer (`กรุงเทพ`
    /// without its marks is no longer Thai), and the kana voicing marks (`が` is not `か`).
    /// Every other mark goes: Latin, Greek and Cyrillic accents, Arabic harakat, Hebrew points.
    public static let keptMarks: [ClosedRange<UInt32>] = [0x0900...0x109F, 0x1780...0x17FF, 0x3099...0x309A]

    /// Whether folding keeps the combining mark `scalar`.
    public static func keepsMark(_ scalar: Unicode.Scalar) -> Bool {
        keptMarks.contains { $0.contains(scalar.value) }
    }

    private static let table: [Unicode.Scalar: String] = Dictionary(uniqueKeysWithValues: spelled.map { ($0.letter, $0.spelling) })

    /// The spelling of a lower-case letter, or nil when it folds as it decomposes.
    public static func spelling(of letter: Unicode.Scalar) -> String? { table[letter] }

    /// The spelling of a letter of either case (`Ø` and `ø` are both `o`).
    public static func spelling(ofEitherCase letter: Unicode.Scalar) -> String? {
        if let spelling = table[letter] { return spelling }
        let lower = letter.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let single = lower.first, single != letter else { return nil }
        return table[single]
    }
}
