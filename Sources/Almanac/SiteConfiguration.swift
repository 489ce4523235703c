import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// Site-wide settings from `Content/almanac.yaml`: the title shown on every page and the home
/// page, the base URL for absolute links, the default locale, the theme.
public struct SiteConfiguration: Sendable, Equatable {
    public var title = "Almanac"
    public var baseURL: String?
    public var locale = "en"
    public var theme: String?
    /// Folders outside the content folder that pages may read data from, relative to it.
    public var allowOutside: [String] = []

    public static let fileName = "almanac.yaml"
    public static let knownKeys = ["title", "base_url", "locale", "theme", "allow_outside"]

    public init() {}

    public init(yaml bytes: [UInt8], path: String) throws(Diagnostic) {
        let document = try YAMLReader().read(bytes, path: path)
        guard case .object(let object) = document.value else {
            if document.value.isNull { return }
            throw .error(at: SourceLocation(path: path), "\(Self.fileName) must be a mapping of settings")
        }
        for field in object.fields {
            let location = document.keyLocations[field.name] ?? SourceLocation(path: path)
            if field.name == "allow_outside" {
                allowOutside = try Self.folders(field.value, at: location)
                continue
            }
            guard field.value.isScalar else {
                throw .error(at: location, "'\(field.name)' must be text")
            }
            switch field.name {
            case "title": title = field.value.text
            case "base_url":
                baseURL = field.value.text
                if let problem = Self.baseURLProblem(field.value.text) { throw .error(at: location, problem.message, hint: problem.hint) }
            case "locale": locale = field.value.text
            case "theme": theme = field.value.text
            default:
                let hint = Suggestion.closest(to: field.name, in: Self.knownKeys).map { "did you mean '\($0)'?" }
                throw .error(at: location, "unknown site setting '\(field.name)'", hint: hint ?? "known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }

    private static func folders(_ value: Value, at location: SourceLocation) throws(Diagnostic) -> [String] {
        let items: [Value]
        switch value {
        case .list(let list): items = list
        case .null: items = []
        default: items = [value]
        }
        var folders: [String] = []
        for item in items {
            guard case .string(let folder) = item, !folder.isEmpty else {
                throw .error(at: location, "'allow_outside' must be a list of folders")
            }
            folders.append(folder)
        }
        return folders
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
