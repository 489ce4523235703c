import Testing
@testable import AlmanacRender

@Suite struct SearchShardsTests {
    @Test func aPrefixWithFewRowsIsOneShard() {
        let leaves = SearchShards.leaves(["anders": [0], "andrews": [1], "berg": [2]], shortest: 3, leafRows: 5)
        #expect(leaves == [.init(key: "and", rows: [0, 1]), .init(key: "ber", rows: [2])])
    }

    @Test func aPrefixWithTooManyRowsIsCutByOneMoreLetter() {
        // `and` is in three rows, over the limit of two: its words go a letter deeper, and the
        // word `and` itself becomes a shard of its own.
        let leaves = SearchShards.leaves(["and": [0, 3], "anders": [0, 1], "andrews": [2]], shortest: 3, leafRows: 2)
        #expect(leaves == [
            .init(key: "and$", rows: [0, 3]), .init(key: "ande", rows: [0, 1]), .init(key: "andr", rows: [2]),
        ])
    }

    @Test func aWordInMoreRowsThanAShardHoldsStaysOneShard() {
        let leaves = SearchShards.leaves(["sons": [0, 1, 2, 3]], shortest: 3, leafRows: 2)
        #expect(leaves == [.init(key: "son", rows: [0, 1, 2, 3])])
    }

    @Test func wordsShorterThanAKeyAreWholeWordShards() {
        let leaves = SearchShards.leaves(["co": [1], "cobalt": [0]], shortest: 3, leafRows: 10)
        #expect(leaves.map(\.key) == ["co$", "cob"])
    }

    @Test func aRowWithTwoWordsOfOneShardIsListedOnce() {
        let leaves = SearchShards.leaves(["anders": [0, 2], "andrews": [0]], shortest: 3, leafRows: 10)
        #expect(leaves == [.init(key: "and", rows: [0, 2])])
    }

    @Test func keysAreCutByCodePointsNotBytes() {
        // Hangul folded to jamo: each syllable is three code points.
        let leaves = SearchShards.leaves(["\u{1100}\u{1161}\u{11A8}\u{1100}": [0], "\u{1100}\u{1161}\u{11A8}\u{1102}": [1]], shortest: 3, leafRows: 1)
        #expect(leaves.map { $0.key.unicodeScalars.count } == [4, 4])
    }

    /// Shards are JSON inside a script string: whatever a label holds, the string must end where
    /// it should and hand `JSON.parse` the JSON exactly.
    @Test func shardEntriesAreEscapedForTheScriptStringTheyAreIn() {
        var output: [UInt8] = []
        SearchIndex.appendScriptEscaped(Array(#"["O'Brien \\ \"x\"","line\#nbreak","\#u{2028}\#u{2029}\#r", "é…"]"#.utf8), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"["O\'Brien \\\\ \\"x\\"","line\nbreak","\u2028\u2029\r", "é…"]"#)
    }

    /// Words are cut where the browser's `[^\p{L}\p{N}]` cuts them; ASCII takes a shortcut
    /// past the Unicode properties that must agree with them.
    @Test func asciiWordCharactersAreTheLettersAndNumbersOfUnicode() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let isLetterOrNumber = [.uppercaseLetter, .lowercaseLetter, .decimalNumber].contains(scalar.properties.generalCategory)
            #expect(SearchIndex.isWordScalar(scalar) == isLetterOrNumber, "\(value)")
        }
        #expect(Self.words("o'brien s.r.l. 3m") == ["o", "brien", "s", "r", "l", "3m"])
    }

    /// Beyond ASCII the words are cut by the Unicode categories too, code point by code point.
    @Test func wordsAreCutAtEveryCodePointThatIsNotALetterOrNumber() {
        #expect(Self.words("séance—café\u{1}東京 ४२ ½x") == ["séance", "café", "東京", "४२", "½x"])
        #expect(Self.words("\u{1100}\u{1161}\u{11A8}\u{2028}a\u{1F600}b") == ["\u{1100}\u{1161}\u{11A8}", "a", "b"])
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        SearchIndex.forEachWord(in: Array(text.utf8)) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }
}
