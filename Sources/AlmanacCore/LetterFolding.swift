/// Letters that have no canonical decomposition, and how they are spelt when accents are folded
/// away: search folds `Ørsted` to `orsted` and slugs make `orsted` of it. The one table both
/// use, and the one the browser receives (`BrowserContract`), so the three cannot drift.
public enum LetterFolding {
    /// Lower-case letters in a fixed order (the browser's copy is generated from it).
    public static let spelled: [(letter: Unicode.Scalar, spelling: String)] = [
        ("ø", "o"), ("ł", "l"), ("đ", "d"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("þ", "th"), ("ı", "i"),
    ]

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
