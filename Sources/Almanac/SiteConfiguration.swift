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

    public static let fileName = "almanac.yaml"
    public static let knownKeys = ["title", "base_url", "locale", "theme"]

    public init() {}

    public init(yaml bytes: [UInt8], path: String) throws(Diagnostic) {
        let document = try YAMLReader().read(bytes, path: path)
        guard case .object(let object) = document.value else {
            if document.value.isNull { return }
            throw .error(at: SourceLocation(path: path), "\(Self.fileName) must be a mapping of settings")
        }
        for field in object.fields {
            let location = document.keyLocations[field.name] ?? SourceLocation(path: path)
            guard field.value.isScalar else {
                throw .error(at: location, "'\(field.name)' must be text")
            }
            switch field.name {
            case "title": title = field.value.text
            case "base_url": baseURL = field.value.text
            case "locale": locale = field.value.text
            case "theme": theme = field.value.text
            default:
                let hint = Suggestion.closest(to: field.name, in: Self.knownKeys).map { "did you mean '\($0)'?" }
                throw .error(at: location, "unknown site setting '\(field.name)'", hint: hint ?? "known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }
}
