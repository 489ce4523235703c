import AlmanacCore
import Testing

@Suite struct UTF8OrderTests {
    /// Files and cache entries are written in UTF-8 byte order, whatever Unicode says.
    @Test func stringsSortByTheirUTF8Bytes() {
        let words = ["b", "a", "ab", "", "Z", "é", "e\u{301}", "z", "aa", "ä"]
        #expect(words.sorted { $0.precedesInUTF8($1) } == words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(!"a".precedesInUTF8("a") && "a".precedesInUTF8("ab") && !"ab".precedesInUTF8("a"))
    }
}
