import AlmanacCore
/// How search compares text: lower-cased, accents removed, and the few letters that do not
/// decompose (ø, ł, ß, æ…) spelt out, so `cote` finds `Côte` and `orsted` finds `Ørsted`.
/// Marks that spell rather than accent (Thai vowels, kana voicing; `LetterFolding.keptMarks`)
/// stay.
///
/// The browser folds the query with the same rules (`fold` in `assets/almanac/10-text.js`, whose table of
/// spelled-out letters comes from `BrowserContract`); rows are folded here, at build time, so a
/// keystroke costs only substring tests.
public enum SearchText {
    /// Folding is a property of each code point on its own: lower-casing maps code point by
    /// code point (no final-sigma rule), canonical decomposition too, and the only reordering
    /// it does moves combining marks, which folding drops. So text is folded a piece at a
    /// time: ASCII by lower-casing its bytes, the alphabets of Europe from a table made once,
    /// and runs of anything else by the full rules — at 100,000 rows, folding every searched
    /// field through Foundation was a fifth of the search index's time.
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        fold(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `fold(text)` appended to `output` as UTF-8.
    public static func fold(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            var other = -1
            func flushOther(upTo end: Int) {
                guard other >= 0 else { return }
                output += foldedByTheFullRules(String(decoding: utf8[other..<end], as: UTF8.self)).utf8
                other = -1
            }
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x80 {
                    flushOther(upTo: index)
                    output.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                    index += 1
                    continue
                }
                let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if width == 2 {
                    // Two bytes: U+0080 to U+07FF, which holds every entry of the table.
                    let value = Int(byte & 0x1F) << 6 | Int(utf8[index + 1] & 0x3F)
                    if value < tableEnd {
                        flushOther(upTo: index)
                        output += table[value - 0x80]
                        index += 2
                        continue
                    }
                }
                if other < 0 { other = index }
                index += width
            }
            flushOther(upTo: utf8.count)
        }
    }

    /// Code points below this fold from `table`: Latin-1, Latin Extended, IPA, combining
    /// marks, Greek and Cyrillic.
    static let tableEnd = 0x500

    private static let table: [[UInt8]] = (0x80..<tableEnd).map { value in
        Unicode.Scalar(UInt32(value)).map { Array(foldedByTheFullRules(String(Character($0))).utf8) } ?? []
    }

    /// The rules themselves: lower-case, decompose, drop the marks, spell out what does not
    /// decompose.
    static func foldedByTheFullRules(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().decomposedStringWithCanonicalMappingScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if LetterFolding.keepsMark(scalar) { result.unicodeScalars.append(scalar) }
            default:
                if let replacement = LetterFolding.spelling(of: scalar) {
                    result += replacement
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

import Foundation

extension String {
    fileprivate var decomposedStringWithCanonicalMappingScalars: String.UnicodeScalarView {
        decomposedStringWithCanonicalMapping.unicodeScalars
    }
}
