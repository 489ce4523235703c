/// Puts a text under its index letter, the way iOS's indexed collation and ICU's alphabetic
/// index do: the last letter that sorts at or before the text at primary strength, so case and
/// accents never matter (`Émile` under E), while letters a locale treats as its own do (`Åland`
/// under Å in Swedish). Digits, symbols and other scripts go to `#`, which comes last.
public struct SectionIndex {
    /// The title of the catch-all section.
    public static let other = "#"

    /// The locale's letters, in collation order.
    public let letters: [String]
    private let keys: [[UInt8]]
    private let scripts: Set<Int32>
    private let collation: Collation

    public init(collation: Collation) {
        self.collation = collation
        var letters = collation.indexLetters()
        if letters.isEmpty {
            // A locale without CLDR index data falls back to the Latin alphabet.
            letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(Character(Unicode.Scalar($0))) }
        }
        self.letters = letters
        self.keys = letters.map { collation.sortKey($0, strength: .primary) }
        var scripts = Set<Int32>()
        for letter in letters {
            if let scalar = letter.unicodeScalars.first { scripts.insert(UnicodeScript.of(scalar)) }
        }
        self.scripts = scripts
    }

    /// The index letter for `text`, or `#`.
    public func letter(for text: String) -> String {
        let trimmed = text.drop(while: { $0.isWhitespace })
        guard let first = trimmed.unicodeScalars.first else { return Self.other }
        if UnicodeScript.isLetter(first) && !scripts.contains(UnicodeScript.of(first)) {
            return Self.other
        }
        let key = collation.sortKey(String(trimmed), strength: .primary)
        // Binary search for the last letter whose key is at or before the text's key.
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].lexicographicallyPrecedes(key) || keys[middle] == key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low > 0 else { return Self.other }
        // A text that only shares a letter's primary key prefix still belongs to it; a text that
        // sorts before the letter's first character (a digit, a symbol) does not.
        return letters[low - 1]
    }
}
