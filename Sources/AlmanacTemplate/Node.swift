/// A parsed piece of a template.
indirect enum Node: Sendable {
    /// Literal text, kept as the UTF-8 it is written out as.
    case text([UInt8])
    case variable(Name, escaped: Bool)
    case section(Name, [Node], inverted: Bool)
    /// `{{>name}}`; a standalone partial indents every line of the partial.
    case partial(String, dynamic: Bool, indentation: String)
    /// `{{<name}}…{{/name}}`: renders `name` with these blocks overriding its own.
    case parent(String, dynamic: Bool, indentation: String, blocks: [String: Block])
    case block(Block)
}

/// `{{$name}}…{{/name}}`: default content in a template, or an override inside a parent tag.
///
/// Blocks keep their source as well as their nodes, because an override is re-indented to the
/// place where it is expanded (the specification's "block reindentation") and then parsed.
struct Block: Sendable {
    let name: String
    let nodes: [Node]
    let source: String
    let delimiters: Delimiters
    /// Whether the opening tag stood alone on its line.
    let isStandalone: Bool
    /// The indentation an override gets where this block is expanded.
    let siteIndent: String
    let path: String
    /// Tells this block apart from every other without comparing its source: the renderer
    /// caches an override's re-indented nodes under it.
    let identity = Identity()

    final class Identity: Sendable {}
}

/// A tag's name, split at its dots once when the template is parsed, not at every lookup.
struct Name: Sendable {
    let parts: [String]
    /// Each part's `TemplateObject.signature`, worked out once rather than at every lookup.
    let signatures: [UInt64]
    /// `{{.}}`: the current context itself.
    let isImplicit: Bool
    /// Where the tag is in its template, for a strict render's error (0 when not known).
    let line: Int
    let column: Int

    init(_ text: String, line: Int = 0, column: Int = 0) {
        self.line = line
        self.column = column
        isImplicit = text == "."
        parts = isImplicit ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        signatures = parts.map(TemplateObject.signature)
    }
}
