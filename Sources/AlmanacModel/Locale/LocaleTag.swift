import AlmanacCore
import CICU

/// A page's locale as its author wrote it (`sv`, `de-AT`, `zh_TW`), checked against ICU's
/// data and named both ways it is needed: ICU's identifier for collation and formats, and the
/// BCP 47 tag a page's `lang` and the browser's `Intl` take.
public struct LocaleTag: Sendable, Hashable, CustomStringConvertible {
    /// ICU's identifier (`zh_Hant_TW`, `de_AT`).
    public let icu: String
    /// The BCP 47 tag (`zh-Hant-TW`, `de-AT`), for `<html lang>`.
    public let bcp47: String
    /// The language subtag (`zh`).
    public let language: String
    /// The script the locale is written in, given or likely (`Hant` for `zh-TW`).
    public let script: String
    /// The region, when the author gave one (`TW`).
    public let region: String?
    /// Arabic, Hebrew, Persian, Urdu: the page is laid out right to left.
    public let isRightToLeft: Bool

    public var description: String { bcp47 }

    /// The root of every chain, whose table holds every key.
    public static let english = LocaleTag("en")!

    /// Nil when `text` is no well-formed tag, or ICU has no data for its language: a collator
    /// opens for any identifier at all, so `klingon` would otherwise sort by the root order and
    /// be written as the page's language, silently.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else { return nil }
        // ICU-style identifiers (`sv_SE`, `de@collation=phonebook`) are taken as they are; a
        // BCP 47 tag is turned into one.
        let icu: String
        if trimmed.contains("@") {
            icu = trimmed
        } else {
            guard let converted = ICUText.ascii({ almanac_locale_from_tag(trimmed.replacingOccurrences(of: "_", with: "-"), $0, $1) }),
                  !converted.isEmpty else { return nil }
            icu = converted
        }
        guard almanac_locale_has_data(icu) != 0 else { return nil }
        let parts = Self.parts(of: icu)
        let likely = ICUText.ascii { almanac_locale_maximized(icu, $0, $1) }.map(Self.parts) ?? parts
        self.icu = icu
        self.language = parts.language
        self.script = parts.script ?? likely.script ?? ""
        self.region = parts.region
        self.bcp47 = ([parts.language] + [parts.script, parts.region].compactMap { $0 }).joined(separator: "-")
        self.isRightToLeft = almanac_locale_is_right_to_left(icu) != 0
    }

    /// The names a strings table of this locale may have, most particular first, as CLDR's
    /// parent chain goes: `de-AT`, then `de`; `zh-TW`, written in Han Traditional, `zh-Hant-TW`
    /// then `zh-Hant` and never `zh`, which is Simplified; Norwegian `no` reads Bokmål's `nb`.
    /// The root (English) is the caller's last resort.
    public var tableNames: [String] {
        let defaultScript = ICUText.ascii { almanac_locale_maximized(language, $0, $1) }.flatMap { Self.parts(of: $0).script } ?? script
        var names: [String]
        if script != defaultScript {
            names = [region.map { "\(language)-\(script)-\($0)" }, "\(language)-\(script)"].compactMap { $0 }
        } else {
            names = [region.map { "\(language)-\($0)" }, language].compactMap { $0 }
        }
        if language == "no" { names.append("nb") }
        return names
    }

    /// `zh_Hant_TW` → (`zh`, `Hant`, `TW`); keywords and variants are dropped.
    static func parts(of icu: String) -> (language: String, script: String?, region: String?) {
        let base = icu.split(separator: "@").first.map(String.init) ?? icu
        let pieces = base.split(separator: "_").map(String.init)
        var script: String?
        var region: String?
        for piece in pieces.dropFirst() {
            if piece.count == 4, piece.allSatisfy(\.isLetter), script == nil, region == nil {
                script = piece
            } else if region == nil, (piece.count == 2 && piece.allSatisfy(\.isLetter)) || (piece.count == 3 && piece.allSatisfy(\.isNumber)) {
                region = piece
            }
        }
        return (pieces.first?.lowercased() ?? "", script, region)
    }

    /// The error for a locale ICU does not know, at `location`, with the nearest it does:
    /// `locale: swedish` → `sv`, `locale: sw-SE` → `sv-SE`.
    public static func unknown(_ text: String, at location: SourceLocation?) -> Diagnostic {
        let guess = suggestion(for: text)
        return .error(
            at: location, "unknown locale '\(text)': ICU has no data for it",
            hint: guess.map { "did you mean '\($0.tag)' (\($0.name))?" } ?? "use a BCP 47 identifier such as en, de, sv, es, ar, ja or zh-Hant")
    }

    /// ICU's locale nearest `text`: one whose language's English name is `text`, or one a
    /// letter or two away.
    static func suggestion(for text: String) -> (tag: String, name: String)? {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        var languages: [String: String] = [:]
        var identifiers: [String] = []
        for index in 0..<almanac_locale_available_count() {
            guard let available = almanac_locale_available(index).map({ String(cString: $0) }) else { continue }
            identifiers.append(available.replacingOccurrences(of: "_", with: "-").lowercased())
            let language = parts(of: available).language
            if languages[language] == nil {
                languages[language] = ICUText.utf16 { almanac_locale_english_name(language, $0, $1) }
            }
        }
        if let byName = languages.sorted(by: { $0.key < $1.key }).first(where: { $0.value.lowercased() == wanted }) {
            return (byName.key, byName.value)
        }
        guard let near = Suggestion.closest(to: wanted.replacingOccurrences(of: "_", with: "-"), in: identifiers.sorted()),
              let tag = LocaleTag(near) else { return nil }
        return (tag.bcp47, languages[tag.language] ?? tag.language)
    }
}
