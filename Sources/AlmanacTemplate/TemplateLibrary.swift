import AlmanacCore

/// Where templates come from: the site's own `Templates/` first, then the defaults built into
/// the binary, file by file, so a site overrides one piece (a row, a footer) and keeps the rest.
public struct TemplateLibrary: Sendable {
    public struct Source: Sendable {
        public let text: String
        /// The path errors name: the site file, or `(built-in)/NAME` for a default.
        public let path: String
    }

    /// Whether templates render strictly: a name none of a view's values has is an error at its
    /// tag (see `TemplateRenderer.isStrict`).
    public let strictNames: Bool
    private let overrides: [String: Source]
    private let defaults: [String: Source]
    /// What has been parsed, shared by every copy of the library: its sources never change.
    private let parsed = Parsed()

    private final class Parsed: Sendable {
        let templates = Locked<[String: Template]>([:])
        let caches = Locked<[String: TemplateCache]>([:])
    }

    /// `overrides` and `defaults` map names such as `page.md.mustache` to their text;
    /// `overrideRoot` is the folder the overrides were read from.
    public init(overrides: [String: String], overrideRoot: String, defaults: [String: String], strictNames: Bool = false) {
        self.strictNames = strictNames
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

    /// The template `name` parsed, once for the whole build; nil when there is no such file.
    public func template(named name: String) throws(Diagnostic) -> Template? {
        if let cached = parsed.templates.withLock({ $0[name] }) { return cached }
        guard let source = source(named: name) else { return nil }
        let template = try Template(source.text, path: source.path)
        parsed.templates.withLock { $0[name] = template }
        return template
    }

    /// The cache for renderers of templates of `format`, which find partials through
    /// `partials(format:)`: one for the whole build.
    public func cache(format: String) -> TemplateCache {
        parsed.caches.withLock { caches in
            if let cache = caches[format] { return cache }
            let cache = TemplateCache()
            caches[format] = cache
            return cache
        }
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
