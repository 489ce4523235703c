import AlmanacCore

/// Renders templates against a context, finding partials and parents through a lookup.
///
/// Not shared between threads: each rendering task makes its own. What it parses goes into a
/// `TemplateCache`, which renderers using the same lookup may share.
public final class TemplateRenderer {
    /// Finds a partial's source by name; nil renders nothing, as the specification requires.
    public typealias PartialLookup = (String) -> (source: String, path: String)?

    public let contentType: ContentType
    /// Whether a name no context on the stack has is an error rather than empty. Mustache
    /// renders such a name as nothing; with views that name every field (an absent one as
    /// null), a name missing from all of them is a misspelling, which a strict render reports
    /// at its tag.
    public let isStrict: Bool
    private let lookup: PartialLookup
    private let cache: TemplateCache

    private var depth = 0

    /// Deeper partial nesting than this is an error: a partial that includes itself forever.
    public static let maximumDepth = 64

    /// `cache`: shared with other renderers only if their `partials` find the same sources.
    public init(contentType: ContentType, partials: @escaping PartialLookup, cache: TemplateCache = TemplateCache(), isStrict: Bool = false) {
        self.contentType = contentType
        self.isStrict = isStrict
        self.lookup = partials
        self.cache = cache
    }

    public func render(_ template: Template, _ context: TemplateValue) throws(Diagnostic) -> String {
        try render(template, contexts: [context])
    }

    /// Renders with a stack of contexts, innermost last: names missing from one are looked up
    /// in the one below, as in a section. Values many renders share can sit in a lower context
    /// built once.
    public func render(_ template: Template, contexts: [TemplateValue]) throws(Diagnostic) -> String {
        String(decoding: try renderBytes(template, contexts: contexts), as: UTF8.self)
    }

    /// The rendering as UTF-8 bytes, which is what gets written: appending bytes skips the
    /// bookkeeping a growing String does, and the file needs no conversion afterwards.
    ///
    /// `capacity` is a guess at the size: a guess too large costs no memory (pages of a large
    /// allocation are only resident once written), one too small costs a copy per doubling.
    public func renderBytes(_ template: Template, contexts: [TemplateValue], capacity: Int = 4096) throws(Diagnostic) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        var stack = contexts
        try render(template.nodes, &stack, overrides: [:], into: &output, path: template.path)
        return output
    }


    private func partial(_ name: String, indentation: String, path: String) throws(Diagnostic) -> Template? {
        let key = TemplateCache.PartialKey(name: name, indentation: indentation)
        if let cached = cache.partial(key) { return cached }
        guard let found = lookup(name) else { return nil }
        let template = try Template(Self.indent(found.source, by: indentation, includingFirstLine: true), path: found.path)
        cache.store(template, for: key)
        return template
    }

    /// Prefixes every line of `text` with `indentation` (not the empty end after a final newline).
    static func indent(_ text: String, by indentation: String, includingFirstLine: Bool) -> String {
        guard !indentation.isEmpty, !text.isEmpty else { return text }
        let lines = splitLines(text)
        var result = ""
        for (index, line) in lines.enumerated() {
            if index > 0 || includingFirstLine { result += indentation }
            result += line
        }
        return result
    }

    /// Lines with their line breaks (`\n` or `\r\n`), split on scalars so that `\r\n`, one
    /// Character in Swift, still counts as a break.
    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.unicodeScalars.startIndex
        var index = start
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            index = text.unicodeScalars.index(after: index)
            if scalar == "\n" {
                lines.append(Substring(text.unicodeScalars[start..<index]))
                start = index
            }
        }
        if start < text.unicodeScalars.endIndex { lines.append(Substring(text.unicodeScalars[start...])) }
        return lines
    }

    private func lookupValue(_ name: Name, _ stack: [TemplateValue], path: String) throws(Diagnostic) -> TemplateValue {
        if name.isImplicit { return stack.last ?? .null }
        guard let first = name.parts.first else { return .null }
        var found: TemplateValue?
        // By index from the top: iterating `stack.reversed()` copied (and retained) every
        // context it passed, for every tag of every page.
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let object) = stack[level], let value = object.value(named: first, signature: name.signatures[0]) {
                found = value
                break
            }
            level -= 1
        }
        guard var value = found else {
            if isStrict { throw unknown(name, part: 0, path: path) }
            return .null
        }
        for index in name.parts.indices.dropFirst() {
            guard case .object(let object) = value else { return .null }
            guard let next = object.value(named: name.parts[index], signature: name.signatures[index]) else {
                if isStrict { throw unknown(name, part: index, path: path) }
                return .null
            }
            value = next
        }
        return value
    }

    private func unknown(_ name: Name, part: Int, path: String) -> Diagnostic {
        let shown = name.parts[...part].joined(separator: ".")
        return .error(
            at: SourceLocation(path: path, line: max(name.line, 1), column: max(name.column, 1)),
            "no value named '\(shown)' here", hint: "the template reads a name that none of its values has; is it misspelt?")
    }

    private func render(
        _ nodes: [Node], _ stack: inout [TemplateValue], overrides: [String: Block],
        into output: inout [UInt8], path: String
    ) throws(Diagnostic) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text)
            case .variable(let name, let escaped):
                let text = try lookupValue(name, stack, path: path).interpolated
                if escaped { contentType.appendEscaped(text, &output) } else { output.append(contentsOf: text.utf8) }
            case .section(let name, let children, let inverted):
                try renderSection(try lookupValue(name, stack, path: path), children, inverted: inverted, &stack, overrides: overrides, into: &output, path: path)
            case .partial(let name, let dynamic, let indentation):
                guard let resolved = try resolve(name, dynamic: dynamic, stack, path: path),
                      let template = try partial(resolved, indentation: indentation, path: path)
                else { continue }
                try descend(path) { () throws(Diagnostic) in
                    try render(template.nodes, &stack, overrides: overrides, into: &output, path: template.path)
                }
            case .parent(let name, let dynamic, let indentation, let blocks):
                guard let resolved = try resolve(name, dynamic: dynamic, stack, path: path),
                      let template = try partial(resolved, indentation: indentation, path: path)
                else { continue }
                // Outer overrides win: the most derived template has the last word.
                let merged = overrides.isEmpty ? blocks : blocks.merging(overrides) { _, outer in outer }
                try descend(path) { () throws(Diagnostic) in
                    try render(template.nodes, &stack, overrides: merged, into: &output, path: template.path)
                }
            case .block(let block):
                guard let override = overrides[block.name] else {
                    try render(block.nodes, &stack, overrides: overrides, into: &output, path: path)
                    continue
                }
                let nodes: [Node]
                if override.isStandalone {
                    nodes = try reindented(override, to: block)
                } else {
                    nodes = override.nodes
                }
                try render(nodes, &stack, overrides: overrides, into: &output, path: override.path)
            }
        }
    }

    /// A section's children: once for each item of a list, once over any other truthy value,
    /// or (inverted) once when the value is falsy.
    private func renderSection(
        _ value: TemplateValue, _ children: [Node], inverted: Bool, _ stack: inout [TemplateValue], overrides: [String: Block],
        into output: inout [UInt8], path: String
    ) throws(Diagnostic) {
        if inverted || value.isFalsy {
            if inverted && value.isFalsy { try render(children, &stack, overrides: overrides, into: &output, path: path) }
            return
        }
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                try render(children, &stack, overrides: overrides, into: &output, path: path)
                stack.removeLast()
            }
        } else if case .lazyList(let list) = value {
            for index in 0..<list.count {
                stack.append(list.item(index))
                try render(children, &stack, overrides: overrides, into: &output, path: path)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try render(children, &stack, overrides: overrides, into: &output, path: path)
            stack.removeLast()
        }
    }

    /// An override's lines lose the indentation they had where they were written and gain the
    /// indentation of the block they replace.
    private func reindented(_ override: Block, to site: Block) throws(Diagnostic) -> [Node] {
        let key = TemplateCache.ReindentKey(override: ObjectIdentifier(override.identity), siteIndent: site.siteIndent, siteIsStandalone: site.isStandalone)
        if let cached = cache.reindented(key) { return cached }
        let definitionIndent = override.source.leadingWhitespace
        let lines = Self.splitLines(override.source).map { line in
            line.hasPrefix(definitionIndent) ? line.dropFirst(definitionIndent.count) : line
        }
        var text = ""
        for (index, line) in lines.enumerated() {
            if index > 0 || site.isStandalone { text += site.siteIndent }
            text += line
        }
        var parser = TemplateParser(source: text, path: override.path, delimiters: override.delimiters)
        let nodes = try parser.parse()
        cache.store(nodes, reindenting: override.identity, for: key)
        return nodes
    }

    private func resolve(_ name: String, dynamic: Bool, _ stack: [TemplateValue], path: String) throws(Diagnostic) -> String? {
        guard dynamic else { return name }
        let value = try lookupValue(Name(name), stack, path: path)
        guard case .string(let resolved) = value, !resolved.isEmpty else { return nil }
        return resolved
    }

    private func descend(_ path: String, _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw .error(at: SourceLocation(path: path), "partials nest more than \(Self.maximumDepth) deep", hint: "a partial probably includes itself")
        }
        try body()
    }
}
