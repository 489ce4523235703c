/// Where templates come from: the site's own `Templates/` first, then the defaults built into
/// the binary, file by file, so a site overrides one piece (a row, a footer) and keeps the rest.
public struct TemplateLibrary: Sendable {
    public struct Source: Sendable {
        public let text: String
        /// The path errors name: the site file, or `(built-in)/NAME` for a default.
        public let path: String
    }

    private let overrides: [String: Source]
    private let defaults: [String: Source]

    /// `overrides` and `defaults` map names such as `page.md.mustache` to their text;
    /// `overrideRoot` is the folder the overrides were read from.
    public init(overrides: [String: String], overrideRoot: String, defaults: [String: String]) {
        self.overrides = overrides.mapValues { $0 }.reduce(into: [:]) { result, entry in
            result[entry.key] = Source(text: entry.value, path: overrideRoot.isEmpty ? entry.key : overrideRoot + "/" + entry.key)
        }
        self.defaults = defaults.reduce(into: [:]) { result, entry in
            result[entry.key] = Source(text: entry.value, path: "(built-in)/" + entry.key)
        }
    }

    public func source(named name: String) -> Source? {
        overrides[name] ?? defaults[name]
    }

    /// The lookup a renderer uses for `{{> name}}` in a template of `format` (`md`, `html`):
    /// `partials/name.FORMAT.mustache`, then `name.FORMAT.mustache`, then `name` as given.
    public func partials(format: String) -> TemplateRenderer.PartialLookup {
        { name in
            for candidate in ["partials/\(name).\(format).mustache", "\(name).\(format).mustache", name] {
                if let found = source(named: candidate) { return (found.text, found.path) }
            }
            return nil
        }
    }
}
