import AlmanacCore
/// How search compares text: lower-cased, accents removed, and the few letters that do not
/// decompose (ø, ł, ß, æ…) spelt out, so `cote` finds `Côte` and `orsted` finds `Ørsted`.
///
/// The browser folds the query with the same rules (`fold` in `almanac.js`, whose table of
/// spelled-out letters comes from `BrowserContract`); rows are folded here, at build time, so a
/// keystroke costs only substring tests.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        // Most text is ASCII, where folding is lower-casing.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().decomposedStringWithCanonicalMappingScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
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
