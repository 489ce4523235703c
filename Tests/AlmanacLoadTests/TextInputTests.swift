@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

@Suite struct TextInputTests {
    /// Where the standard library's own decoder first fails, for comparison.
    static func expectedError(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            var consumed = 0
            var counting = AnyIterator { () -> UInt8? in
                guard let byte = iterator.next() else { return nil }
                consumed += 1
                return byte
            }
            switch decoder.decode(&counting) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    @Test func findsTheFirstBadByteWhereverItIs() {
        var generator = SeededGenerator(seed: 2026)
        let pieces: [[UInt8]] = [Array("plain ascii text ".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("\u{2028}".utf8)]
        let bad: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80], [0xF4, 0x90, 0x80, 0x80]]
        for size in [100, 5_000_000] {
            var text: [UInt8] = []
            while text.count < size { text += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
            #expect(TextInput.firstInvalidUTF8(text) == nil)
            // Near the start, the middle, the slice edges of a large file, and the end.
            for position in [0, 7, text.count / 16, text.count / 2 - 1, text.count - 1] {
                var broken = text
                while position > 0, position < broken.count, broken[position] & 0xC0 == 0x80 { broken.remove(at: position) }
                broken.insert(contentsOf: bad[Int.random(in: 0..<bad.count, using: &generator)], at: min(position, broken.count))
                #expect(TextInput.firstInvalidUTF8(broken) == Self.expectedError(broken), "error near \(position) of \(size)")
            }
        }
    }
}
