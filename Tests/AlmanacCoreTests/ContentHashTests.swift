import AlmanacCore
import Testing

@Suite struct ContentHashTests {
    @Test func anyChangedByteChangesTheFingerprint() {
        let text = Array("The quick brown fox jumps over the lazy dog, 0123456789.".utf8)
        let original = ContentHash.fingerprint([text])
        #expect(original.count == 32)
        #expect(ContentHash.fingerprint([text]) == original, "stable")
        for position in text.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = text
                changed[position] ^= flip
                #expect(ContentHash.fingerprint([changed]) != original, "byte \(position) flipped by \(flip)")
            }
        }
        #expect(ContentHash.fingerprint([text + [0]]) != original, "a trailing zero byte counts")
    }

    @Test func partsAreKeptApart() {
        let a = Array("ab".utf8), b = Array("c".utf8), c = Array("a".utf8), d = Array("bc".utf8)
        #expect(ContentHash.fingerprint([a, b]) != ContentHash.fingerprint([c, d]))
        #expect(ContentHash.fingerprint([a, []]) != ContentHash.fingerprint([a]))
    }
}
