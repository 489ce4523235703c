import Testing
@testable import AlmanacRender
import AlmanacModel

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

    @Test func smallLeavesShareAPackUpToAPageOfRows() {
        let leaves: [SearchShards.Leaf] = [
            .init(key: "and", rows: Array(0..<60)), .init(key: "ber", rows: [1, 2]), .init(key: "bes", rows: Array(0..<50)),
            .init(key: "cob", rows: Array(0..<120)), .init(key: "dal", rows: [3]),
        ]
        // 60 + 2 rows fit a page of 100; 50 more do not; a leaf of a page or more keeps its own.
        #expect(SearchShards.packs(leaves, pageSize: 100) == [0, 0, 1, nil, 1])
    }

    @Test func aWordInMoreRowsThanAShardHoldsIsOneShardKeyedByTheWholeWord() {
        // Keyed `sons$`, not `son`: a query for `sonz` knows it is in none of these rows.
        let leaves = SearchShards.leaves(["sons": [0, 1, 2, 3], "sum": [4]], shortest: 3, leafRows: 2)
        #expect(leaves == [.init(key: "sons$", rows: [0, 1, 2, 3]), .init(key: "sum", rows: [4])])
    }

    @Test func aVeryLongCommonWordKeepsItsPrefixKeySoItsFileNameStaysShort() {
        let long = String(repeating: "a", count: SearchShards.longestWholeKey + 1)
        let leaves = SearchShards.leaves([long: [0, 1, 2]], shortest: 3, leafRows: 2)
        #expect(leaves.map(\.key) == ["aaa"])
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

    /// ICU cuts text written without spaces into its words by dictionary.
    @Test func icuCutsJapaneseChineseAndThaiIntoWords() {
        let breaker = WordBreaker()
        #expect(breaker.words(of: "東京都庁") == ["東京", "都庁"])
        #expect(breaker.words(of: "北京大学图书馆").contains("图书"))
        let thai = breaker.words(of: SearchText.fold("สนามบินสุวรรณภูมิกรุงเทพมหานคร"))
        #expect(thai.count > 1)
        #expect(thai.contains("สุวรรณภูมิ"))
        #expect(breaker.words(of: "jr東日本").first == "jr")
        #expect(breaker.words(of: "stockholm") == ["stockholm"])
    }

    /// A run's words are the rest of it from each word ICU finds, so a query is found from any
    /// of its words on and however many of them it spans; a word too short for a shard key is
    /// also a word of its own.
    @Test func spacelessTextIsSearchedFromEveryWordItHolds() {
        #expect(Self.words("東京都庁") == ["東京都庁", "都庁"])
        let thai = Self.words(SearchText.fold("สนามบินสุวรรณภูมิกรุงเทพมหานคร"))
        #expect(thai.contains { $0.hasPrefix("สุวรรณภูมิ") })
        #expect(thai.contains { $0.hasPrefix("กรุงเทพ") })
        #expect(!thai.contains { $0.hasPrefix("ภูมิ") })
    }

    /// A spaceless word is filed under its first one and two letters too, where a Latin word
    /// needs three: `東京` finds `東京タワー`.
    @Test func aSpacelessWordIsFiledUnderItsShortBeginnings() {
        var beginnings: [String] = []
        SearchIndex.forEachShortBeginning(of: "東京タワー") { beginnings.append($0) }
        #expect(beginnings == ["東", "東京"])
        beginnings = []
        SearchIndex.forEachShortBeginning(of: "都庁") { beginnings.append($0) }
        #expect(beginnings == ["都"])
        SearchIndex.forEachShortBeginning(of: "cobalt") { _ in Issue.record("a Latin word has no short beginnings") }
    }

    /// The rest of a long run is cut at the length the browser cuts a query to.
    @Test func aLongSpacelessRunsWordsAreCutAtTheContractsLength() {
        let sentence = "東京都庁は新宿区にある東京都の本庁舎で高さは二百四十三メートルです"
        let words = Self.words(sentence)
        #expect(words.first?.unicodeScalars.count == SearchIndex.spacelessWordLength)
        #expect(sentence.hasPrefix(words[0]))
        #expect(words.allSatisfy { $0.unicodeScalars.count <= SearchIndex.spacelessWordLength })
        #expect(words.contains { $0.hasPrefix("新宿") })
        #expect(BrowserContract.script().contains("\"spacelessWordLength\":\(SearchIndex.spacelessWordLength)"))
    }

    /// The marks of Thai and of kana are part of the word: they stay in it, not cut it.
    @Test func marksThatFoldingKeepsAreInsideWords() {
        #expect(Self.words(SearchText.fold("กรุงเทพ")) == ["กรุงเทพ"])
        #expect(Self.words(SearchText.fold("ナガサキ")).joined() == SearchText.fold("ナガサキ"))
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        SearchIndex.forEachWord(in: Array(text.utf8), breaker: WordBreaker()) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }
}
