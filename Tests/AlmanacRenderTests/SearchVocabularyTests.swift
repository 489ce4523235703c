import Testing
@testable import AlmanacRender

@Suite struct SearchVocabularyTests {
    @Test func wordsAreListedByFirstLetterAndLengthInByteOrder() {
        let vocabulary = SearchVocabulary(["berlin": [0, 1], "bergen": [2], "bern": [3], "oslo": [4]])
        #expect(vocabulary.lists.map { "\($0.key)\($0.length)" } == ["~b4", "~b6", "~o4"])
        #expect(vocabulary.lists[1].words.map(\.word) == ["bergen", "berlin"])
        #expect(vocabulary.lists[1].words.map(\.rows) == [1, 2], "each word with how many rows hold it")
        #expect(vocabulary.manifestEntries == [#""b4":1"#, #""b6":2"#, #""o4":1"#])
    }

    @Test func numbersShortWordsAndSpacelessScriptsAreNeverNearWords() {
        let vocabulary = SearchVocabulary(["0001": [0], "item2": [1], "ab": [2], "東京タワー": [3], "köln": [4]])
        #expect(vocabulary.lists.map(\.key) == ["~k"])
    }

    @Test func lengthsAreCodePointsAsTheBrowserCountsThem() {
        // `ø` is two bytes and one code point: `Array.from` in the page script counts it once.
        let vocabulary = SearchVocabulary(["tromsø": [0]])
        #expect(vocabulary.lists.map(\.length) == [6])
    }
}
