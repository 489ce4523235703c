import AlmanacCore
import AlmanacLoad

/// The site's colour scheme: the reader's system setting, or always light or always dark (a
/// site shown on a kiosk, or matching a brand).
public enum ColorTheme: String, Sendable, CaseIterable {
    case auto, light, dark
}

/// Site-wide settings from `Content/almanac.yaml`: the title shown on every page and the home
/// page, the base URL for absolute links, the default locale, the theme, and the folders
/// outside the site that pages may read. Read through the settings table, as a page's are.
public struct SiteSettings: Sendable, Equatable {
    public var title = "Almanac"
    public var baseURL: String?
    public var locale = "en"
    public var theme = ColorTheme.auto
    /// Folders outside the content folder that pages may read data from, relative to it.
    public var allowOutside: [String] = []
    /// `strings:`: the site's words over every locale's strings table.
    public var strings = StringsTable()
    /// Where each setting was given in `almanac.yaml`, for warnings about its value.
    public var keyLocations: [String: SourceLocation] = [:]

    public static let fileName = "almanac.yaml"

    public init() {}

    /// Reads the settings of `almanac.yaml`, each through its entry in `Setting.all`.
    public init(_ object: Object, locations: [String: SourceLocation], file: String) throws(Diagnostic) {
        let known = Setting.forSite
        for field in object.fields {
            let location = locations[field.name] ?? SourceLocation(path: file)
            guard let setting = Setting.named(field.name, in: known) else {
                throw Setting.unknown(field.name, in: known, at: location, kind: "site setting")
            }
            try setting.store(try setting.check(field.value, at: location), in: &self, at: location)
            keyLocations[field.name] = location
        }
    }

    /// Why a base URL cannot be used, or nil when it is an absolute http(s) URL. It lands in
    /// every canonical link and the sitemap, so `javascript:` or a bare path must not pass.
    public static func baseURLProblem(_ text: String) -> (message: String, hint: String)? {
        let hint = "write an absolute http(s) URL, such as https://example.org/docs/"
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            return ("the base URL '\(text)' is not an http(s) URL", hint)
        }
        let rest = text.drop { $0 != "/" }.dropFirst(2)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\\" || $0 == "\"" || $0 == "<" || $0 == ">" || $0.value == 0x7F }) else {
            return ("the base URL '\(text)' is not a valid URL", hint)
        }
        return nil
    }
}
