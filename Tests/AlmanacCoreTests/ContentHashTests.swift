import AlmanacCore
import Testing

@Suite struct ContentHashTests {
    /// Both lengths: the full fingerprint, and the short one a build keeps per row.
    static let fingerprints: [(length: Int, make: @Sendable ([[UInt8]]) -> String)] = [
        (32, ContentHash.fingerprint), (15, ContentHash.shortFingerprint),
    ]

    @Test(arguments: [0, 1]) func anyChangedByteChangesTheFingerprint(kind: Int) {
        let (length, fingerprint) = Self.fingerprints[kind]
        let text = Array("The quick brown fox jumps over the lazy dog, 0123456789.".utf8)
        let original = fingerprint([text])
        #expect(original.utf8.count == length)
        #expect(fingerprint([text]) == original, "stable")
        var seen: Set<String> = [original]
        for position in text.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = text
                changed[position] ^= flip
                #expect(seen.insert(fingerprint([changed])).inserted, "byte \(position) flipped by \(flip)")
            }
        }
        #expect(fingerprint([text + [0]]) != original, "a trailing zero byte counts")
    }

    @Test(arguments: [0, 1]) func partsAreKeptApart(kind: Int) {
        let fingerprint = Self.fingerprints[kind].make
        let a = Array("ab".utf8), b = Array("c".utf8), c = Array("a".utf8), d = Array("bc".utf8)
        #expect(fingerprint([a, b]) != fingerprint([c, d]))
        #expect(fingerprint([a, []]) != fingerprint([a]))
    }

    /// Short fingerprints are written into the cache's JSON: nothing in them needs escaping.
    @Test func theShortFingerprintUsesURLSafeCharactersOnly() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for word in ["", "row", "Zoë", String(repeating: "x", count: 100)] {
            #expect(ContentHash.shortFingerprint([Array(word.utf8)]).allSatisfy(allowed.contains))
        }
    }
}
