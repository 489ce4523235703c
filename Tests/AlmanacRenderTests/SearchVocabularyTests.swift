import Testing
@testable import AlmanacRender

@Suite struct SearchVocabularyTests {
    @Test func wordsAreListedByFirstLetterAndLengthInByteOrder() {
        let vocabulary = SearchVocabulary(["berlin": [0, 1], "bergen": [2], "bern": [3], "oslo": [4]])
        #expect(vocabulary.lists.map { "\($0.letter)\($0.length)" } == ["b4", "b6", "o4"])
        #expect(vocabulary.lists[1].words.map(\.word) == ["bergen", "berlin"])
        #expect(vocabulary.lists[1].words.map(\.rows) == [1, 2], "each word with how many rows hold it")
        #expect(vocabulary.manifestEntries == [#""b4":[1,0]"#, #""b6":[2,0]"#, #""o4":[1,1]"#], "one file for each letter's few words")
    }

    @Test func numbersShortWordsAndSpacelessScriptsAreNeverNearWords() {
        let vocabulary = SearchVocabulary(["0001": [0], "item2": [1], "ab": [2], "東京タワー": [3], "köln": [4]])
        #expect(vocabulary.lists.map(\.letter) == ["k"])
    }

    @Test func aLetterWithManyWordsGetsSeveralFiles() {
        // Three letters after `m` spelling a number in base 26: 400 words of 4 letters, 300 of 5.
        func spelled(_ number: Int) -> String {
            String([number / 676, number / 26 % 26, number % 26].map { Character(UnicodeScalar(97 + $0)!) })
        }
        var words: [String: [Int]] = [:]
        for n in 0..<400 { words["m" + spelled(n)] = [n] }
        for n in 0..<300 { words["mz" + spelled(n)] = [n] }
        let vocabulary = SearchVocabulary(words)
        #expect(vocabulary.packs == [0, 1], "the second list would take the first file past its limit")
        #expect(vocabulary.packedWords.map(\.count) == [400, 300])
    }

    @Test func lengthsAreCodePointsAsTheBrowserCountsThem() {
        // `ø` is two bytes and one code point: `Array.from` in the page script counts it once.
        let vocabulary = SearchVocabulary(["tromsø": [0]])
        #expect(vocabulary.lists.map(\.length) == [6])
    }
}
